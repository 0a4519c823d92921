import { expect, test } from '../support/fixtures.ts';
import { holdRequests, startUrl } from '../support/hostile-helpers.ts';

// View 0 comes pre-rendered in the page (scripts/lib/prerender.ts): the page's first script shows
// it once the config confirms the service, before React has arrived, and the app hydrates it.

/** The app's bundle, which holds React: the page's first script is a chunk of its own. */
const APP_BUNDLE = /\/assets\/index-[^/]+\.js$/;

test('view 0 shows before the app has arrived, with the enabled methods only, and a method chosen then opens view 1 once it has', async ({
  login,
  page,
}) => {
  await login.setLoginMethods({ mail: true, number: false, edp: true });
  const releaseApp = await holdRequests(page, APP_BUNDLE);
  // The app's bundle holds back DOMContentLoaded, as every module script does.
  await page.goto(startUrl(login), { waitUntil: 'commit' });

  await expect(login.heading('Anmeldemethode wählen')).toBeVisible();
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
  const releaseApp = await holdRequests(page, APP_BUNDLE);
  await page.goto(startUrl(login), { waitUntil: 'commit' });
  await expect(login.heading('Anmeldemethode wählen')).toBeVisible();
  const phone = page.getByRole('button', { name: 'Telefonnummer' });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(phone).toBeFocused();

  // Once view 0 is the app's, it fetches the flow after it: the app has taken over by then.
  const flowFetched = page.waitForRequest(/\/assets\/login-flow-[^/]+\.js$/);
  releaseApp();
  await flowFetched;
  await expect(phone).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(login.heading('Mit Telefonnummer anmelden')).toBeVisible();
  expect(login.consoleMessages).toEqual([]);
});
