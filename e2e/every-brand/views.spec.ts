import { expectNoViolations } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  CHECK_INPUT_ERROR,
  expectError,
  freshValue,
  fulfillJson,
  GENERIC_ERROR,
  holdRequests,
  mwsUrl,
  wrongCode,
} from '../support/hostile-helpers.ts';
import { expectFits } from '../support/layout.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// Every view of the brand, with every state that changes its look, in the brand's colors and
// in both color schemes, held to axe and to the phone's width.

// Phones' widths: the narrowest, and a common one; the desktop's is the branding spec's.
const SCHEMES = [
  { scheme: 'light', width: 320 },
  { scheme: 'dark', width: 400 },
] as const;

for (const { scheme, width } of SCHEMES) {
  test(`every view and state in the ${scheme} scheme ${width} px wide has no violations and needs no sideways scrolling`, async ({
    login,
    page,
    service,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 720 });
    const check = async (view: string) => {
      await expectNoViolations(page, view);
      await expectFits(page, view);
    };
    await login.enableAllMethods();
    // A 204 answer ends the redirect without leaving the page, so view 4 stays on screen.
    await page.route(/\/landing\//, (route) => route.fulfill({ status: 204 }));
    await login.open();
    await expect(login.heading(SPEC_TEXTS.chooseMethod)).toBeVisible();
    await check('view 0');

    for (const method of ['number', 'edp', 'mail'] as const) {
      await login.chooseMethod(method);
      await expect(login.valueInput(method)).toBeFocused();
      await check(`view 1 for ${method}`);
      if (method !== 'mail') await page.getByRole('button', { name: SPEC_TEXTS.otherMethod }).click();
    }

    // Sending, then refused: the busy button, then the error.
    const releaseSend = await holdRequests(page, mwsUrl('users/auth/mail'));
    // A long domain is one unbreakable word in view 2's hint unless the layout wraps it.
    const value = freshValue('mail', service).replace(/@.*$/, '@stadtwerke-musterstadt-netzgesellschaft.de');
    await login.submitValue('mail', value);
    await expect(login.submitButton(SPEC_TEXTS.signIn)).toHaveAttribute('aria-disabled', 'true');
    await expect(login.statusRegion()).toHaveText('Bitte warten');
    await check('view 1 while the code is being sent');
    releaseSend((route) => fulfillJson(route, { status: 400, message: 'no' }));
    await expectError(page, 'AM02', GENERIC_ERROR);
    await check('view 1 with an error shown');

    await page.unroute(mwsUrl('users/auth/mail'));
    await login.valueInput('mail').press('Enter');
    await expect(login.codeInput()).toBeFocused();
    await check('view 2');
    const code = await login.codeFor(value, 'mail');
    await login.codeInput().fill(wrongCode(code));
    await expectError(page, 'VM01', CHECK_INPUT_ERROR);
    await check('view 2 with the VM01 error');

    // Checking, then signed in: the busy button, then view 4 until the service's page arrives.
    const releaseCheck = await holdRequests(page, mwsUrl('users/verify/mail'));
    await login.codeInput().fill(code);
    await expect(login.submitButton(SPEC_TEXTS.verify)).toHaveAttribute('aria-disabled', 'true');
    await expect(login.statusRegion()).toHaveText('Bitte warten');
    await check('view 2 while the code is being checked');
    releaseCheck();
    await expect(login.heading(SPEC_TEXTS.pleaseWait)).toBeFocused();
    await check('view 4');
  });
}
