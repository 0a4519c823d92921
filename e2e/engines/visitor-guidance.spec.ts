import { brandOf } from '../support/brands.ts';
import type { EngineLoginScreen } from '../support/engines/engine-login-screen.ts';
import { expect, test } from '../support/engines/fixtures.ts';
import {
  CHECK_INPUT_ERROR,
  CODE_RESENT,
  EXPIRED_CODE,
  expireCode,
  LOCKED_UNTIL,
  REPLACED_CODE,
  WRONG_CODES_TO_LOCK,
  wrongCode,
} from '../support/hostile-helpers.ts';
import { valuesFor } from '../support/sign-in.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// Issue 34 in Firefox ESR and WebKitGTK: what the live regions say and what the accessibility tree
// holds for the busy state, a resend, a wrong, replaced and expired code, the lock, and the title;
// and Back, Forward and a reload, which each engine runs on its own history. The texts and rules
// themselves are the Chromium projects' (e2e/behaviour/visitor-guidance.spec.ts); here a-dok's mail
// path, the one every engine test can finish with a code from the demo's outbox.

const SERVICE = 'a-dok';

// Each engine test opens a browser page of its own; a loaded machine needs more than the default.
test.describe.configure({ timeout: 120_000 });

/** View 0, the mail view, and the code sent: view 2. Answers the code from the outbox. */
async function reachCodeView(login: EngineLoginScreen, mail: string): Promise<string> {
  await login.chooseMethod('mail');
  await login.submitValue('mail', mail);
  await login.heading(SPEC_TEXTS.enterCode);
  return login.codeFor(mail, 'mail');
}

test(`${SERVICE}: the busy state and a resend are announced, the resend keeps focus, a replaced code says so and the newest signs in`, async ({
  openLogin,
}, testInfo) => {
  const { mail } = valuesFor(testInfo);
  const login = await openLogin(SERVICE);
  await login.open();
  await login.recordLiveRegions();
  const first = await reachCodeView(login, mail);
  expect(await login.liveLog()).toContain('Bitte warten');

  // During the cooldown the button is unavailable, and still in the Tab order after Verifizieren.
  await (await login.waitFor('button', SPEC_TEXTS.verify)).press('Tab');
  expect(await login.stateOf('button', /^Code erneut senden/)).toMatchObject({
    text: expect.stringMatching(/^Code erneut senden \(\d+ s\)$/),
    focused: true,
    disabled: false,
    ariaDisabled: 'true',
  });

  // The page counts the cooldown with Date.now (resend-button.tsx, flow.ts): a clock 31 s ahead
  // ends it at once. The MWS has no cooldown of its own, only a limit of sends per value.
  await login.page.evaluate(() => {
    const real = Date.now.bind(Date);
    Date.now = () => real() + 31_000;
  });
  const resend = await login.waitFor('button', 'Code erneut senden');
  expect((await login.stateOf('button', 'Code erneut senden')).ariaDisabled).toBeNull();
  await resend.press('Enter');

  await expect.poll(() => login.statusText()).toBe(CODE_RESENT);
  expect(await login.stateOf('button', /^Code erneut senden/)).toMatchObject({
    text: expect.stringMatching(/^Code erneut senden \(\d+ s\)$/),
    focused: true,
    disabled: false,
    ariaDisabled: 'true',
  });
  expect(await login.liveLog()).toEqual(expect.arrayContaining(['Bitte warten', CODE_RESENT]));

  // The first mail's code is replaced, and the page says so; the newest one signs in.
  await login.typeCode(first);
  await expect.poll(() => login.errorText()).toBe(REPLACED_CODE);
  expect((await login.stateOf('textbox', 'Bestätigungscode')).ariaInvalid).toBe('true');
  const newest = await login.codeFor(mail, 'mail');
  expect(newest).not.toBe(first);
  await login.typeCode(newest);
  const landed = await login.waitForUrl(login.landingUrl);
  expect([...landed.searchParams.keys()]).toEqual(['idtoken']);
});

