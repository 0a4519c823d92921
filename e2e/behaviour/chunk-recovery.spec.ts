import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectMwsToken, requestCode, tokenOfRedirect, valuesFor } from '../support/sign-in.ts';

// A page opened before a release asks for the chunks of that release, which the host may no
// longer have (docs/decisions/015-chunk-load-recovery.md). Here the code view's chunk answers 404.

const VERIFY_VIEW_CHUNK = '**/assets/verify-view-*.js';
const LOAD_FAILED = 'Die Seite konnte nicht vollständig geladen werden. Bitte lade die Seite neu.';

/** The URL of every document the tab loads from now on: the first, and each reload. */
function documentsOf(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  return documents;
}

/** The code view's chunk is gone for as long as `gone` says, the prefetch included. */
async function removeVerifyViewChunk(page: Page, gone: () => boolean): Promise<() => number> {
  let refused = 0;
  await page.route(VERIFY_VIEW_CHUNK, async (route) => {
    if (!gone()) return route.fallback();
    refused += 1;
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  });
  return () => refused;
}

test('a code view whose chunk is gone reloads the page once by itself, back on the code view with the code sent', async ({
  login,
  page,
}, testInfo) => {
  const { mail } = valuesFor(testInfo);
  const documents = documentsOf(page);
  // Gone on the page opened first; the reload brings the current release, which has it.
  const refused = await removeVerifyViewChunk(page, () => documents.length < 2);
  const sends = login.countRequests(/\/mws\/users\/auth\/mail$/);
  const redirected = await login.interceptRedirect(/\/landing\//);
  await login.open();

  await requestCode(login, 'mail', mail);
  expect(documents).toEqual([login.pageUrl(), login.pageUrl()]);
  expect(refused()).toBeGreaterThan(0);
  expect(sends()).toHaveLength(1);
  await expect(login.codeSentHint()).toBeVisible();

  await login.codeInput().pressSequentially(await login.codeFor(mail, 'mail'));
  expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', mail);
  expect(login.pageErrors).toEqual([]);
});

test('a code view whose chunk stays gone reloads once, then says so with a reload button, and never loops', async ({
  login,
  page,
}, testInfo) => {
  const { mail } = valuesFor(testInfo);
  const documents = documentsOf(page);
  await removeVerifyViewChunk(page, () => true);
  await login.open();
  await login.chooseMethod('mail');
  await login.submitValue('mail', mail);

  await expect(page.getByRole('alert')).toHaveText(LOAD_FAILED, { timeout: 15_000 });
  const reloadButton = page.getByRole('button', { name: 'Seite neu laden' });
  await expect(reloadButton).toBeVisible();
  expect(documents).toHaveLength(2);

  // The visitor's own reload is one more, and the page, not reloading again within the minute,
  // says so again.
  await reloadButton.click();
  await expect.poll(() => documents.length).toBe(3);
  await expect(page.getByRole('alert')).toHaveText(LOAD_FAILED);
  await expect(reloadButton).toBeVisible();
  expect(documents).toHaveLength(3);
});
