import type { ServiceConfig } from '../features/config/api/get-config.ts';
import type { SentCode } from '../features/send-code/send-phone-code.ts';
import type { ValueInput } from '../features/send-code/send-code-view.tsx';
import type { CodeChannel } from '../features/verify/code-channel.ts';
import type { CodeTexts } from '../features/verify/verify-view.tsx';
import type { Outcome } from '../lib/api-client.ts';
import { toE164 } from '../lib/phone-number.ts';
import { canonicalAddress, canonicalIdentifier, type Canonical } from '../lib/canonical-value.ts';
import { CODE_LIFETIME_MINUTES } from '../lib/limits.ts';
import type { LoginMethod } from '../types/login-method.ts';
import { loadSendPhoneCode, loadSendStep, loadVerifyFirebaseCode } from './lazy-steps.ts';

/** Loads a chunk a step needs now; see `needed` in useLoginFlow. */
export type LoadNeeded = <T>(load: () => Promise<T>) => Promise<T>;

export interface SendRequest {
  service: ServiceConfig;
  sentTo: string;
  /** Where reCAPTCHA draws itself; null when the view has no container. */
  captchaContainer: HTMLElement | null;
  needed: LoadNeeded;
}

/** What every method has: view 1's title, and the chunks view 1 fetches while the visitor is on it. */
interface MethodBase {
  /** View 1's heading and the document title's name of it. */
  title: string;
  /**
   * The chunks view 1 fetches for this method while the visitor types, besides every method's.
   * A function, so a method's chunks (Firebase's) start loading only once it is chosen.
   */
  prefetch: () => Promise<unknown>[];
}

/** A method that sends a 6-digit code to a value the visitor types on view 1 (spec §3 to §5). */
export interface CodeMethod extends MethodBase {
  kind: 'code';
  /** View 1's field: its label, name, keyboard and autofill hints, and a dialling prefix beside it. */
  input: ValueInput;
  /**
   * What the code goes to, from what the visitor typed into view 1: the one form that the send,
   * the check, view 2, the resend cooldown and a reload all hold.
   */
  recipient: (loginValue: string, countryPrefix: string) => string;
  /** View 2 names the recipient as it went out (an E.164 number), not as typed. */
  showsRecipient: boolean;
  /** Sending needs reCAPTCHA's container on the page: on view 1, and on view 2 for a resend. */
  captcha: boolean;
  send: (request: SendRequest) => Promise<Outcome<SentCode>>;
  /** Who verifies the code, by how it went out. */
  channel: (sentViaFirebase: boolean) => CodeChannel;
  /** View 2's texts: where the code went, how long it lasts, and how to change the value. */
  texts: CodeTexts;
  /** A value of the kind the visitor types, for the brand preview's views. */
  example: string;
}

/**
 * A method without a code: view 1 holds one button, and its sign-in answers with the token
 * (or the refusal, which view 1 shows like a send's). None of the spec's three is one.
 */
export interface DirectMethod extends MethodBase {
  kind: 'direct';
  /** The button's text. */
  action: string;
  signIn: (request: { service: ServiceConfig; needed: LoadNeeded }) => Promise<Outcome<string>>;
}

/** Everything that differs between the ways to sign in. */
export type LoginMethodRules = CodeMethod | DirectMethod;

/**
 * The mail route's recipient: the value's canonical form (canonical-value.ts), by which the MWS
 * keys its limits and locks. A value without one (an invisible character, or no mailbox) stays as
 * typed, for `send` to refuse.
 */
const canonicalOrTyped =
  (canonical: (value: string) => Canonical) =>
  (loginValue: string): string => {
    const recipient = canonical(loginValue);
    return recipient.ok ? recipient.value : loginValue;
  };

/** Why a value has no canonical form, as the visitor is told (messages.ts). */
const REFUSED = { 'invisible-character': 'AM03', 'not-a-mailbox': 'AM04' } as const;

const MAIL_LIFETIME = `Der Code ist ${CODE_LIFETIME_MINUTES} Minuten gültig. Keine E-Mail erhalten? Sieh bitte auch im Spam-Ordner nach.`;