test(`${SERVICE}: a wrong code marks the field and the title, an expired one says so without marking the field`, async ({
  openLogin,
}, testInfo) => {
  const { title } = await brandOf(SERVICE);
  const { mail } = valuesFor(testInfo);
  const login = await openLogin(SERVICE);
  await login.open();
  await login.recordLiveRegions();
  const code = await reachCodeView(login, mail);

  await login.typeCode(wrongCode(code));
  await expect.poll(() => login.errorText()).toBe(CHECK_INPUT_ERROR);
  expect((await login.stateOf('textbox', 'Bestätigungscode')).ariaInvalid).toBe('true');
  await expect.poll(() => login.title()).toBe(`Fehler: ${SPEC_TEXTS.enterCode} – ${title}`);

  await expireCode(mail);
  await login.typeCode(code);
  await expect.poll(() => login.errorText()).toBe(EXPIRED_CODE);
  expect((await login.stateOf('textbox', 'Bestätigungscode')).ariaInvalid).toBeNull();
  expect(await login.liveLog()).toEqual(expect.arrayContaining([CHECK_INPUT_ERROR, EXPIRED_CODE]));
});

test(`${SERVICE}: five wrong codes lock the view, and it says until when`, async ({
  openLogin,
}, testInfo) => {
  const { mail } = valuesFor(testInfo);
  const login = await openLogin(SERVICE);
  await login.open();
  await login.recordLiveRegions();
  const code = await reachCodeView(login, mail);

  for (let attempt = 1; attempt <= WRONG_CODES_TO_LOCK; attempt += 1) {
    await login.typeCode(wrongCode(code));
    // The refusal empties the field as it shows the error; the next code is typed anew.
    await expect
      .poll(async () => (await login.stateOf('textbox', 'Bestätigungscode')).value, {
        message: `the refusal of wrong code ${attempt}`,
      })
      .toBe('');
    if (attempt < WRONG_CODES_TO_LOCK) expect(await login.errorText()).toBe(CHECK_INPUT_ERROR);
  }

  expect(await login.errorText()).toMatch(LOCKED_UNTIL);
  expect(await login.liveLog()).toContainEqual(expect.stringMatching(LOCKED_UNTIL));
  // Nothing offered can work while locked: each is unavailable, and still focusable.
  const unavailable = { ariaDisabled: 'true', disabled: false };
  expect(await login.stateOf('textbox', 'Bestätigungscode')).toMatchObject({
    ...unavailable,
    readOnly: true,
    ariaInvalid: null,
  });
  expect(await login.stateOf('button', SPEC_TEXTS.verify)).toMatchObject(unavailable);
  expect(await login.stateOf('button', /^Code erneut senden/)).toMatchObject(unavailable);
});

test(`${SERVICE}: the title names each view, Back and Forward move between them, and a reload on view 1 keeps the method and the value`, async ({
  openLogin,
}, testInfo) => {
  const { title } = await brandOf(SERVICE);
  const { mail } = valuesFor(testInfo);
  const login = await openLogin(SERVICE);
  await login.open();
  // View 0 is pre-rendered; the flow's chunk sets its title.
  await expect.poll(() => login.title()).toBe(`${SPEC_TEXTS.chooseMethod} – ${title}`);
  await login.chooseMethod('mail');
  await expect.poll(() => login.title()).toBe(`Mit E-Mail-Adresse anmelden – ${title}`);
  await login.submitValue('mail', mail);
  await login.heading(SPEC_TEXTS.enterCode);
  await expect.poll(() => login.title()).toBe(`${SPEC_TEXTS.enterCode} – ${title}`);

  await login.page.back();
  await login.heading('Mit E-Mail-Adresse anmelden');
  expect((await login.stateOf('textbox', 'E-Mail-Adresse')).value).toBe(mail);
  await login.page.back();
  await login.heading(SPEC_TEXTS.chooseMethod);
  await login.page.forward();
  await login.heading('Mit E-Mail-Adresse anmelden');
  // View 0 forgets the value, as choosing another method does; Forward returns to the code view
  // once the address the code went to is typed again.
  expect((await login.stateOf('textbox', 'E-Mail-Adresse')).value).toBe('');
  await (await login.waitFor('textbox', 'E-Mail-Adresse')).type(mail);
  await login.page.forward();
  await login.heading(SPEC_TEXTS.enterCode);

  await login.page.back();
  await login.heading('Mit E-Mail-Adresse anmelden');
  await login.page.reload();
  await login.heading('Mit E-Mail-Adresse anmelden');
  await expect.poll(async () => (await login.stateOf('textbox', 'E-Mail-Adresse')).value).toBe(mail);
});
