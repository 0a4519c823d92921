import { firstViewMessages } from './first-view-messages.ts';

/** Every German text of the page, the spec's own strings verbatim where it gives them. */
export const messages = {
  ...firstViewMessages,
  signInWith: {
    mail: 'Mit E-Mail-Adresse anmelden',
    number: 'Mit Telefonnummer anmelden',
    edp: 'Mit EDP-Kennung anmelden',
  },
  countryPrefix: 'Vorwahl',
  signIn: 'Anmelden',
  otherMethod: 'Andere Anmeldemethode verwenden',
  enterCode: 'Bestätigungscode eingeben',
  codeLabel: 'Bestätigungscode',
  codeSentTo: 'Wir haben einen 6-stelligen Code gesendet an',
  verify: 'Verifizieren',
  resend: 'Code erneut senden',
  resendIn: (seconds: number) => `Code erneut senden (${seconds} s)`,
  change: { mail: 'E-Mail-Adresse ändern', number: 'Telefonnummer ändern', edp: 'EDP-Kennung ändern' },
  payTitle: 'Zu bezahlender Betrag für A-Ident freischaltung',
  paymentFailed: 'Bei der Bearbeitung Ihrer Bestellung ist ein Fehler aufgetreten!',
  paymentUnavailable: 'Die Zahlung konnte nicht geladen werden. Bitte versuche es später erneut.',
  /** The detail after paymentFailed when PayPal's capture answer has no id to pass on. */
  paymentWithoutId: '(keine Zahlungsnummer erhalten)',
  pleaseWait: 'Bitte warten...',
} as const;

/** The spec's text for every failure the visitor can only retry. */
const TRY_AGAIN = 'Es ist ein Fehler aufgetreten! Bitte versuche es erneut.';

/** The spec's error catalogue, and the codes of our own: every code and the text shown inline for it. */
export const errorTexts = {
  AM01: TRY_AGAIN,
  AM02: TRY_AGAIN,
  AN01: TRY_AGAIN,
  AN02: TRY_AGAIN,
  AN03: TRY_AGAIN,
  AN04: TRY_AGAIN,
  VM01: 'Bitte prüfe deine Eingabe und versuche es erneut.',
  VM02: TRY_AGAIN,
  VN02: TRY_AGAIN,
  VN05: TRY_AGAIN,
  // Not the spec's: added by issue 14. The code check is locked (the MWS's HTTP 429 after too many
  // wrong codes, or Firebase's too-many-requests); the same code again cannot help, a new one can.
  VL01: `Du hast es zu oft versucht. Bitte warte einen Moment und fordere dann mit „${messages.resend}“ einen neuen Code an.`,
  // Not the spec's: added by issue 25. A send the MWS answers with HTTP 429: too many codes for this
  // value or from this client, or the value is locked. Another try now cannot help, one later can.
  AL01: 'Es wurden zu viele Codes angefordert. Bitte versuche es später erneut.',
} as const;

export type ErrorCode = keyof typeof errorTexts;
