import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { freshValue, fulfillHtml, reachCodeView, watchForHarm } from '../support/hostile-helpers.ts';
import type { LoginScreen } from '../support/login-screen.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// The qrid and the resolver's answer, on a-ident's own host: what a hostile or missing value
// does. Expected throughout: no script runs, no navigation to an unsafe URL, and a stopped flow
// says why in the console.

async function openWithQrid(login: LoginScreen, query: Record<string, string> = {}) {
  await login.enableAllMethods();
  await login.open(query);
}

/** Signs in by mail with the code from the outbox; the resolver is called next. */
async function signInByMail(login: LoginScreen) {
  const code = await reachCodeView(login, 'mail', freshValue('mail', login.service));
  await login.codeInput().fill(code);
}

/**
 * A stopped flow shows no view, as the spec asks, but the page is no blank crash: the brand's
 * frame stays, with an empty card that CSS hides (which is why main is found by tag, not role).
 */
async function expectStoppedInFrame(page: Page) {
  await expect(page.locator('main')).toBeEmpty();
  await expect(page.getByRole('link', { name: SPEC_TEXTS.imprint })).toBeVisible();
}

function answerResolver(page: Page, origin: string, answer: (route: Route) => Promise<void>) {
  return page.route(`${origin}/api/resolver`, answer);
}

test.describe('a missing qrid', () => {
  for (const qrid of [undefined, '   ']) {
    test(`${qrid === undefined ? 'left out' : 'given blank'} shows nothing and says why in the console`, async ({
      login,
      page,
    }) => {
      const url = new URL(`${login.origin}/?service=${login.service}`);
      if (qrid !== undefined) url.searchParams.set('qrid', qrid);
      await page.goto(url.href);
      await login.expectNothingShown(`error: Service ${login.service} needs a qrid parameter`);
      expect(login.pageErrors).toEqual([]);
    });
  }
});

