import { createHash } from 'node:crypto';
import { expect, type TestInfo } from '@playwright/test';
import { demoOrigin, type LoginScreen, type Method } from './login-screen.ts';
import { LOGIN_METHODS } from '../../src/types/login-method.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

/**
 * Values no other test of the run uses: all projects share the demo's code store, where a new code
 * for a value replaces the old one, and its outbox, and with two workers two tests run at once.
 */
export function valuesFor(testInfo: TestInfo) {
  // A repeat or a retry gets values of its own too: the first run may have locked its value.
  const seed = `${testInfo.project.name}\n${testInfo.titlePath.join('\n')}\n${testInfo.repeatEachIndex}\n${testInfo.retry}`;
  const hash = createHash('sha256').update(seed).digest();
  const digits = String(hash.readUInt32BE(0) % 10_000_000).padStart(7, '0');
  return {
    mail: `besucher.${digits}@example.de`,
    edp: `EDP-${digits}`,
    // A German mobile number as visitors write it, with the default prefix +49.
    phone: `0171 ${digits}`,
    e164: `+49171${digits}`,
  };
}

/** The methods the demo's config enables for `service`, as its page receives them. */
export async function enabledMethods(service: string): Promise<Method[]> {
  const response = await fetch(`${demoOrigin()}/${service}/api/config`);
  const config = (await response.json()) as {
    services: Record<string, { loginMethods: Record<Method, boolean> }>;
  };
  const methods = config.services[service]?.loginMethods;
  return LOGIN_METHODS.filter((method) => methods?.[method]);
}

export async function requestCode(login: LoginScreen, method: Method, value: string): Promise<void> {
  await login.chooseMethod(method);
  await login.submitValue(method, value);
  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible({ timeout: 15_000 });
}

/** The page left for its landing URL with the token, and nothing else, in the query. */
export async function tokenOfRedirect(login: LoginScreen, redirected: () => Promise<URL>): Promise<string> {
  await expect(login.page).toHaveURL(/\/landing\//, { timeout: 15_000 });
  const url = await redirected();
  expect(`${url.origin}${url.pathname}`).toBe(login.landingUrl);
  expect([...url.searchParams.keys()]).toEqual(['idtoken']);
  return url.searchParams.get('idtoken') ?? '';
}

export function claimsOf(token: string): unknown {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** The reference MWS signs header.payload with HMAC: three base64url parts. */
export function expectMwsToken(token: string, channel: 'mail' | 'sms', subject: string): void {
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(claimsOf(token)).toMatchObject({ iss: 'reference-mws', sub: subject, amr: [channel] });
}
