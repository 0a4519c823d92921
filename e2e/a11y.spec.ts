import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/accessibility.ts';
import { expect, test } from './support/fixtures.ts';
import {
  CHECK_INPUT_ERROR,
  expectError,
  freshValue,
  fulfillJson,
  GENERIC_ERROR,
  holdRequests,
  mwsUrl,
  reachCodeView,
  wrongCode,
} from './support/hostile-helpers.ts';
import type { LoginScreen, Method } from './support/login-screen.ts';

async function expectNoHorizontalScrolling(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `scroll width on ${where}`).toBeLessThanOrEqual(clientWidth);
}

const chooseView = (login: LoginScreen) => login.heading('Anmeldemethode wählen');

test.beforeEach(async ({ login }) => {
  await login.enableAllMethods();
});

test('view 0, the method choice, has no violations', async ({ login, page }) => {
  await login.open();
  await expect(chooseView(login)).toBeVisible();
  await expectNoViolations(page);
});

for (const method of ['mail', 'number', 'edp'] as const) {
  test(`view 1 for ${method} has no violations`, async ({ login, page }) => {
    await login.open();
    await login.chooseMethod(method);
    await expect(login.valueInput(method)).toBeFocused();
    await expectNoViolations(page);
  });
}

test('view 1 with an error shown has no violations', async ({ login, page, service }) => {
  await page.route(mwsUrl('users/auth/mail'), (route) => fulfillJson(route, { status: 400, message: 'no' }));
  await login.open();
  await login.chooseMethod('mail');
  await login.submitValue('mail', freshValue('mail', service));
  await expectError(page, 'AM02', GENERIC_ERROR);
  await expectNoViolations(page);
});

test('view 2, the code entry, has no violations', async ({ login, page, service }) => {
  await login.open();
  await reachCodeView(login, 'mail', freshValue('mail', service));
  await expect(login.codeInput()).toBeFocused();
  await expectNoViolations(page);
});

test('view 2 with the VM01 error has no violations', async ({ login, page, service }) => {
  await login.open();
  const code = await reachCodeView(login, 'mail', freshValue('mail', service));
  await login.codeInput().fill(wrongCode(code));
  await expectError(page, 'VM01', CHECK_INPUT_ERROR);
  await expectNoViolations(page);
});

test('view 2 while the code is being checked has no violations', async ({ login, page, service }) => {
  const release = await holdRequests(page, mwsUrl('users/verify/mail'));
  await login.open();
  const code = await reachCodeView(login, 'mail', freshValue('mail', service));
  await login.codeInput().fill(code);
  await expect(page.getByRole('button', { name: /^Verifizieren.*Bitte warten$/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expectNoViolations(page);
  release();
});

test('view 4, Bitte warten..., has no violations', async ({ login, page, service }) => {
  // A 204 answer ends a navigation without leaving the page, so view 4 stays on screen.
  await page.route(/\/landing\//, (route) => route.fulfill({ status: 204 }));
  await login.open();
  const code = await reachCodeView(login, 'mail', freshValue('mail', service));
  await login.codeInput().fill(code);
  await expect(login.heading('Bitte warten...')).toBeFocused();
  await expectNoViolations(page);
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('views 0 and 2 have no violations', async ({ login, page, service }) => {
    await login.open();
    await expect(chooseView(login)).toBeVisible();
    await expectNoViolations(page);
    await reachCodeView(login, 'mail', freshValue('mail', service));
    await expectNoViolations(page);
  });
});

for (const width of [320, 400]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 720 } });

    test('views 0, 1 and 2 need no horizontal scrolling', async ({ login, page, service }) => {
      await login.open();
      await expect(chooseView(login)).toBeVisible();
      await expectNoHorizontalScrolling(page, 'view 0');
      for (const method of ['mail', 'number', 'edp'] satisfies Method[]) {
        await login.chooseMethod(method);
        await expect(login.valueInput(method)).toBeVisible();
        await expectNoHorizontalScrolling(page, `view 1 (${method})`);
        await page.getByRole('button', { name: 'Andere Anmeldemethode verwenden' }).click();
      }
      // A long domain is one unbreakable word in the hint on view 2 unless the layout wraps it.
      const longAddress = freshValue('mail', service).replace(
        '@example.de',
        '@stadtwerke-musterstadt-netzgesellschaft.de',
      );
      await reachCodeView(login, 'mail', longAddress);
      await expectNoHorizontalScrolling(page, 'view 2');
    });
  });
}
