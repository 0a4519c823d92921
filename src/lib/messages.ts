import { firstViewMessages } from './first-view-messages.ts';
import { CODE_LENGTH } from './limits.ts';

/**
 * Every German text of the page, the spec's own strings verbatim where it gives them, but for a
 * login method's own, which its row holds (src/app/login-methods.ts, src/types/login-method.ts).
 */
export const messages = {
  ...firstViewMessages,
  countryPrefix: 'Ländervorwahl',
  signIn: 'Anmelden',
  otherMethod: 'Andere Anmeldemethode verwenden',
  enterCode: 'Bestätigungscode eingeben',
  codeLabel: 'Bestätigungscode',
  verify: 'Verifizieren',
  resend: 'Code erneut senden',
  /** The wait before a new code may be asked for: seconds for the cooldown, minutes for a lock. */
  resendIn: (seconds: number) =>
    seconds > 90
      ? `Code erneut senden (in ${Math.ceil(seconds / 60)} min)`
      : `Code erneut senden (${seconds} s)`,
  payTitle: 'Zu bezahlender Betrag für A-Ident freischaltung',
  paymentFailed: 'Bei der Bearbeitung Ihrer Bestellung ist ein Fehler aufgetreten!',
  paymentUnavailable: 'Die Zahlung konnte nicht geladen werden. Bitte versuche es später erneut.',
  /** The detail after paymentFailed when PayPal's capture answer has no id to pass on. */
  paymentWithoutId: '(keine Zahlungsnummer erhalten)',
  pleaseWait: 'Bitte warten...',
  /** The code field refused a paste or input of more digits than a code has. */
  codeTooLong: `Der Code hat ${CODE_LENGTH} Ziffern. Bitte gib nur den Code ein.`,
  /** The start of the document title while an error shows (GOV.UK's pattern). */
  errorTitle: 'Fehler: ',
  /** Told politely in the view's status region, not errors. */
  notices: {
    codeResent: 'Neuer Code gesendet. Ältere Codes gelten nicht mehr.',
    waitOver: 'Du kannst jetzt einen neuen Code anfordern.',
    paymentInterrupted:
      'Die Seite wurde während der Zahlung neu geladen. Aus Sicherheitsgründen beginnt die Anmeldung neu: Bitte fordere einen neuen Code an.',
  },
} as const;

export type Notice = keyof typeof messages.notices;

/** The spec's text for every failure the visitor can only retry. */
const TRY_AGAIN = 'Es ist ein Fehler aufgetreten! Bitte versuche es erneut.';

/** The spec's error catalogue, and the codes of our own: every code and the text shown inline for it. */
export const errorTexts = {
  AM01: TRY_AGAIN,
  AM02: TRY_AGAIN,
  // Not the spec's, added by issue 36: an address or EDP-Kennung with characters nobody sees
  // (canonical-value.ts), refused before sending. Typing it again leaves them out.
  AM03: 'Die Eingabe enthält unsichtbare Zeichen, etwa aus einer kopierten Adresse. Bitte gib sie noch einmal von Hand ein.',
  // Not the spec's, added by issue 36: anything but one address (a name, a list, no domain)
  // would reach another mailbox than the visitor's, or several.
  AM04: 'Bitte gib eine vollständige E-Mail-Adresse ein, etwa name@beispiel.de.',
  AN01: TRY_AGAIN,
  AN02: TRY_AGAIN,
  AN03: TRY_AGAIN,
  AN04: TRY_AGAIN,
  VM01: 'Bitte prüfe deine Eingabe und versuche es erneut.',
  // Not the spec's, added by issue 34: the MWS says why it refused a code that was not wrong.
  VE01: `Dieser Code ist nicht mehr gültig. Bitte fordere mit „${messages.resend}“ einen neuen Code an.`,
  VR01: 'Dieser Code wurde durch einen neueren ersetzt. Bitte gib den Code aus der zuletzt gesendeten Nachricht ein.',
  // Not the spec's, added by issue 34: a number that cannot be a phone number, refused before sending.
  AN05: 'Diese Telefonnummer ist ungültig. Bitte prüfe die Ländervorwahl und die Nummer.',
  VM02: TRY_AGAIN,
  VN02: TRY_AGAIN,
  VN05: TRY_AGAIN,
  // Not the spec's: added by issue 14. The value is locked after too many wrong codes (the MWS's
  // HTTP 429, or Firebase's too-many-requests): no code helps until the lock ends (waitTexts).
  VL01: 'Zu viele Versuche. Bitte warte einige Minuten und versuche es dann erneut.',
  // Not the spec's: added by issue 25. A send the MWS answers with HTTP 429: too many codes for this
  // value or from this client. Another try now cannot help, one later can.
  AL01: 'Es wurden zu viele Codes angefordert. Bitte versuche es später erneut.',
} as const;

export type ErrorCode = keyof typeof errorTexts;

/** The texts of the refusals that last a while, when the server says until when (issue 34). */
const waitTexts: Partial<Record<ErrorCode, (until: string) => string>> = {
  VL01: (until) => `Zu viele falsche Codes. Aus Sicherheitsgründen ist die Anmeldung bis ${until} gesperrt.`,
  AL01: (until) => `Es wurden zu viele Codes angefordert. Ein neuer Code ist ab ${until} möglich.`,
};

/** Errors that say the value typed is wrong, so its field is marked invalid; the rest are not its fault. */
export const VALUE_ERRORS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'VM01',
  'VR01',
  'AN05',
  'AM03',
  'AM04',
]);

/** The text shown for an error; with `until` (epoch ms), the time it ends and how far that is. */
export function errorText(code: ErrorCode, until?: number, now = Date.now()): string {
  const withTime = waitTexts[code];
  if (until === undefined || !withTime) return errorTexts[code];
  const clock = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' }).format(until);
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return withTime(`${clock} Uhr (in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`})`);
}
