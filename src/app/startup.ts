import { findService, type Config, type ServiceConfig } from '../features/config/api/get-config.ts';
import { isAllowedHost } from '../lib/redirect-hosts.ts';
import { parseSafeUrl } from '../lib/safe-redirect.ts';
import { RESOLVER_SERVICE, takesPayments } from '../lib/services.ts';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';

export interface QueryParams {
  service: string | undefined;
  qrid: string | undefined;
  method: string | undefined;
}

/** The parameters the page uses; others, such as the appid links carry, are ignored (spec §2). */
export function readQuery(search: string): QueryParams {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name) ?? undefined;
  return { service: read('service'), qrid: read('qrid'), method: read('method') };
}

/**
 * A QR id the payment can carry: PayPal's custom_id takes at most 127 characters, and the id also
 * travels in a path segment and a form field, so printable ASCII without spaces.
 */
export const QRID_PATTERN = /^[\x21-\x7e]{1,127}$/;

/** Spec §5: the service parameter must be longer than 2 characters, before anything is fetched. */
export function isPlausibleService(service: string | undefined): service is string {
  return service !== undefined && service.length > 2;
}

/** What the build baked into this page: its brand (`<html data-brand>`) and its redirect hosts. */
export interface PageFacts {
  brand?: string | undefined;
  redirectHosts?: readonly string[] | undefined;
}

export type Startup =
  | { ok: false; error: string }
  | {
      ok: true;
      serviceKey: string;
      service: ServiceConfig;
      qrId: string | undefined;
      method: LoginMethod | undefined;
      /** Logged, not shown: the method parameter was there but cannot be used. */
      warning: string | undefined;
    };

/**
 * Decides from the query and the config whether and where the flow starts (spec §2, §5), before
 * the visitor types anything. `page.brand` is the brand baked into this page, whose policy the
 * build wrote for that brand alone; undefined on the neutral development page. A development page
 * with a brand has no policy, but refuses what the built page would, so the difference shows there.
 */
export function decideStartup(query: QueryParams, config: Config, page: PageFacts = {}): Startup {
  const pageBrand = page.brand;
  const key = query.service;
  if (!isPlausibleService(key))
    return { ok: false, error: `Invalid service parameter: ${JSON.stringify(key)}` };
  const found = findService(config, key);
  if (!found.ok) {
    return {
      ok: false,
      error: `Service ${JSON.stringify(key)} is ${found.reason === 'unknown' ? 'unknown' : 'misconfigured'}`,
    };
  }
  const qrId = query.qrid?.trim() ? query.qrid : undefined;
  if (key === RESOLVER_SERVICE && qrId === undefined) {
    return { ok: false, error: `Service ${key} needs a qrid parameter` };
  }
  if (key === RESOLVER_SERVICE && qrId !== undefined && !QRID_PATTERN.test(qrId)) {
    return {
      ok: false,
      error: `Invalid qrid parameter (${qrId.length} characters): a payment carries at most 127 printable ASCII characters without spaces`,
    };
  }
  // The token goes to the service's own redirectUrl; the MWS is no fallback (decision 013).
  if (key !== RESOLVER_SERVICE) {
    const redirect =
      found.service.redirectUrl === undefined ? undefined : parseSafeUrl(found.service.redirectUrl);
    if (!redirect) return { ok: false, error: `Service ${key} has no redirectUrl to send the visitor to` };
    if (!isAllowedHost(redirect, page.redirectHosts)) {
      return {
        ok: false,
        error: `Service ${key} redirects to ${redirect.host}, which is not one of this page's redirect hosts`,
      };
    }
  }
  // A page's policy names PayPal only when its own brand can pay: another brand's page would let
  // the visitor sign in and then block the payment, so it refuses before anything is shown.
  if (takesPayments(key) && pageBrand !== undefined && !takesPayments(pageBrand)) {
    return {
      ok: false,
      error: `Service ${key} can end in a payment, which the page of ${pageBrand} does not allow: open ${key}'s own page`,
    };
  }
  const { method, warning } = pickMethod(query.method, found.service);
  return {
    ok: true,
    serviceKey: key,
    service: found.service,
    qrId: key === RESOLVER_SERVICE ? qrId : undefined,
    method,
    warning,
  };
}

function pickMethod(
  requested: string | undefined,
  service: ServiceConfig,
): { method: LoginMethod | undefined; warning: string | undefined } {
  if (requested === undefined) return { method: undefined, warning: undefined };
  const method = LOGIN_METHODS.find((m) => m === requested);
  if (!method)
    return { method: undefined, warning: `Invalid method parameter: ${JSON.stringify(requested)}` };
  if (!service.loginMethods[method])
    return { method: undefined, warning: `Method ${method} is not enabled for this service` };
  return { method, warning: undefined };
}

export function enabledMethods(service: ServiceConfig): LoginMethod[] {
  return LOGIN_METHODS.filter((method) => service.loginMethods[method]);
}
