import { createHash } from 'node:crypto';
import type { TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { firebaseOrigin, otherOrigins, type LoginScreen, type Method } from './support/login-screen.ts';

/**
 * Values no other test of the run uses: all projects share the demo's code store, where a new code
 * for a value replaces the old one, and its outbox, and with two workers two brands run at once.
 */
function valuesFor(testInfo: TestInfo) {
  const seed = `${testInfo.project.name}\n${testInfo.titlePath.join('\n')}`;
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

/** Every method on, and the redirect answered by the test; returns the redirect's URL when it comes. */
async function openWithEveryMethod(login: LoginScreen): Promise<() => Promise<URL>> {
  await login.enableAllMethods();
  const redirected = await login.interceptRedirect(/\/landing\//);
  await login.open();
  return redirected;
}

async function requestCode(login: LoginScreen, method: Method, value: string): Promise<void> {
  await login.chooseMethod(method);
  await login.submitValue(method, value);
  await expect(login.heading('Bestätigungscode eingeben')).toBeVisible({ timeout: 15_000 });
}

/** The page left for its landing URL with the token, and nothing else, in the query. */
async function tokenOfRedirect(login: LoginScreen, redirected: () => Promise<URL>): Promise<string> {
  await expect(login.page).toHaveURL(/\/landing\//, { timeout: 15_000 });
  const url = await redirected();
  expect(`${url.origin}${url.pathname}`).toBe(login.landingUrl);
  expect([...url.searchParams.keys()]).toEqual(['idtoken']);
  return url.searchParams.get('idtoken') ?? '';
}

function claimsOf(token: string): unknown {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** The reference MWS signs header.payload with HMAC: three base64url parts. */
function expectMwsToken(token: string, channel: 'mail' | 'sms', subject: string): void {
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(claimsOf(token)).toMatchObject({ iss: 'reference-mws', sub: subject, amr: [channel] });
}

/**
 * No third party heard of the visitor: every request went to the page's own host or the MWS
 * the config names, and the MWS was among them.
 */
function expectPageAndMwsOnly(login: LoginScreen, requests: URL[]): void {
  expect(otherOrigins(requests, [login.origin, login.mwsOrigin])).toEqual([]);
  expect(requests.map((url) => url.origin)).toContain(login.mwsOrigin);
}

const verifyMail = /\/mws\/users\/verify\/mail$/;
const verifySms = /\/mws\/users\/verify\/sms$/;

test.describe('each method ends on the service with a token', () => {
  test('by e-mail: the MWS mails a code and its token reaches the service', async ({ login }, testInfo) => {
    const { mail } = valuesFor(testInfo);
    const requests = login.recordRequests();
    const redirected = await openWithEveryMethod(login);
    await requestCode(login, 'mail', mail);
    await expect(login.codeSentHint()).toHaveText(
      'Wir haben einen 6-stelligen Code gesendet an b•••@example.de',
    );
    await login.codeInput().pressSequentially(await login.codeFor(mail, 'mail'));

    expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', mail);
    expect(login.pageErrors).toEqual([]);
    expectPageAndMwsOnly(login, requests());
  });

  test('by EDP-Kennung: the code goes through the mail calls with the identifier', async ({
    login,
  }, testInfo) => {
    const { edp } = valuesFor(testInfo);
    const requests = login.recordRequests();
    const redirected = await openWithEveryMethod(login);
    await requestCode(login, 'edp', edp);
    await expect(login.codeSentHint()).toHaveText(
      `Wir haben einen 6-stelligen Code gesendet an ED•••${edp.slice(-2)}`,
    );
    await login.codeInput().pressSequentially(await login.codeFor(edp, 'mail'));

    expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', edp);
    expect(login.pageErrors).toEqual([]);
    expectPageAndMwsOnly(login, requests());
  });

  test('by phone: Firebase sends the SMS and its id token reaches the service', async ({
    login,
  }, testInfo) => {
    const { phone, e164 } = valuesFor(testInfo);
    const backendSms = login.countRequests(/\/mws\/users\/(auth|verify)\/sms$/);
    const requests = login.recordRequests();
    const redirected = await openWithEveryMethod(login);
    await expect(login.methodButton('number')).toBeVisible();
    // View 0 asks nothing of anyone but the page's own host.
    expect(otherOrigins(requests(), [login.origin])).toEqual([]);
    await login.chooseMethod('number');
    await expect(login.page.getByRole('textbox', { name: 'Vorwahl' })).toHaveValue('+49');
    await login.submitValue('number', phone);
    await expect(login.heading('Bestätigungscode eingeben')).toBeVisible({ timeout: 15_000 });
    await expect(login.codeSentHint()).toHaveText(
      `Wir haben einen 6-stelligen Code gesendet an +49 ••• •••${e164.slice(-2)}`,
    );
    await login.codeInput().pressSequentially(await login.codeFor(e164, 'firebase'));

    const token = await tokenOfRedirect(login, redirected);
    // The emulator's tokens are unsigned (alg "none"), so the third part is empty.
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(claimsOf(token)).toMatchObject({ phone_number: e164, firebase: { sign_in_provider: 'phone' } });
    expect(backendSms()).toEqual([]);
    expect(login.pageErrors).toEqual([]);
    // Choosing the phone brought in Firebase (here its emulator), and no one else.
    expect(otherOrigins(requests(), [login.origin, login.mwsOrigin])).toEqual([firebaseOrigin()]);
  });

  test('by phone when Firebase answers too many attempts: the backend sends and checks the SMS', async ({
    login,
  }, testInfo) => {
    const { phone, e164 } = valuesFor(testInfo);
    await login.refuseFirebaseSms();
    const firebaseSends = login.countRequests(/accounts:sendVerificationCode/);
    const smsChecks = login.countRequests(verifySms);
    const requests = login.recordRequests();
    const redirected = await openWithEveryMethod(login);
    await requestCode(login, 'number', phone);
    expect(firebaseSends().length).toBeGreaterThan(0);
    await login.codeInput().pressSequentially(await login.codeFor(e164, 'sms'));

    expectMwsToken(await tokenOfRedirect(login, redirected), 'sms', e164);
    expect(smsChecks()).toHaveLength(1);
    expect(login.pageErrors).toEqual([]);
    expect(otherOrigins(requests(), [login.origin, login.mwsOrigin])).toEqual([firebaseOrigin()]);
  });
});

test.describe('the code field', () => {
  test('fills a box per typed digit, empties one per Backspace, and checks the code once', async ({
    login,
  }, testInfo) => {
    const { mail } = valuesFor(testInfo);
    const redirected = await openWithEveryMethod(login);
    await requestCode(login, 'mail', mail);
    const code = await login.codeFor(mail, 'mail');
    const checks = login.countRequests(verifyMail);

    await login.codeInput().pressSequentially(code.slice(0, 5));
    await expect(login.codeBoxes()).toHaveText([...code.slice(0, 5), '']);
    await login.codeInput().press('Backspace');
    await login.codeInput().press('Backspace');
    await expect(login.codeBoxes()).toHaveText([...code.slice(0, 3), '', '', '']);
    await expect(login.codeInput()).toHaveValue(code.slice(0, 3));
    expect(checks()).toEqual([]);

    await login.codeInput().pressSequentially(code.slice(3));
    expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', mail);
    expect(checks()).toHaveLength(1);
  });

  test('takes a pasted code whole, over the digits already typed, and checks it once', async ({
    login,
    page,
  }, testInfo) => {
    const { mail } = valuesFor(testInfo);
    const redirected = await openWithEveryMethod(login);
    await requestCode(login, 'mail', mail);
    const code = await login.codeFor(mail, 'mail');
    const checks = login.countRequests(verifyMail);
    // Held, so the filled boxes can be seen before the redirect takes the page away.
    let releaseCheck: () => void = () => undefined;
    const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
    await page.route(verifyMail, async (route) => {
      await checkHeld;
      await route.continue();
    });

    await login.codeInput().pressSequentially('00');
    await expect(login.codeBoxes()).toHaveText(['0', '0', '', '', '', '']);
    await login.pasteCode(code);
    await expect(login.codeBoxes()).toHaveText([...code]);
    await expect(login.codeInput()).toHaveValue(code);
    await expect.poll(() => checks().length).toBe(1);

    releaseCheck();
    expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', mail);
    expect(checks()).toHaveLength(1);
  });
});

test('a visitor signs in with the keyboard alone', async ({ login, page }, testInfo) => {
  const { mail } = valuesFor(testInfo);
  const redirected = await openWithEveryMethod(login);
  await expect(login.heading('Anmeldemethode wählen')).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(login.methodButton('mail')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(login.valueInput('mail')).toBeFocused();
  await page.keyboard.type(mail);
  await page.keyboard.press('Enter');
  await expect(login.codeInput()).toBeFocused({ timeout: 15_000 });
  await page.keyboard.type(await login.codeFor(mail, 'mail'));

  expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', mail);
});

test('a reload on the code view keeps the view, the masked value and the resend cooldown', async ({
  login,
  page,
}, testInfo) => {
  const { mail } = valuesFor(testInfo);
  const redirected = await openWithEveryMethod(login);
  await requestCode(login, 'mail', mail);
  const hint = 'Wir haben einen 6-stelligen Code gesendet an b•••@example.de';
  await expect(login.codeSentHint()).toHaveText(hint);
  const resend = login.resendButton();
  const secondsLeft = async () =>
    Number(/^Code erneut senden \((\d+) s\)$/.exec(await resend.innerText())?.[1]);
  await expect(resend).toBeDisabled();
  // Once the countdown has moved, a cooldown that restarted on reload would show more again.
  await expect.poll(secondsLeft).toBeLessThan(30);
  const before = await secondsLeft();

  await page.reload();
  await expect(login.heading('Bestätigungscode eingeben')).toBeVisible();
  await expect(login.codeSentHint()).toHaveText(hint);
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Code erneut senden \(\d+ s\)$/);
  expect(await secondsLeft()).toBeGreaterThan(0);
  expect(await secondsLeft()).toBeLessThanOrEqual(before);

  // The code sent before the reload still signs the visitor in.
  await login.codeInput().pressSequentially(await login.codeFor(mail, 'mail'));
  expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', mail);
});
