import {
  boolean,
  custom,
  looseObject,
  object,
  optional,
  refine,
  safeParse,
  string,
  type infer as Infer,
  type ZodMiniBoolean,
} from 'zod/mini';
import { getJson, readJson } from '../../../lib/api-client.ts';
import { CONFIG_MAX_BYTES, configRequest, takeConfigResponse } from '../../../lib/config-request.ts';
import { besidePage } from '../../../lib/page-api-url.ts';
import { parseSafeUrl } from '../../../lib/safe-url.ts';
import { LOGIN_METHODS, type LoginMethod } from '../../../types/login-method.ts';

/** An https:// address; a demo build also takes the plain http:// of its local servers. */
const webUrl = string().check(
  refine(
    (value) =>
      (__DEMO_BUILD__ ? /^https?:\/\//i : /^https:\/\//i).test(value) && parseSafeUrl(value) !== undefined,
  ),
);

/**
 * The development switches, which only a demo build reads: the Firebase Auth emulator and a
 * stand-in for PayPal's SDK (docs/decisions/005). A release build has not even their names, so
 * no config can make a release page talk to an emulator or load a stand-in.
 */
const demoFirebaseSwitch = (__DEMO_BUILD__ ? { authEmulatorUrl: optional(webUrl) } : {}) as {
  authEmulatorUrl: ReturnType<typeof optional<typeof webUrl>>;
};
const demoPaymentSwitch = (__DEMO_BUILD__ ? { paymentSdkUrl: optional(webUrl) } : {}) as {
  paymentSdkUrl: ReturnType<typeof optional<typeof webUrl>>;
};

/** A flag for each login method (src/types/login-method.ts), every one required. */
const loginMethodFlags = object(
  Object.fromEntries(LOGIN_METHODS.map((method) => [method, boolean()])) as Record<
    LoginMethod,
    ZodMiniBoolean
  >,
);

const serviceSchema = object({
  name: string(),
  accentColor: string(),
  loginKey: string(),
  mwsTargetUrl: webUrl,
  // Passed to Firebase's initializeApp as it is; a demo's authEmulatorUrl is taken out first.
  firebaseConfig: looseObject({ apiKey: string(), projectId: string(), ...demoFirebaseSwitch }),
  loginMethods: loginMethodFlags,
  redirectUrl: optional(webUrl),
  ...demoPaymentSwitch,
});

export type ServiceConfig = Infer<typeof serviceSchema>;

/** Where a demo build loads PayPal's stand-in from; always undefined in a release. */
export function paymentSdkUrlOf(service: ServiceConfig): string | undefined {
  return __DEMO_BUILD__ ? service.paymentSdkUrl : undefined;
}

/**
 * Only the shape of the map is checked here; each service is validated when it is looked up, so
 * one broken entry does not take the other services down with it.
 */
const configSchema = object({
  services: custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  ),
});

export type Config = Infer<typeof configSchema>;

export async function getConfig(pageUrl: URL): Promise<Config | undefined> {
  const url = besidePage(pageUrl, configRequest.path);
  const options = { schema: configSchema, maxBytes: CONFIG_MAX_BYTES };
  // The request the first script started (src/start-config.ts), else a new one.
  const started = takeConfigResponse(url);
  const result = started
    ? await readJson(started, options)
    : await getJson(url, { credentials: configRequest.credentials }, options);
  return result.ok ? result.data : undefined;
}

export type ServiceLookup =
  { ok: true; service: ServiceConfig } | { ok: false; reason: 'unknown' | 'invalid' };

/** Names that mean something to JavaScript objects; JSON.parse makes "__proto__" an own key. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Own keys only, so "__proto__", "constructor" and the like are simply unknown services. */
export function findService(config: Config, key: string): ServiceLookup {
  if (RESERVED_KEYS.has(key) || !Object.hasOwn(config.services, key)) return { ok: false, reason: 'unknown' };
  const parsed = safeParse(serviceSchema, config.services[key]);
  return parsed.success ? { ok: true, service: parsed.data } : { ok: false, reason: 'invalid' };
}
