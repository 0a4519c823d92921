import { isPlausibleService, QRID_PATTERN, type QueryParams } from '../lib/query-rules.ts';
import { isAllowedHost } from '../lib/redirect-hosts.ts';
import { parseSafeUrl } from '../lib/safe-url.ts';
import { RESOLVER_SERVICE, takesPayments } from '../lib/services.ts';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';

/**
 * The one rule of whether and where the sign-in starts (spec §2, §5), before the visitor types
 * anything. Both sides of the page apply it: the page's first script to a service entry it has
 * only checked cheaply (first-view.ts), to reveal the pre-rendered view; the app to the entry
 * the full schema has checked (startup.ts), which decides. A leaf of the first script's chunk:
 * it says why in a word, and the app puts the word into a sentence for the console.
 */

/** What the build baked into this page: its brand (`<html data-brand>`) and its redirect hosts. */
export interface PageFacts {
  /** Undefined on the neutral development page. */
  brand?: string | undefined;
  /** Read once from the page's meta tag (src/start-config.ts): a page without them allows no host. */
  redirectHosts: readonly string[];
}

/** What the rule reads of a service's entry in the config. */
export interface ServiceFacts {
  loginMethods: Readonly<Record<LoginMethod, boolean>>;
  redirectUrl?: string | undefined;
}

export type StartRefusal =
  | { reason: 'service' | 'unknown' | 'invalid' | 'no-qrid' | 'qrid' | 'no-redirect' | 'payment' }
  | { reason: 'redirect-host'; host: string };

export type StartDecision<S extends ServiceFacts = ServiceFacts> =
  | ({ ok: false } & StartRefusal)
  | {
      ok: true;
      service: S;
      qrId: string | undefined;
      /** The `method` parameter, valid and enabled: the flow starts on its view 1. */
      method: LoginMethod | undefined;
    };

/**
 * The rule itself. `lookup` finds the service's entry, or says it is unknown or not valid. The
 * token goes to the service's own redirectUrl, one of the page's hosts; the MWS is no fallback
 * (decision 013). A page's policy names PayPal only when its own brand can pay, so another
 * brand's page refuses a service that can end in a payment before anything shows.
 */
export function decideStart<S extends ServiceFacts>(
  query: QueryParams,
  lookup: (key: string) => S | 'unknown' | 'invalid',
  page: PageFacts,
): StartDecision<S> {
  const key = query.service;
  if (!isPlausibleService(key)) return { ok: false, reason: 'service' };
  const service = lookup(key);
  if (typeof service === 'string') return { ok: false, reason: service };
  const resolves = key === RESOLVER_SERVICE;
  const qrId = resolves && query.qrid?.trim() ? query.qrid : undefined;
  if (resolves && !qrId) return { ok: false, reason: 'no-qrid' };
  if (qrId && !QRID_PATTERN.test(qrId)) return { ok: false, reason: 'qrid' };
  if (!resolves) {
    const redirect = service.redirectUrl && parseSafeUrl(service.redirectUrl);
    if (!redirect) return { ok: false, reason: 'no-redirect' };
    if (!isAllowedHost(redirect, page.redirectHosts))
      return { ok: false, reason: 'redirect-host', host: redirect.host };
  }
  if (takesPayments(key) && page.brand && !takesPayments(page.brand)) return { ok: false, reason: 'payment' };
  const named = LOGIN_METHODS.find((m) => m === query.method);
  // Spec §2, §8: an unknown or disabled method is only logged (by the app): view 0, as without one.
  const method = named && service.loginMethods[named] ? named : undefined;
  return { ok: true, service, qrId, method };
}
