import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { demoOrigin, type LoginScreen, type Method } from './login-screen.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

/**
 * Helpers for the error, accessibility and hostile-input specs: the backend answers they fake
 * and what they watch on the page. The flow itself is driven through LoginScreen.
 */

/** The spec's error catalogue (§8), verbatim: the specs check the page against it, not its source. */
export const GENERIC_ERROR = SPEC_TEXTS.tryAgain;
export const CHECK_INPUT_ERROR = SPEC_TEXTS.wrongCode;

/** The page's own texts for what the MWS says besides a wrong code (issue 34), verbatim. */
export const EXPIRED_CODE =
  'Dieser Code ist nicht mehr gültig. Bitte fordere mit „Code erneut senden“ einen neuen Code an.';
export const REPLACED_CODE =
  'Dieser Code wurde durch einen neueren ersetzt. Bitte gib den Code aus der zuletzt gesendeten Nachricht ein.';
export const LOCKED_UNTIL =
  /^Zu viele falsche Codes\. Aus Sicherheitsgründen ist die Anmeldung bis \d\d:\d\d Uhr \(in 15 Minuten\) gesperrt\.$/;
export const CODE_RESENT = 'Neuer Code gesendet. Ältere Codes gelten nicht mehr.';

/** The contract's lock after five wrong codes (docs/backend-contract.md#limits), which the demo keeps. */
export const WRONG_CODES_TO_LOCK = 5;

/** Ages the value's current code past its 10 minutes at the demo's MWS (a development route). */
export async function expireCode(to: string, channel: 'mail' | 'sms' = 'mail'): Promise<void> {
  const answer = await fetch(`${demoOrigin()}/dev/expire-code`, {
    method: 'POST',
    body: new URLSearchParams({ to, channel }),
  });
  expect(answer.status).toBe(204);
}

/** A reference MWS call, on the bare host as the development config names it. */
export const mwsUrl = (path: string) => `${demoOrigin()}/mws/${path}`;

/** Firebase's emulator calls, whatever port the global setup gave it. */
export const FIREBASE_SEND = /\/accounts:sendVerificationCode\b/;
export const FIREBASE_CONFIRM = /\/accounts:signInWithPhoneNumber\b/;

/** Every test gets its own login value: the MWS keeps codes and lockouts per value. */
export function freshValue(method: Exclude<Method, 'number'>, service: string): string {
  const id = randomUUID().slice(0, 8);
  return method === 'mail' ? `${service}.${id}@example.de` : `EDP-${service}-${id}`;
}

/** A JSON answer a cross-origin page may read, as the MWS gives it. */
export function fulfillJson(route: Route, json: unknown, status = 200): Promise<void> {
  return route.fulfill({ status, json, headers: { 'access-control-allow-origin': '*' } });
}

/** A readable answer that is no JSON at all, as a proxy's error page is. */
export function fulfillHtml(route: Route, status = 200): Promise<void> {
  return route.fulfill({
    status,
    contentType: 'text/html',
    headers: { 'access-control-allow-origin': '*' },
    body: '<!doctype html><title>Fehler</title><h1>Bad Gateway</h1>',
  });
}

/**
 * Holds every matching request until the returned function is called; until then the page
 * sees a call that has not answered yet. Released requests get `answer`: by default they go on
 * to the real server.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
): Promise<(answer?: (route: Route) => Promise<void>) => void> {
  let release: (answer: (route: Route) => Promise<void>) => void = () => undefined;
  const released = new Promise<(route: Route) => Promise<void>>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    const answer = await released;
    // The page may be gone by the time a held request is answered.
    await answer(route).catch(() => undefined);
  });
  return (answer = (route) => route.continue()) => release(answer);
}

/** The address LoginScreen.open goes to, for tests that must not wait for the page's load event. */
export function startUrl(login: LoginScreen): string {
  const url = new URL(`${login.origin}/`);
  url.searchParams.set('service', login.service);
  if (login.service === RESOLVER_SERVICE) url.searchParams.set('qrid', 'qr-exists');
  return url.href;
}

/** The one error message inside a live region; the specs check its code and text. */
export function shownError(page: Page): Locator {
  return page.locator('[aria-live="assertive"] [data-error-code]');
}

export async function expectError(page: Page, code: string, text: string | RegExp): Promise<void> {
  await expect(shownError(page)).toHaveAttribute('data-error-code', code);
  await expect(shownError(page)).toHaveText(text);
}

/** View 1 of `method`, then the code sent by the real MWS: view 2. Returns the code. */
export async function reachCodeView(login: LoginScreen, method: 'mail' | 'edp', value: string) {
  await login.chooseMethod(method);
  await login.submitValue(method, value);
  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
  return login.codeFor(value, 'mail');
}

/** Any six digits but the right ones. */
export const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/**
 * What a hostile input could make the page do: open a dialog, navigate its main frame, or
 * leave a mark in the console. Dialogs are dismissed so a test never hangs on one.
 */
export function watchForHarm(page: Page) {
  const dialogs: string[] = [];
  const navigations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return { dialogs, navigations };
}

/** Console lines that show an injected script ran ('pwned'), or tried to and met the CSP. */
export function signsOfInjection(consoleMessages: string[]): string[] {
  return consoleMessages.filter(
    (message) => message.includes('pwned') || message.includes('Content Security Policy'),
  );
}
