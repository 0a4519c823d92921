import { brandOf } from '../support/brands.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  CHECK_INPUT_ERROR,
  CODE_RESENT,
  expectError,
  expireCode,
  EXPIRED_CODE,
  FIREBASE_SEND,
  freshValue,
  holdRequests,
  LOCKED_UNTIL,
  mwsUrl,
  reachCodeView,
  REPLACED_CODE,
  WRONG_CODES_TO_LOCK,
  wrongCode,
} from '../support/hostile-helpers.ts';
import type { LoginScreen } from '../support/login-screen.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// Issue 34: at every step the visitor knows what happened and what to do next, and hears it. The
// live regions are read as a screen reader meets them (every text they ever held, recordLiveRegions),
// the accessibility tree by role, name and state.

test.beforeEach(async ({ login }) => {
  await login.enableAllMethods();
});

async function typeWrongCodeAndWait(login: LoginScreen, code: string): Promise<void> {
  await login.codeInput().pressSequentially(wrongCode(code));
  await expect(login.codeInput()).toHaveValue('');
}

test('a resend keeps focus on its button, is announced, and the code view says where the code went and for how long', async ({
  login,
  page,
  service,
}) => {
  await page.clock.install();
  await login.open();
  const value = freshValue('mail', service);
  const first = await reachCodeView(login, 'mail', value);
  await expect(login.codeSentHint()).toHaveText(
    `Wir haben einen 6-stelligen Code an ${value} gesendet. Der Code ist 10 Minuten gültig. Keine E-Mail erhalten? Sieh bitte auch im Spam-Ordner nach.`,
  );

  // During the cooldown the button is in the Tab order, unavailable, and says how long.
  const resend = login.resendButton();
  await resend.focus();
  await expect(resend).toBeFocused();
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  await expect(resend).toHaveAccessibleName(/^Code erneut senden \(\d+ s\)$/);
  await page.keyboard.press('Enter');
  expect(await login.liveLog()).not.toContainEqual(expect.stringMatching(/Neuer Code/));

  await page.clock.fastForward('00:31');
  await expect(resend).toHaveAccessibleName('Code erneut senden');
  await expect(resend).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Enter');

  await expect(login.statusRegion()).toHaveText(CODE_RESENT);
  await expect(resend).toBeFocused();
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  expect(await login.liveLog()).toEqual(expect.arrayContaining(['Bitte warten', CODE_RESENT]));

  // The code of the first mail is replaced, and the page says so instead of "wrong".
  await login.codeInput().pressSequentially(first);
  await expectError(page, 'VR01', REPLACED_CODE);
  await expect(login.codeInput()).toHaveAttribute('aria-invalid', 'true');
});

test('an expired code says so and asks for a new one, without marking the field invalid', async ({
  login,
  page,
  service,
}) => {
  await login.open();
  const value = freshValue('mail', service);
  const code = await reachCodeView(login, 'mail', value);
  await expireCode(value);
  await login.codeInput().pressSequentially(code);

  await expectError(page, 'VE01', EXPIRED_CODE);
  await expect(login.codeInput()).not.toHaveAttribute('aria-invalid', 'true');
  await expect(login.codeInput()).toBeFocused();
});

