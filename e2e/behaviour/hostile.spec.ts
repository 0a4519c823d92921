import type { Page, Request, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  expectError,
  freshValue,
  fulfillHtml,
  fulfillJson,
  GENERIC_ERROR,
  holdRequests,
  mwsUrl,
  reachCodeView,
  signsOfInjection,
  startUrl,
  watchForHarm,
} from '../support/hostile-helpers.ts';
import { startForgetfulHost } from '../support/forgetful-host.ts';
import { demoOrigin, LoginScreen } from '../support/login-screen.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// Expected throughout: no script runs, no navigation to an unsafe URL, at most one request per
// submit, a spec error code or nothing shown, and never a blank crash once a view was visible.

const CONFIG_ERROR = 'error: The config could not be loaded or is malformed.';
/** What every brand's page loads whatever its query: the bundle and the files index.html names. */
const STATIC_FILE =
  /^\/(assets\/.+|favicon\.(ico|svg)|apple-touch-icon\.png|icon-\d+\.png|manifest\.webmanifest)$/;

/** The development config the demo server gives `service`'s page, as Node reads it. */
async function realConfig(service: string): Promise<{ services: Record<string, unknown> }> {
  const response = await fetch(`${demoOrigin()}/${service}/api/config`);
  return (await response.json()) as { services: Record<string, unknown> };
}

