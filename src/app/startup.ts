import { findService, type Config, type ServiceConfig } from '../features/config/api/get-config.ts';
import { RESOLVER_SERVICE, takesPayments } from '../lib/services.ts';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';

export interface QueryParams {
  service: string | undefined;
  qrid: string | undefined;
  method: string | undefined;
  /** Read because links carry it; the spec leaves it unused. */
  appid: string | undefined;
}

export function readQuery(search: string): QueryParams {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name) ?? undefined;
  return { service: read('service'), qrid: read('qrid'), method: read('method'), appid: read('appid') };
}

/** Spec §5: the service parameter must be longer than 2 characters, before anything is fetched. */
export function isPlausibleService(service: string | undefined): service is string {
  return service !== undefined && service.length > 2;
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
 * Decides from the query and the config whether and where the flow starts (spec §2, §5).
 * `pageBrand` is the brand baked into this page (`<html data-brand>`), whose policy the build
 * wrote for that brand alone; undefined on the neutral development page. A development page with
 * a brand has no policy, but refuses what the built page would, so the difference shows there.
 */
export function decideStartup(query: QueryParams, config: Config, pageBrand?: string): Startup {
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
