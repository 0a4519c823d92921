import { isLoopbackHost } from './redirect-hosts.ts';

/**
 * Trusted Types (docs/decisions/017): with `require-trusted-types-for 'script'` in the policy, a
 * string reaches a script sink (a script's src, eval, innerHTML …) only through the page's one
 * policy, `default`, created here. It turns exactly the script URLs the page's SDKs load into
 * trusted ones and nothing else: reCAPTCHA's loader and its release file (Firebase's phone
 * sign-in), PayPal's SDK, and in a demo build the PayPal stand-in the demo server serves.
 */
const SCRIPT_URLS: readonly RegExp[] = [
  /^https:\/\/www\.google\.com\/recaptcha\/(?:api|enterprise)\.js(?:\?|$)/,
  /^https:\/\/www\.gstatic\.com\/recaptcha\/releases\/[\w-]+\/recaptcha__[\w-]+\.js$/,
  /^https:\/\/www\.(?:sandbox\.)?paypal\.com\/sdk\/js\?/,
];

/** The path the demo server serves the PayPal stand-in at (tools/demo/demo-server.ts). */
const STAND_IN_PATH = '/dev/paypal/sdk/js';

/** Whether a script URL is one of the SDKs' own (the policy's one decision, pure for tests). */
export function isSdkScriptUrl(value: string): boolean {
  if (SCRIPT_URLS.some((pattern) => pattern.test(value))) return true;
  if (!__DEMO_BUILD__) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname) && url.pathname === STAND_IN_PATH;
  } catch {
    return false;
  }
}

/** The part of the browser's Trusted Types API this uses (TypeScript's DOM types lack it). */
export interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(value: string): string | null }): unknown;
}

let created = false;

/**
 * Creates the `default` policy once, before an SDK inserts its script. Without the API (older
 * browsers) there is nothing to do; a second call, or a policy created elsewhere, changes nothing.
 */
export function allowSdkScripts(
  factory: TrustedTypesFactory | undefined = (globalThis as { trustedTypes?: TrustedTypesFactory })
    .trustedTypes,
): void {
  if (created || !factory) return;
  created = true;
  try {
    // null for any other URL: the browser refuses it and reports the violation.
    factory.createPolicy('default', { createScriptURL: (value) => (isSdkScriptUrl(value) ? value : null) });
  } catch {
    // A default policy exists already; the browser keeps that one.
  }
}