test.describe('a hostile service parameter', () => {
  const values = [
    '__proto__',
    'constructor',
    '../../',
    '<script>alert(1)</script>',
    // Split, so only a script that ran can print the word; the page's own log shows the value.
    "<img src=x onerror=console.log('pw'+'ned')>",
  ];

  test('shows nothing, runs no script and asks only its own config', async ({ login, page }) => {
    const harm = watchForHarm(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await login.enableAllMethods();
    for (const value of values) {
      const url = new URL(`${login.origin}/`);
      url.searchParams.set('service', value);
      const logged = login.consoleMessages.length;
      requests.length = 0;
      await page.goto(url.href);

      await expect
        .poll(() => login.consoleMessages.slice(logged), { message: value })
        .toContainEqual(`error: Service ${JSON.stringify(value)} is unknown`);
      await expect(page.getByRole('main')).toHaveCount(0);
      // The value reaches no URL: besides the page and its static files, only the config is asked.
      const urls = requests.map((request) => request.url()).filter((seen) => seen !== url.href);
      expect(urls.filter((seen) => !seen.startsWith(`${login.origin}/`))).toEqual([]);
      const paths = urls.map((seen) => new URL(seen).pathname).filter((path) => !STATIC_FILE.test(path));
      expect(new Set(paths), value).toEqual(new Set(['/api/config']));
    }
    expect(harm.dialogs).toEqual([]);
    expect(signsOfInjection(login.consoleMessages)).toEqual([]);
    expect(login.pageErrors).toEqual([]);
  });

  test('stays unknown when the config names __proto__ and constructor as its own keys', async ({
    login,
    page,
    service,
  }) => {
    const entry = JSON.stringify((await realConfig(service)).services[service]);
    // Written as text: JSON.parse makes "__proto__" an own key, an object literal would not.
    const body = `{"services":{"__proto__":${entry},"constructor":${entry}}}`;
    await page.route(`${login.origin}/api/config`, (route) =>
      route.fulfill({ contentType: 'application/json', body }),
    );
    for (const value of ['__proto__', 'constructor']) {
      const logged = login.consoleMessages.length;
      await page.goto(`${login.origin}/?service=${value}`);
      await expect
        .poll(() => login.consoleMessages.slice(logged))
        .toContainEqual(`error: Service "${value}" is unknown`);
      await expect(page.getByRole('main')).toHaveCount(0);
    }
    expect(login.pageErrors).toEqual([]);
  });
});

test.describe('a hostile config', () => {
  const nested = 2_500_000;
  const broken = [
    { name: 'cut-off JSON', body: '{"services": [', contentType: 'application/json' },
    {
      name: 'an HTML page',
      body: '<!doctype html><title>Login</title><p>Hallo</p>',
      contentType: 'text/html',
    },
    { name: 'services as a list', body: '{"services": []}', contentType: 'application/json' },
    {
      name: '5 MB of nested lists',
      body: `{"services":${'['.repeat(nested)}${']'.repeat(nested)}}`,
      contentType: 'application/json',
    },
  ];

  test('that is malformed shows nothing and does not crash', async ({ login, page }) => {
    let current = { body: '', contentType: '' };
    await page.route(`${login.origin}/api/config`, (route) => route.fulfill(current));
    for (const config of broken) {
      current = config;
      const logged = login.consoleMessages.length;
      await login.open();
      await expect
        .poll(() => login.consoleMessages.slice(logged), { message: config.name })
        .toContainEqual(CONFIG_ERROR);
      await expect(page.getByRole('main'), config.name).toHaveCount(0);
      expect(await login.rootEverShown(), config.name).toBe(false);
    }
    expect(login.pageErrors).toEqual([]);
  });

  test('that answers 500 or not at all shows nothing', async ({ login, page }) => {
    const answers = [
      (route: Route) => route.fulfill({ status: 500, json: { services: {} } }),
      (route: Route) => route.abort('failed'),
    ];
    let answer = (route: Route) => route.continue();
    await page.route(`${login.origin}/api/config`, (route) => answer(route));
    for (const next of answers) {
      answer = next;
      const logged = login.consoleMessages.length;
      await login.open();
      await expect.poll(() => login.consoleMessages.slice(logged)).toContainEqual(CONFIG_ERROR);
      await expect(page.getByRole('main')).toHaveCount(0);
      expect(await login.rootEverShown()).toBe(false);
    }
    expect(login.pageErrors).toEqual([]);
  });

  test('that does not answer shows nothing meanwhile and nothing after', async ({ login, page }) => {
    const release = await holdRequests(page, `${login.origin}/api/config`);
    const asked = page.waitForRequest(`${login.origin}/api/config`);
    // The held config is preloaded, which holds back the load event too.
    await page.goto(startUrl(login), { waitUntil: 'domcontentloaded' });
    await asked;
    await expect(page.getByRole('main')).toHaveCount(0);
    // The client's own 15 s timeout ends the call as no answer does.
    release((route) => route.abort('timedout'));
    await login.expectNothingShown(CONFIG_ERROR);
    expect(login.pageErrors).toEqual([]);
  });

  test('with a junk field still works, as its schema ignores unknown fields', async ({
    login,
    page,
    service,
  }) => {
    const config = { ...(await realConfig(service)), junk: 'x'.repeat(100 * 1024) };
    await page.route(`${login.origin}/api/config`, (route) => route.fulfill({ json: config }));
    await login.open();
    await expect(login.heading(SPEC_TEXTS.chooseMethod)).toBeVisible();
    expect(login.pageErrors).toEqual([]);
  });

  // Issue 14: every answer has a size cap before it is parsed, 256 KiB for the config.
  test('of 5 MB is refused before it is parsed: nothing shown, a console error', async ({
    login,
    page,
    service,
  }) => {
    const config = { ...(await realConfig(service)), junk: 'x'.repeat(5 * 1024 * 1024) };
    await page.route(`${login.origin}/api/config`, (route) => route.fulfill({ json: config }));
    await login.open();
    await login.expectNothingShown(CONFIG_ERROR);
    expect(login.pageErrors).toEqual([]);
  });
});

test.describe('a hostile MWS', () => {
  test.beforeEach(async ({ login }) => {
    await login.enableAllMethods();
  });

  test('that answers a send with 500 or HTML shows AM02 and keeps the value', async ({
    login,
    page,
    service,
  }) => {
    const answers = [
      (route: Route) => fulfillJson(route, { status: 200, message: 'mail sent' }, 500),
      (route: Route) => fulfillHtml(route),
    ];
    let answer = (route: Route) => route.continue();
    await page.route(mwsUrl('users/auth/mail'), (route) => answer(route));
    await login.open();
    await login.chooseMethod('mail');
    const value = freshValue('mail', service);
    await login.valueInput('mail').fill(value);
    for (const next of answers) {
      answer = next;
      await login.valueInput('mail').press('Enter');
      await expectError(page, 'AM02', GENERIC_ERROR);
      await expect(login.valueInput('mail')).toHaveValue(value);
      await expect(login.statusRegion()).toBeHidden();
    }
    expect(login.pageErrors).toEqual([]);
  });

  test('that does not answer a send keeps the view busy, then shows AM01', async ({
    login,
    page,
    service,
  }) => {
    const sends = login.countRequests(/\/mws\/users\/auth\/mail$/);
    const release = await holdRequests(page, mwsUrl('users/auth/mail'));
    await login.open();
    await login.chooseMethod('mail');
    const value = freshValue('mail', service);
    await login.submitValue('mail', value);
    await expect(login.submitButton(SPEC_TEXTS.signIn)).toHaveAttribute('aria-disabled', 'true');
    await expect(login.statusRegion()).toHaveText('Bitte warten');
    await expect(login.valueInput('mail')).toHaveAttribute('readonly');

    // The client's own 15 s timeout ends the call as no answer does.
    release((route) => route.abort('timedout'));
    await expectError(page, 'AM01', GENERIC_ERROR);
    await expect(login.valueInput('mail')).toHaveValue(value);
    expect(sends()).toHaveLength(1);
    expect(login.pageErrors).toEqual([]);
  });

  test('that answers a code check with 500 or HTML shows VM02', async ({ login, page, service }) => {
    const answers = [(route: Route) => route.fulfill({ status: 500, body: '' }), fulfillHtml];
    let answer = (route: Route) => route.continue();
    await page.route(mwsUrl('users/verify/mail'), (route) => answer(route));
    await login.open();
    await reachCodeView(login, 'mail', freshValue('mail', service));
    for (const [round, next] of answers.entries()) {
      answer = next;
      await login.codeInput().fill(`12345${round}`);
      // A failed check empties the field: this round's answer has arrived.
      await expect(login.codeInput()).toHaveValue('');
      await expectError(page, 'VM02', GENERIC_ERROR);
      await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
      await expect(login.codeInput()).toBeEditable();
    }
    expect(login.pageErrors).toEqual([]);
  });
});

test.describe('submitting twice', () => {
  test.beforeEach(async ({ login }) => {
    await login.enableAllMethods();
  });

  const doubleSubmits = [
    {
      name: 'a double click on Anmelden',
      submit: (page: Page) => page.getByRole('button', { name: SPEC_TEXTS.signIn, exact: true }).dblclick(),
    },
    {
      name: 'Enter and then a click on Anmelden',
      submit: async (page: Page, login: LoginScreen) => {
        await login.valueInput('mail').press('Enter');
        // force: Playwright waits out aria-disabled, which a visitor's click does not.
        await page.getByRole('button', { name: /^Anmelden/ }).click({ force: true });
      },
    },
  ];
  for (const { name, submit } of doubleSubmits) {
    test(`${name} sends one code`, async ({ login, page, service }) => {
      const sends = login.countRequests(/\/mws\/users\/auth\/mail$/);
      // The first send is held, so the second submit surely comes while it is on its way.
      const release = await holdRequests(page, mwsUrl('users/auth/mail'));
      await login.open();
      await login.chooseMethod('mail');
      await login.valueInput('mail').fill(freshValue('mail', service));
      await submit(page, login);
      await expect(login.statusRegion()).toHaveText('Bitte warten');
      release();

      await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible();
      expect(sends()).toHaveLength(1);
    });
  }

  test('the sixth digit, Enter and a click on Verifizieren check the code once', async ({
    login,
    page,
    service,
  }) => {
    const checks = login.countRequests(/\/mws\/users\/verify\/mail$/);
    const release = await holdRequests(page, mwsUrl('users/verify/mail'));
    await login.open();
    const code = await reachCodeView(login, 'mail', freshValue('mail', service));
    await login.codeInput().fill(code);
    await login.codeInput().press('Enter');
    await page.getByRole('button', { name: /^Verifizieren/ }).click({ force: true });
    release((route) => fulfillJson(route, { status: 'error', message: 'wrong code' }, 400));

    await expect(page.locator('[data-error-code]')).toHaveAttribute('data-error-code', 'VM01');
    expect(checks()).toHaveLength(1);
  });
});

test.describe('a host that forgets frame-ancestors', () => {
  test('lets another site frame the page, which then shows nothing and says why', async ({
    page,
    service,
  }) => {
    const host = await startForgetfulHost(service);
    try {
      // The same folder on the same host, in a tab of its own: the first view is there.
      await page.goto(host.gatewayUrl);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button').first()).toBeVisible();

      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await page.goto(host.otherPage);
      const frame = page.frameLocator('iframe[title="gateway"]');
      // The browser drew the frame (no header forbade it) and the page in it ran...
      await expect(frame.locator('html[data-brand]')).toHaveAttribute('data-brand', service);
      await expect.poll(() => messages.some((text) => /does not show inside a frame/.test(text))).toBe(true);
      // ...and left nothing to click or type into: the view the build pre-rendered stays hidden.
      await expect(frame.locator('main, h1, input, button, a').filter({ visible: true })).toHaveCount(0);
      await expect(frame.locator('#root')).toBeHidden();
    } finally {
      await host.stop();
    }
  });
});
