import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { holdRequests, startUrl } from '../support/hostile-helpers.ts';
import { valuesFor } from '../support/sign-in.ts';
import { methodFlags } from '../../tools/demo/dev-config.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// View 0 comes pre-rendered in the page (scripts/lib/prerender.ts): the page's first script shows
// it once the config confirms the service, before React has arrived, and the app hydrates it.

/** The app's bundle, which holds React: the page's first script is a chunk of its own. */
const APP_BUNDLE = /\/assets\/index-[^/]+\.js$/;
/** The flow after view 0, which the app fetches once it has taken view 0 or view 1 over. */
const FLOW_CHUNK = /\/assets\/login-flow-[^/]+\.js$/;

/**
 * Opens the page with the app's bundle held back, so that the first script shows the
 * pre-rendered view alone; returns the release. The bundle holds back DOMContentLoaded, as every
 * module script does, so the page is waited for only until it commits.
 */
async function openBeforeTheApp(page: Page, url: string): Promise<() => void> {
  const releaseApp = await holdRequests(page, APP_BUNDLE);
  await page.goto(url, { waitUntil: 'commit' });
  return () => releaseApp();
}

test('view 0 shows before the app has arrived, with the enabled methods only, and a method chosen then opens view 1 once it has', async ({
  login,
  page,
}) => {
  await login.setLoginMethods(methodFlags('mail', 'edp'));
  const releaseApp = await openBeforeTheApp(page, startUrl(login));

  await expect(login.heading(SPEC_TEXTS.chooseMethod)).toBeVisible();
  await expect(page.getByRole('listitem').getByRole('button')).toHaveText(['E-Mail-Adresse', 'EDP-Kennung']);
  await page.getByRole('button', { name: 'EDP-Kennung' }).click();
  releaseApp();

  await expect(login.heading('Mit EDP-Kennung anmelden')).toBeVisible();
  await expect(login.valueInput('edp')).toBeFocused();
  // What the tests of a page that shows nothing rely on: a reveal is seen.
  expect(await login.rootEverShown()).toBe(true);
  // A hydration that did not match would say so here, as React's recoverable error.
  expect(login.consoleMessages).toEqual([]);
  expect(login.pageErrors).toEqual([]);
});

test('keyboard focus taken on view 0 before the app has arrived stays where the visitor put it', async ({
  login,
  page,
}) => {
  const releaseApp = await openBeforeTheApp(page, startUrl(login));
  await expect(login.heading(SPEC_TEXTS.chooseMethod)).toBeVisible();
  const phone = page.getByRole('button', { name: 'Telefonnummer' });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(phone).toBeFocused();

  // Once view 0 is the app's, it fetches the flow after it: the app has taken over by then.
  const flowFetched = page.waitForRequest(FLOW_CHUNK);
  releaseApp();
  await flowFetched;
  await expect(phone).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(login.heading('Mit Telefonnummer anmelden')).toBeVisible();
  expect(login.consoleMessages).toEqual([]);
});

test('view 1 of a method parameter shows before the app has arrived, and what the visitor types there stays when it takes over', async ({
  login,
  page,
}, testInfo) => {
  const { edp } = valuesFor(testInfo);
  const releaseApp = await openBeforeTheApp(page, login.pageUrl({ method: 'edp' }));

  await expect(login.heading('Mit EDP-Kennung anmelden')).toBeVisible();
  await expect(login.valueInput('edp')).toBeFocused();
  await page.keyboard.type(edp.slice(0, 6));
  const flowFetched = page.waitForRequest(FLOW_CHUNK);
  releaseApp();
  await flowFetched;
  await page.keyboard.type(edp.slice(6));

  await expect(login.valueInput('edp')).toHaveValue(edp);
  await expect(login.valueInput('edp')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
  expect(await login.codeFor(edp)).toMatch(/^\d{6}$/);
  expect(login.consoleMessages).toEqual([]);
  expect(login.pageErrors).toEqual([]);
});

test('Enter on view 1 before the app has arrived is sent once it has, and the page keeps its address', async ({
  login,
  page,
}, testInfo) => {
  const { edp } = valuesFor(testInfo);
  const releaseApp = await openBeforeTheApp(page, login.pageUrl({ method: 'edp' }));
  await expect(login.valueInput('edp')).toBeFocused();
  await page.keyboard.type(edp);
  await page.keyboard.press('Enter');
  // Busy at once, before the app: a spinner on Anmelden and „Bitte warten“ in the page's status.
  await expect(page.locator('#first-view-status')).toHaveText('Bitte warten');
  await expect(page.locator('html')).toHaveAttribute('data-sending');
  expect(await login.liveLog()).toContain('Bitte warten');
  releaseApp();

  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
  await expect(page.locator('#first-view-status')).toHaveText('');
  await expect(page.locator('html')).not.toHaveAttribute('data-sending');
  expect(await login.codeFor(edp)).toMatch(/^\d{6}$/);
  expect(page.url()).toBe(login.pageUrl({ method: 'edp' }));
  expect(login.consoleMessages).toEqual([]);
});

test('Enter on view 1 while the app has not yet hydrated it is sent once the flow takes over', async ({
  login,
  page,
}, testInfo) => {
  const { edp } = valuesFor(testInfo);
  // React drops events on a view whose chunk it has not yet got: held here, for good.
  await page.route(/\/assets\/pending-send-code-[^/]+\.js$/, () => undefined);
  await page.goto(login.pageUrl({ method: 'edp' }), { waitUntil: 'commit' });
  await login.valueInput('edp').fill(edp);
  await login.valueInput('edp').press('Enter');

  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
  expect(await login.codeFor(edp)).toMatch(/^\d{6}$/);
});