test('five wrong codes lock the view for the real 15 minutes, and the page says when it ends', async ({
  login,
  page,
  service,
}) => {
  await page.clock.install();
  await login.open();
  const code = await reachCodeView(login, 'mail', freshValue('mail', service));
  for (let attempt = 1; attempt < WRONG_CODES_TO_LOCK; attempt += 1) {
    await typeWrongCodeAndWait(login, code);
    await expectError(page, 'VM01', CHECK_INPUT_ERROR);
  }
  await typeWrongCodeAndWait(login, code);

  await expectError(page, 'VL01', LOCKED_UNTIL);
  // While locked nothing offered can work: the field, Verifizieren and a new code are unavailable,
  // each still focusable, and announced so.
  await expect(login.codeInput()).toHaveAttribute('aria-disabled', 'true');
  await expect(login.codeInput()).toHaveAttribute('readonly');
  await expect(login.submitButton(SPEC_TEXTS.verify)).toHaveAttribute('aria-disabled', 'true');
  await expect(login.resendButton()).toHaveAttribute('aria-disabled', 'true');
  await expect(login.codeInput()).not.toHaveAttribute('aria-invalid', 'true');
  await expect(login.codeInput()).toMatchAriaSnapshot('- textbox "Bestätigungscode" [disabled]');
  await expect(login.submitButton(SPEC_TEXTS.verify)).toMatchAriaSnapshot(
    `- button "${SPEC_TEXTS.verify}" [disabled]`,
  );
  await login.codeInput().pressSequentially('123456');
  await expect(login.codeInput()).toHaveValue('');
  expect(await page.title()).toMatch(new RegExp(`^Fehler: ${SPEC_TEXTS.enterCode} – `));

  await page.clock.fastForward('15:01');
  await expect(login.statusRegion()).toHaveText('Du kannst jetzt einen neuen Code anfordern.');
  await expect(login.codeInput()).not.toHaveAttribute('aria-disabled');
  await expect(login.resendButton()).not.toHaveAttribute('aria-disabled');
  expect(await page.title()).toMatch(new RegExp(`^${SPEC_TEXTS.enterCode} – `));
});

test('the busy state is announced while a code is sent and checked, and the title names each view and an error', async ({
  login,
  page,
  service,
}) => {
  const { title } = await brandOf(service);
  await login.open();
  await expect.poll(() => page.title()).toBe(`${SPEC_TEXTS.chooseMethod} – ${title}`);
  await login.chooseMethod('mail');
  await expect.poll(() => page.title()).toBe(`Mit E-Mail-Adresse anmelden – ${title}`);

  const releaseSend = await holdRequests(page, mwsUrl('users/auth/mail'));
  const value = freshValue('mail', service);
  await login.submitValue('mail', value);
  await expect(login.statusRegion()).toHaveText('Bitte warten');
  await expect(login.submitButton(SPEC_TEXTS.signIn)).toHaveAttribute('aria-disabled', 'true');
  await expect(login.valueInput('mail')).toBeFocused();
  releaseSend();
  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
  await expect.poll(() => page.title()).toBe(`${SPEC_TEXTS.enterCode} – ${title}`);

  const code = await login.codeFor(value, 'mail');
  const releaseCheck = await holdRequests(page, mwsUrl('users/verify/mail'));
  await login.codeInput().pressSequentially(wrongCode(code));
  await expect(login.statusRegion()).toHaveText('Bitte warten');
  releaseCheck();
  await expectError(page, 'VM01', CHECK_INPUT_ERROR);
  await expect.poll(() => page.title()).toBe(`Fehler: ${SPEC_TEXTS.enterCode} – ${title}`);
  expect(await login.liveLog()).toEqual(expect.arrayContaining(['Bitte warten', CHECK_INPUT_ERROR]));
});

test('Back and Forward move between the views, and a reload on view 1 keeps the method and the value', async ({
  login,
  page,
  service,
}) => {
  const sends = login.countRequests(/\/mws\/users\/auth\/mail$/);
  await login.open();
  const value = freshValue('mail', service);
  await reachCodeView(login, 'mail', value);

  await page.goBack();
  await expect(login.heading('Mit E-Mail-Adresse anmelden')).toBeVisible();
  await expect(login.valueInput('mail')).toHaveValue(value);
  await page.goBack();
  await expect(login.heading(SPEC_TEXTS.chooseMethod)).toBeVisible();
  await page.goForward();
  await expect(login.heading('Mit E-Mail-Adresse anmelden')).toBeVisible();
  await login.valueInput('mail').fill(value);
  // Forward returns to the code that went to the address typed, without sending another.
  await page.goForward();
  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
  await page.goBack();
  // So does Anmelden for the same address while the resend cooldown runs.
  await login.valueInput('mail').press('Enter');
  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
  expect(sends()).toHaveLength(1);

  await page.goBack();
  await login.valueInput('mail').fill(`x${value}`);
  await page.reload();
  await expect(login.heading('Mit E-Mail-Adresse anmelden')).toBeVisible();
  await expect(login.valueInput('mail')).toHaveValue(`x${value}`);
  // With another address typed, Forward cannot return to the code of the first one.
  await page.goForward();
  await expect(login.heading('Mit E-Mail-Adresse anmelden')).toBeVisible();
  await expect(login.valueInput('mail')).toHaveValue(`x${value}`);
  expect(sends()).toHaveLength(1);
});