/** An address, or an EDP-Kennung, which the MWS resolves to the address it belongs to. */
const byMailRoute = (
  canonical: (value: string) => Canonical,
): Pick<
  CodeMethod,
  'kind' | 'recipient' | 'showsRecipient' | 'captcha' | 'send' | 'channel' | 'prefetch'
> => ({
  kind: 'code',
  recipient: canonicalOrTyped(canonical),
  // As the visitor typed it: the canonical form may spell a domain in punycode.
  showsRecipient: false,
  captcha: false,
  // The MWS's mail route (send-step.ts), which view 1 prefetches. A recipient with no canonical
  // form is refused before anything loads or goes out (AM03, AM04).
  send: async (request) => {
    const checked = canonical(request.sentTo);
    return checked.ok
      ? (await request.needed(loadSendStep)).sendByMail(request)
      : { ok: false, code: REFUSED[checked.reason] };
  },
  channel: () => 'mws-mail',
  prefetch: () => [],
});

/**
 * Where a method is made: one row per name of LOGIN_METHODS (src/types/login-method.ts), which
 * tsc asks for. A row holds the method's rules, its texts, its input hints and what it loads; its
 * `kind` says whether it sends a code. The views, the flow, the pre-rendered page and the preview
 * take what they show from here.
 */
export const LOGIN_METHOD_RULES: Record<LoginMethod, LoginMethodRules> = {
  mail: {
    ...byMailRoute(canonicalAddress),
    title: 'Mit E-Mail-Adresse anmelden',
    input: { type: 'email', autoComplete: 'email', inputMode: 'email', countryPrefix: false },
    texts: {
      sentTo: ['Wir haben einen 6-stelligen Code an', 'gesendet.'],
      lifetime: MAIL_LIFETIME,
      change: 'E-Mail-Adresse ändern',
    },
    example: 'erika.mustermann@example.de',
  },
  number: {
    kind: 'code',
    title: 'Mit Telefonnummer anmelden',
    input: { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', countryPrefix: true },
    recipient: (loginValue, countryPrefix) => toE164(countryPrefix, loginValue),
    showsRecipient: true,
    captcha: true,
    // Firebase sends the SMS, the MWS's SMS route when Firebase refuses (send-phone-code.ts).
    send: async ({ service, sentTo, captchaContainer, needed }) => {
      const phone = await needed(loadSendPhoneCode);
      if (!captchaContainer) return { ok: false, code: 'AN01' };
      return phone.sendPhoneCode(service, sentTo, captchaContainer);
    },
    channel: (sentViaFirebase) => (sentViaFirebase ? 'firebase' : 'mws-sms'),
    prefetch: () => [loadSendPhoneCode(), loadVerifyFirebaseCode()],
    texts: {
      sentTo: ['Wir haben einen 6-stelligen Code per SMS an', 'gesendet.'],
      lifetime: 'Der Code ist nur einige Minuten gültig.',
      change: 'Telefonnummer ändern',
    },
    example: '+491701234567',
  },
  edp: {
    ...byMailRoute(canonicalIdentifier),
    title: 'Mit EDP-Kennung anmelden',
    input: { type: 'text', autoComplete: 'username', inputMode: 'text', countryPrefix: false },
    texts: {
      sentTo: [
        'Wir haben einen 6-stelligen Code an die E-Mail-Adresse gesendet, die für die EDP-Kennung',
        'hinterlegt ist.',
      ],
      lifetime: MAIL_LIFETIME,
      change: 'EDP-Kennung ändern',
    },
    example: 'MUSTER4711',
  },
};

/** A method's row when it sends a code; undefined for one that signs in directly. */
export function codeMethod(method: LoginMethod | undefined): CodeMethod | undefined {
  const rules = method && LOGIN_METHOD_RULES[method];
  return rules?.kind === 'code' ? rules : undefined;
}

/** What view 1 shows of a method: its heading, its field (none without a code) and its button's text. */
export function viewOneOf(method: LoginMethod) {
  const rules = LOGIN_METHOD_RULES[method];
  return {
    title: rules.title,
    input: rules.kind === 'code' ? rules.input : undefined,
    action: rules.kind === 'direct' ? rules.action : undefined,
  };
}
