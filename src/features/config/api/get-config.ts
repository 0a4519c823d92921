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
} from 'zod/mini';
import { getJson } from '../../../lib/api-client.ts';
import { configRequest } from '../../../lib/config-request.ts';
import { parseSafeUrl } from '../../../lib/safe-redirect.ts';

const webUrl = string().check(
  refine((value) => /^https?:\/\//i.test(value) && parseSafeUrl(value) !== undefined),
);

const serviceSchema = object({
  name: string(),
  accentColor: string(),
  loginKey: string(),
  mwsTargetUrl: webUrl,
  // Passed to Firebase's initializeApp as it is; authEmulatorUrl is ours and taken out first.
  firebaseConfig: looseObject({ apiKey: string(), projectId: string(), authEmulatorUrl: optional(webUrl) }),
  loginMethods: object({ mail: boolean(), number: boolean(), edp: boolean() }),
  redirectUrl: optional(webUrl),
  // Development only: where a stand-in for PayPal's SDK is served (docs/decisions/005).
  paymentSdkUrl: optional(webUrl),
});

export type ServiceConfig = Infer<typeof serviceSchema>;

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
  const result = await getJson(
    new URL(configRequest.path, pageUrl),
    { credentials: configRequest.credentials },
    { schema: configSchema },
  );
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