test('a pasted text with seven digits is neither cut nor sent, and select-all then Backspace empties the field', async ({
  login,
  page,
  service,
}) => {
  const checks = login.countRequests(/\/mws\/users\/verify\/mail$/);
  await login.open();
  await reachCodeView(login, 'mail', freshValue('mail', service));
  await login.pasteCode('9876543');

  await expect(login.codeInput()).toHaveValue('');
  await expect(page.locator('#code-too-long')).toHaveText(
    'Der Code hat 6 Ziffern. Bitte gib nur den Code ein.',
  );
  await expect(login.codeInput()).toHaveAccessibleDescription(/Der Code hat 6 Ziffern/);
  expect(checks()).toHaveLength(0);

  await login.codeInput().pressSequentially('123');
  await login.codeInput().press('ControlOrMeta+A');
  await login.codeInput().press('Backspace');
  await expect(login.codeInput()).toHaveValue('');
  await expect(login.codeBoxes()).toHaveText(['', '', '', '', '', '']);
  // The field is there for the platform (iOS's paste menu, password managers), its text transparent.
  const style = await login.codeInput().evaluate((input) => {
    const { opacity, color } = getComputedStyle(input);
    return { opacity, color };
  });
  expect(style).toEqual({ opacity: '1', color: 'rgba(0, 0, 0, 0)' });
});

test('a number that cannot be a phone number is refused before anything is sent', async ({ login, page }) => {
  const sent = login.countRequests(FIREBASE_SEND);
  const requests = login.recordRequests();
  await login.open();
  await login.chooseMethod('number');
  const prefix = page.getByRole('textbox', { name: 'Ländervorwahl' });
  await expect(prefix).toHaveValue('+49');
  // An area code typed into the prefix field: "+01712345678" is no number anywhere.
  await prefix.fill('0171');
  await login.submitValue('number', '2345678');

  await expectError(
    page,
    'AN05',
    'Diese Telefonnummer ist ungültig. Bitte prüfe die Ländervorwahl und die Nummer.',
  );
  await expect(login.valueInput('number')).toHaveAttribute('aria-invalid', 'true');
  await expect(prefix).toHaveAttribute('aria-invalid', 'true');
  expect(sent()).toHaveLength(0);
  expect(requests().filter((url) => url.pathname.includes('recaptcha'))).toEqual([]);
});

test('with the text spacing of WCAG 1.4.12 at 320 px nothing overflows its box', async ({
  login,
  page,
  service,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await login.open();
  const spacing = async () => {
    // A constructed sheet, as a bookmarklet or extension adds one: the page's policy refuses <style>.
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
      );
      document.adoptedStyleSheets = [sheet];
    });
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#root *')]
        .filter((element) => element.checkVisibility() && element.scrollWidth > element.clientWidth + 1)
        .filter((element) => getComputedStyle(element).overflowX !== 'hidden' && element.tagName !== 'INPUT')
        .map((element) => `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 40)}`),
    );
  };
  expect(await spacing()).toEqual([]);
  await login.chooseMethod('number');
  await expect(login.valueInput('number')).toBeVisible();
  expect(await spacing()).toEqual([]);
  await page.getByRole('button', { name: SPEC_TEXTS.otherMethod }).click();
  await reachCodeView(login, 'edp', freshValue('edp', service));
  expect(await spacing()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('without JavaScript the page says that it needs it', async ({ browser, login }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(login.pageUrl());
    // Playwright's text queries skip <noscript>; the paragraph in it is found by its class.
    const notice = page.locator('noscript p');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText('Diese Seite braucht JavaScript. Bitte aktiviere es.');
  } finally {
    await context.close();
  }
});

test('a config request that fails on the network once is asked again, and the page shows', async ({
  login,
  page,
}) => {
  let failed = 0;
  await page.route(`${login.origin}/api/config`, async (route) => {
    if (failed++ === 0) return route.abort('internetdisconnected');
    return route.fallback();
  });
  await login.open();
  await expect(login.heading(SPEC_TEXTS.chooseMethod)).toBeVisible();
  expect(failed).toBe(2);
});