test.describe("a qrid a payment could not carry (PayPal's custom_id takes 127 characters)", () => {
  for (const { name, qrid } of [
    { name: '128 characters', qrid: 'q'.repeat(128) },
    { name: '10 000 characters', qrid: 'q'.repeat(10_000) },
    { name: 'a space', qrid: 'QR 123' },
  ]) {
    test(`with ${name} shows nothing, calls nothing and says why in the console`, async ({ login, page }) => {
      const calls = login.countRequests(/\/(api\/resolver|mws)\//);
      await login.enableAllMethods();
      await login.open({ qrid });
      await expect
        .poll(() => login.consoleMessages)
        .toContainEqual(
          `error: Invalid qrid parameter (${qrid.length} characters): a payment carries at most 127 printable ASCII characters without spaces`,
        );
      await expect(page.getByRole('main')).toHaveCount(0);
      expect(calls()).toEqual([]);
      expect(login.pageErrors).toEqual([]);
    });
  }
});

test.describe('a hostile qrid', () => {
  const qrids = [
    { name: '/ ? # .. and % characters', qrid: '../qr/?x=1&y=2#top/..%2F%2e%2e' },
    { name: '127 characters, as many as a payment carries', qrid: 'q'.repeat(127) },
  ];
  for (const { name, qrid } of qrids) {
    test(`with ${name} reaches the resolver and the redirect unchanged`, async ({ login, page }) => {
      const resolverForms: URLSearchParams[] = [];
      const harm = watchForHarm(page);
      await answerResolver(page, login.origin, (route) => {
        resolverForms.push(new URLSearchParams(route.request().postData() ?? ''));
        const data = { value: 0, targetDomain: `${login.origin}/landing`, path: 'a-ident' };
        return route.fulfill({ json: { success: true, exists: true, data } });
      });
      const redirected = await login.interceptRedirect(/\/landing\//);
      await openWithQrid(login, { qrid });
      await signInByMail(login);

      const target = await redirected();
      expect(resolverForms).toHaveLength(1);
      expect(resolverForms[0]?.get('qrid')).toBe(qrid);
      expect(target.origin).toBe(login.origin);
      expect(target.pathname).toBe(`/landing/a-ident/${encodeURIComponent(qrid)}`);
      expect(harm.dialogs).toEqual([]);
      expect(login.pageErrors).toEqual([]);
    });
  }
});

test.describe('a hostile resolver answer', () => {
  const targets = [
    'javascript:alert(1)',
    '//evil.example',
    'http://evil.example',
    'https://user@evil.example',
  ];
  const answers = [
    ...targets.map((targetDomain) => ({
      name: `the target ${targetDomain}`,
      data: { value: 0, targetDomain, path: 'a-ident' },
    })),
    // A payment must lead somewhere: refused before any money is taken.
    {
      name: 'a payment towards http://evil.example',
      data: { value: 5, targetDomain: 'http://evil.example' },
    },
    // Plain http is refused even towards a host the brand lists: the token must not travel in the
    // clear (the redirect hosts alone would refuse evil.example anyway).
    {
      name: 'the target http://pay.a-ident.example, a listed host over plain http',
      data: { value: 0, targetDomain: 'http://pay.a-ident.example' },
    },
    {
      name: 'a payment towards http://pay.a-ident.example, a listed host over plain http',
      data: { value: 5, targetDomain: 'http://pay.a-ident.example' },
    },
    // Well-formed https targets outside a-ident's redirectHosts (brand.json): anyone can put any
    // qrid in a link, and the resolver must not be able to hand the token to any host.
    ...['evil.example', 'https://a-ident.example.evil.example/x'].flatMap((targetDomain) => [
      {
        name: `the target ${targetDomain}, not one of the brand's redirect hosts`,
        data: { value: 0, targetDomain },
      },
      {
        name: `a payment towards ${targetDomain}, not one of the brand's redirect hosts`,
        data: { value: 5, targetDomain },
      },
    ]),
  ];
  for (const { name, data } of answers) {
    test(`with ${name} is refused: no navigation, a console error`, async ({ login, page }) => {
      const harm = watchForHarm(page);
      const evilRequests = login.countRequests(/(evil|a-ident)\.example/);
      await page.route(/(evil|a-ident)\.example/, (route) => route.fulfill({ body: 'evil' }));
      await answerResolver(page, login.origin, (route) =>
        route.fulfill({
          json: { success: true, exists: data.value === 0, data: { path: 'a-ident', ...data } },
        }),
      );
      await openWithQrid(login);
      await signInByMail(login);

      await expect
        .poll(() => login.consoleMessages)
        .toContainEqual(expect.stringMatching(/^error: Login flow stopped: refusing to redirect/));
      await expectStoppedInFrame(page);
      await expect(login.heading(SPEC_TEXTS.payTitle)).toHaveCount(0);
      expect(harm.navigations.filter((url) => !url.startsWith(`${login.origin}/`))).toEqual([]);
      expect(page.url().startsWith(`${login.origin}/`)).toBe(true);
      expect(evilRequests().map((request) => request.url())).toEqual([]);
      expect(harm.dialogs).toEqual([]);
      expect(login.pageErrors).toEqual([]);
    });
  }

  const brokenAnswers = [
    { name: 'a server error', answer: (route: Route) => route.fulfill({ status: 500, body: 'oops' }) },
    { name: 'an HTML page', answer: (route: Route) => fulfillHtml(route) },
  ];
  for (const { name, answer } of brokenAnswers) {
    test(`with ${name} stops the flow and says so in the console`, async ({ login, page }) => {
      const harm = watchForHarm(page);
      await answerResolver(page, login.origin, answer);
      await openWithQrid(login);
      await signInByMail(login);

      await expect
        .poll(() => login.consoleMessages)
        .toContainEqual('error: Login flow stopped: resolver failure: resolver call failed (rejected)');
      await expectStoppedInFrame(page);
      expect(harm.navigations.filter((url) => !url.startsWith(`${login.origin}/`))).toEqual([]);
      expect(login.pageErrors).toEqual([]);
    });
  }
});
