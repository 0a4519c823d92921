import {
  findService,
  getConfig,
  type Config,
  type ServiceConfig,
} from '../features/config/api/get-config.ts';
import { isAllowedHost } from '../lib/redirect-hosts.ts';
import { parseSafeUrl } from '../lib/safe-url.ts';
import { RESOLVER_SERVICE, takesPayments } from '../lib/services.ts';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';
import { isPlausibleService, QRID_PATTERN, type QueryParams } from '../lib/query-rules.ts';

/** What the build baked into this page: its brand (`<html data-brand>`) and its redirect hosts. */
export interface PageFacts {
  brand?: string | undefined;
  /** As the page's first script read them (first-view.ts): a page without them allows no host. */
  redirectHosts: readonly string[];
}

export type Startup =
  | { ok: false; error: string }
  | {
      ok: true;
      serviceKey: string;
      service: ServiceConfig;
      qrId: string | undefined;
      method: LoginMethod | undefined;
      /** A method parameter that is unknown or disabled: only logged, the page starts on view 0. */
      ignoredMethod?: string;
    };

/**
 * Decides from the query and the config whether and where the flow starts (spec §2, §5), before
 * the visitor types anything. `page.brand` is the brand baked into this page, whose policy the
 * build wrote for that brand alone; undefined on the neutral development page. A development page
 * with a brand has no policy, but refuses what the built page would, so the difference shows there.
 */
export function decideStartup(query: QueryParams, config: Config, page: PageFacts): Startup {
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
  // Spec §2, §8: the method is optional, and an invalid or unsupported one is only logged: the
  // page starts on view 0, as without one.
  const named = LOGIN_METHODS.find((m) => m === query.method);
  const method = named && found.service.loginMethods[named] ? named : undefined;
  const ignoredMethod =
    query.method === undefined || method
      ? undefined
      : named
        ? `Method ${named} is not enabled for service ${key}: starting with the choice of method`
        : `Invalid method parameter ${JSON.stringify(query.method)}: starting with the choice of method`;
  return {
    ok: true,
    serviceKey: key,
    service: found.service,
    qrId: key === RESOLVER_SERVICE ? qrId : undefined,
    method,
    ...(ignoredMethod && { ignoredMethod }),
  };
}

/**
 * Reads the config and decides the start (decideStartup): the app's full check, which the page's
 * first script has only approximated (first-view.ts). A chunk of its own with the schemas and the
 * api-client: view 0 and its hydration do not need it, and it loads while they happen.
 */
export async function confirmStartup(query: QueryParams, pageUrl: URL, page: PageFacts): Promise<Startup> {
  const config = await getConfig(pageUrl);
  if (!config) return { ok: false, error: 'The config could not be loaded or is malformed.' };
  const startup = decideStartup(query, config, page);
  if (startup.ok && startup.ignoredMethod) console.error(startup.ignoredMethod);
  return startup;
}
