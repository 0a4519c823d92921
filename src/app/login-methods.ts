import type { ServiceConfig } from '../features/config/api/get-config.ts';
import type { SentCode } from '../features/send-code/send-phone-code.ts';
import type { CodeChannel } from '../features/verify/code-channel.ts';
import type { Outcome } from '../lib/api-client.ts';
import { toE164 } from '../lib/phone-number.ts';
import { canonicalAddress, canonicalIdentifier, type Canonical } from '../lib/canonical-value.ts';
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

/** Everything that differs between the ways to sign in. */
export interface LoginMethodRules {
  /**
   * What the code goes to, from what the visitor typed into view 1: the one form that the send,
   * the check, view 2, the resend cooldown and a reload all hold.
   */
  recipient: (loginValue: string, countryPrefix: string) => string;
  /** View 1 asks for a dialling prefix beside the value. */
  countryPrefix: boolean;
  /** Sending needs reCAPTCHA's container on the page: on view 1, and on view 2 for a resend. */
  captcha: boolean;
  send: (request: SendRequest) => Promise<Outcome<SentCode>>;
  /** Who verifies the code, by how it went out. */
  channel: (sentViaFirebase: boolean) => CodeChannel;
  /**
   * The chunks view 1 fetches for this method while the visitor types, besides every method's.
   * A function, so a method's chunks (Firebase's) start loading only once it is chosen.
   */
  prefetch: () => Promise<unknown>[];
}

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

/** An address, or an EDP-Kennung, which the MWS resolves to the address it belongs to. */
const byMailRoute = (canonical: (value: string) => Canonical): LoginMethodRules => ({
  recipient: canonicalOrTyped(canonical),
  countryPrefix: false,
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
 * Where a new login method goes: one row per method. Adding a method to LoginMethod makes tsc ask
 * for its row here, its texts (messages.ts) and its input hints
 * (send-code-view.tsx).
 */
export const LOGIN_METHOD_RULES: Record<LoginMethod, LoginMethodRules> = {
  mail: byMailRoute(canonicalAddress),
  number: {
    recipient: (loginValue, countryPrefix) => toE164(countryPrefix, loginValue),
    countryPrefix: true,
    captcha: true,
    // Firebase sends the SMS, the MWS's SMS route when Firebase refuses (send-phone-code.ts).
    send: async ({ service, sentTo, captchaContainer, needed }) => {
      const phone = await needed(loadSendPhoneCode);
      if (!captchaContainer) return { ok: false, code: 'AN01' };
      return phone.sendPhoneCode(service, sentTo, captchaContainer);
    },
    channel: (sentViaFirebase) => (sentViaFirebase ? 'firebase' : 'mws-sms'),
    prefetch: () => [loadSendPhoneCode(), loadVerifyFirebaseCode()],
  },
  edp: byMailRoute(canonicalIdentifier),
};
