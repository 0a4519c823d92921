/**
 * The spec's own strings (SPEC.md, §2 and §8), as the tests and the browser suite assert them:
 * written once here, copied from the spec and not from src/, so that a text the page changes
 * by mistake fails the tests that look for it. The page's texts that are not the spec's are the
 * page's to say (src/lib/messages.ts); the tests take those from there.
 */
export const SPEC_TEXTS = {
  /** View 0's title. */
  chooseMethod: 'Anmeldemethode wählen',
  /** The methods view 0 lists. */
  methods: { mail: 'E-Mail-Adresse', number: 'Telefonnummer', edp: 'EDP-Kennung' },
  /** View 1's buttons. */
  signIn: 'Anmelden',
  otherMethod: 'Andere Anmeldemethode verwenden',
  /** View 2's title and button. */
  enterCode: 'Bestätigungscode eingeben',
  verify: 'Verifizieren',
  /** View 3's title. */
  payTitle: 'Zu bezahlender Betrag für A-Ident freischaltung',
  /** View 4. */
  pleaseWait: 'Bitte warten...',
  /** AM01, AM02, AN01 to AN04, and the generic text of VM02, VN02 and VN05. */
  tryAgain: 'Es ist ein Fehler aufgetreten! Bitte versuche es erneut.',
  /** VM01: a wrong code. */
  wrongCode: 'Bitte prüfe deine Eingabe und versuche es erneut.',
  /** The payment's alert, before its detail. */
  paymentFailed: 'Bei der Bearbeitung Ihrer Bestellung ist ein Fehler aufgetreten!',
  /** The footer's links. */
  imprint: 'Impressum',
  privacy: 'Datenschutz',
} as const;
