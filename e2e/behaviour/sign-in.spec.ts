import { expect, test } from '../support/fixtures.ts';
import { firebaseOrigin, otherOrigins, type LoginScreen } from '../support/login-screen.ts';
import { expectMwsToken, requestCode, tokenOfRedirect, valuesFor } from '../support/sign-in.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// The details of the sign-in that are the same for every brand: the SMS fallback, the code
// field, the keyboard alone, a reload. Each brand's own sign-in is in every-brand/sign-in.spec.ts.

/** Every method on, and the redirect answered by the test; returns the redirect's URL when it comes. */
async function openWithEveryMethod(login: LoginScreen): Promise<() => Promise<URL>> {
  await login.enableAllMethods();
  const redirected = await login.interceptRedirect(/\/landing\//);
  await login.open();
  return redirected;
}

const verifyMail = /\/mws\/users\/verify\/mail$/;
const verifySms = /\/mws\/users\/verify\/sms$/;

test('by phone when Firebase answers too many attempts, the backend sends and checks the SMS', async ({
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
  await expect(login.heading(SPEC_TEXTS.chooseMethod)).toBeVisible();

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

test('a reload on the code view keeps the view, the value and the resend cooldown', async ({
  login,
  page,
}, testInfo) => {
  const { mail } = valuesFor(testInfo);
  const redirected = await openWithEveryMethod(login);
  await requestCode(login, 'mail', mail);
  const hint = new RegExp(`^Wir haben einen 6-stelligen Code an ${mail.replaceAll('.', '\\.')} gesendet\\.`);
  await expect(login.codeSentHint()).toHaveText(hint);
  const resend = login.resendButton();
  const secondsLeft = async () =>
    Number(/^Code erneut senden \((\d+) s\)$/.exec(await resend.innerText())?.[1]);
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  // Once the countdown has moved, a cooldown that restarted on reload would show more again.
  await expect.poll(secondsLeft).toBeLessThan(30);
  const before = await secondsLeft();

  await page.reload();
  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
  await expect(login.codeSentHint()).toHaveText(hint);
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  await expect(resend).toHaveText(/^Code erneut senden \(\d+ s\)$/);
  expect(await secondsLeft()).toBeGreaterThan(0);
  expect(await secondsLeft()).toBeLessThanOrEqual(before);

  // The code sent before the reload still signs the visitor in.
  await login.codeInput().pressSequentially(await login.codeFor(mail, 'mail'));
  expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', mail);
});
