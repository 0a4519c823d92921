import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Request, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { demoOrigin, type LoginScreen } from './support/login-screen.ts';

// The demo resolver's rows (docs/demo.md) pick what happens after the code; the config points
// the page at the demo's PayPal stand-in unless a test takes paymentSdkUrl out of it.

const STAND_IN_SCRIPT = readFileSync(
  new URL('../scripts/server/paypal-stand-in.js', import.meta.url),
  'utf8',
);
// The stand-in's three buttons (scripts/server/paypal-stand-in.js) and the spec's message.
const PAY = 'Mit PayPal bezahlen (Platzhalter)';
const CANCEL = 'Zahlung abbrechen (Platzhalter)';
const FAIL = 'Zahlungsfehler auslösen (Platzhalter)';
const UNAVAILABLE = 'Die Zahlung konnte nicht geladen werden. Bitte versuche es später erneut.';
const LIVE_SDK = 'https://www.paypal.com/sdk/js';
const SANDBOX_SDK = 'https://www.sandbox.paypal.com/sdk/js';
const DISABLED_CARDS = 'amex,discover,jcb,elo,hiper';
// The payment view is a chunk of its own, and the SDK a script of PayPal's (or the stand-in).
// Both are prefetched while the resolver answers; the SDK runs only when a payment is due.
const PAYMENT_VIEW_CHUNK = /\/payment-view-[\w-]+\.js$/;
const SDK = /\/sdk\/js/;
const PAYMENT_REQUESTS = /\/payment-view-[\w-]+\.js|\/sdk\/js/;

/** Signs in by mail with an address no other test uses; the resolver then runs for `qrid`. */
async function signIn(login: LoginScreen, qrid: string): Promise<string> {
  const address = `${qrid}-${randomUUID().slice(0, 8)}@example.com`;
  await login.open({ qrid, method: 'mail' });
  await login.submitValue('mail', address);
  await login.codeInput().fill(await login.codeFor(address, 'mail'));
  return address;
}

/** The resolver's target on the page's own host, carrying a token issued for `address`. */
function expectLanding(url: URL, login: LoginScreen, qrid: string, address: string): void {
  expect(url.origin).toBe(login.origin);
  expect(url.pathname).toBe(`/landing/a-ident/${qrid}`);
  const [, payload = ''] = (url.searchParams.get('idtoken') ?? '').split('.');
  expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toMatchObject({ sub: address });
}

/** Without the config's paymentSdkUrl the page loads PayPal's own SDK, as in production. */
async function useRealPayPalSdk(login: LoginScreen): Promise<void> {
  await login.page.route(`${login.origin}/api/config`, async (route) => {
    // Node cannot resolve *.localhost as browsers do: ask the same server by address, with the
    // brand's Host header, so the config is the one the page would have received.
    const response = await route.fetch({
      url: `${demoOrigin()}/api/config`,
      headers: { ...route.request().headers(), host: new URL(login.origin).host },
    });
    const config = (await response.json()) as { services: Record<string, { paymentSdkUrl?: string }> };
    for (const entry of Object.values(config.services)) delete entry.paymentSdkUrl;
    await route.fulfill({ response, json: config });
  });
}

/** Answers PayPal's SDK URL with the demo stand-in, so the real-URL path runs offline. */
async function serveStandIn(route: Route): Promise<void> {
  await route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN_SCRIPT });
}

function paymentView(login: LoginScreen) {
  return login.heading('Zu bezahlender Betrag für A-Ident freischaltung');
}

function standInButton(login: LoginScreen, name: string) {
  return login.page.getByRole('button', { name });
}

/** SDK requests of a <script>, which runs it; a prefetch only fills the cache. */
function sdkScripts(requests: Request[]): Request[] {
  return requests.filter((request) => request.resourceType() === 'script' && SDK.test(request.url()));
}

const isSdkScript = (request: Request) => sdkScripts([request]).length === 1;

test('an unlocked QR id redirects right after the code, with no payment', async ({ login }) => {
  const redirected = await login.interceptRedirect(/\/landing\//);
  const paymentRequests = login.countRequests(PAYMENT_REQUESTS);
  const address = await signIn(login, 'qr-exists');

  const url = await redirected();
  expectLanding(url, login, 'qr-exists', address);
  expect([...url.searchParams.keys()]).toEqual(['idtoken']);
  // Prefetched while the resolver answered, perhaps, but PayPal's SDK never ran.
  expect(sdkScripts(paymentRequests())).toEqual([]);
});

test('a QR id with a value asks for the amount in euros and redirects with the PayPal capture after approval', async ({
  login,
  page,
}) => {
  const redirected = await login.interceptRedirect(/\/landing\//);
  const paymentRequests = login.countRequests(PAYMENT_REQUESTS);
  const address = await signIn(login, 'qr-pay');

  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByRole('main').getByText(/^5,00\s€$/)).toBeVisible();
  await standInButton(login, PAY).click();

  const url = await redirected();
  expectLanding(url, login, 'qr-pay', address);
  expect([...url.searchParams.keys()]).toEqual(['idtoken', 'ppid']);
  expect(url.searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-\d+$/);
  // The view's chunk once; the SDK prefetched, then run from the same URL (the redirect-only
  // tests never see it run).
  const requested = paymentRequests();
  expect(requested.filter((request) => PAYMENT_VIEW_CHUNK.test(request.url()))).toHaveLength(1);
  const sdk = requested.filter((request) => SDK.test(request.url()));
  expect(sdk.map((request) => request.resourceType())).toEqual(['other', 'script']);
  expect(new URL(sdk[0]?.url() ?? '').pathname).toBe('/dev/paypal/sdk/js');
  expect(sdk[1]?.url()).toBe(sdk[0]?.url());
});

test('an amount given as a decimal string is shown with its cents', async ({ login, page }) => {
  await signIn(login, 'qr-cents');
  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByRole('main').getByText(/^12,34\s€$/)).toBeVisible();
});

test('cancelling the payment keeps the visitor on the payment view, free to pay after all', async ({
  login,
  page,
}) => {
  const landings = login.countRequests(/\/landing\//);
  const redirected = await login.interceptRedirect(/\/landing\//);
  await signIn(login, 'qr-pay');
  await expect(paymentView(login)).toBeVisible();
  const loginUrl = page.url();

  await standInButton(login, CANCEL).click();
  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByText('Bei der Bearbeitung Ihrer Bestellung')).toHaveCount(0);
  expect(page.url()).toBe(loginUrl);

  // Had the cancel led anywhere, that navigation would be the first one counted here.
  await standInButton(login, PAY).click();
  expect((await redirected()).searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-/);
  expect(landings().filter((request) => request.isNavigationRequest())).toHaveLength(1);
});

test('a payment error shows the alert with PayPal’s detail and stays on the payment view', async ({
  login,
  page,
}) => {
  const landings = login.countRequests(/\/landing\//);
  await signIn(login, 'qr-pay');
  await expect(paymentView(login)).toBeVisible();
  const loginUrl = page.url();

  await standInButton(login, FAIL).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Bei der Bearbeitung Ihrer Bestellung ist ein Fehler aufgetreten! (INSTRUMENT_DECLINED (Platzhalter))',
  );
  await expect(paymentView(login)).toBeVisible();
  await expect(standInButton(login, PAY)).toBeVisible();
  expect(page.url()).toBe(loginUrl);
  expect(landings()).toEqual([]);
});

test('a PayPal script that does not load says the payment could not be loaded', async ({ login, page }) => {
  const sdkRequests: string[] = [];
  await page.route(`${login.origin}/dev/paypal/sdk/js**`, async (route) => {
    sdkRequests.push(route.request().resourceType());
    await route.fulfill({ status: 500, contentType: 'text/plain', body: 'kaputt' });
  });
  await signIn(login, 'qr-pay');

  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
  await expect(standInButton(login, PAY)).toHaveCount(0);
  // The prefetch failed as well, and the script asked once, not again and again.
  expect(sdkRequests).toEqual(['other', 'script']);
});

test('PayPal’s own SDK that cannot be reached gives the same message', async ({ login, page }) => {
  await useRealPayPalSdk(login);
  const aborted: string[] = [];
  for (const host of [LIVE_SDK, SANDBOX_SDK]) {
    await page.route(`${host}**`, async (route) => {
      // A build with a live client id also prefetches the live SDK; only scripts count here.
      if (isSdkScript(route.request())) aborted.push(route.request().url());
      await route.abort('internetdisconnected');
    });
  }
  // The sandbox sponsor, because it has a client id in every build (PayPal's shared `sb`).
  await signIn(login, 'qr-sandbox');

  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
  expect(aborted).toHaveLength(1);
  expect(aborted[0]).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/sdk\/js\?/);
});

test('a QR id with value 0 redirects without a payment', async ({ login }) => {
  const redirected = await login.interceptRedirect(/\/landing\//);
  const paymentRequests = login.countRequests(PAYMENT_REQUESTS);
  const address = await signIn(login, 'qr-free');

  const url = await redirected();
  expectLanding(url, login, 'qr-free', address);
  expect([...url.searchParams.keys()]).toEqual(['idtoken']);
  expect(sdkScripts(paymentRequests())).toEqual([]);
});

test.describe('the PayPal SDK request', () => {
  test('for the sandbox sponsor carries the sandbox client id, euros and the cards the spec turns off', async ({
    login,
    page,
  }) => {
    const sdkRequest = page.waitForRequest(isSdkScript);
    await signIn(login, 'qr-sandbox');

    const query = new URL((await sdkRequest).url()).searchParams;
    expect(query.get('client-id')).toBe('sb');
    expect(query.get('currency')).toBe('EUR');
    expect(query.get('disable-card')).toBe(DISABLED_CARDS);
    await expect(standInButton(login, PAY)).toBeVisible();
  });

  test('for a live sponsor carries the live setting, not the sandbox client id', async ({ login, page }) => {
    const sdkRequest = page.waitForRequest(isSdkScript);
    await signIn(login, 'qr-pay');

    const url = new URL((await sdkRequest).url());
    expect(url.origin).toBe(login.origin);
    // A build without a live id uses the stand-in's placeholder (decision 005), never `sb`.
    expect(url.searchParams.get('client-id')).toBe(process.env.VITE_PAYPAL_CLIENT_ID_LIVE || 'stand-in');
    expect(url.searchParams.get('currency')).toBe('EUR');
    expect(url.searchParams.get('disable-card')).toBe(DISABLED_CARDS);
    await expect(standInButton(login, PAY)).toBeVisible();
  });

  test('against PayPal’s own SDK, the sandbox sponsor loads it from the sandbox host and can pay', async ({
    login,
    page,
  }) => {
    await useRealPayPalSdk(login);
    await page.route(`${LIVE_SDK}**`, serveStandIn);
    await page.route(`${SANDBOX_SDK}**`, serveStandIn);
    const sdkRequests = login.countRequests(/\/sdk\/js/);
    const redirected = await login.interceptRedirect(/\/landing\//);
    const address = await signIn(login, 'qr-sandbox');

    await standInButton(login, PAY).click();
    const url = await redirected();
    expectLanding(url, login, 'qr-sandbox', address);
    expect(url.searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-\d+$/);

    const requested = sdkScripts(sdkRequests()).map((request) => new URL(request.url()));
    expect(requested.map((sdk) => `${sdk.origin}${sdk.pathname}`)).toEqual([SANDBOX_SDK]);
    expect(requested[0]?.searchParams.get('client-id')).toBe('sb');
    expect(requested[0]?.searchParams.get('currency')).toBe('EUR');
    expect(requested[0]?.searchParams.get('disable-card')).toBe(DISABLED_CARDS);
  });

  test('against PayPal’s own SDK, a live sponsor never uses the sandbox host', async ({ login, page }) => {
    await useRealPayPalSdk(login);
    await page.route(`${LIVE_SDK}**`, serveStandIn);
    await page.route(`${SANDBOX_SDK}**`, serveStandIn);
    const sdkRequests = login.countRequests(/\/sdk\/js/);
    await signIn(login, 'qr-pay');
    await expect(paymentView(login)).toBeVisible();

    // The build decides (decision 004): with VITE_PAYPAL_CLIENT_ID_LIVE the page loads PayPal's
    // live SDK with that id; without it, it refuses to load PayPal at all and logs why.
    const liveClientId = process.env.VITE_PAYPAL_CLIENT_ID_LIVE;
    if (liveClientId) {
      await expect(standInButton(login, PAY)).toBeVisible();
      // The SDK was prefetched while the resolver answered, at the URL the script then used, and
      // the page's CSP let it.
      const prefetched = sdkRequests().filter((request) => request.resourceType() === 'other');
      expect(prefetched.map((request) => request.url())).toEqual([sdkScripts(sdkRequests())[0]?.url()]);
      expect(login.consoleMessages.filter((message) => /Content Security Policy/i.test(message))).toEqual([]);
      const requested = sdkScripts(sdkRequests()).map((request) => new URL(request.url()));
      expect(requested.map((sdk) => `${sdk.origin}${sdk.pathname}`)).toEqual([LIVE_SDK]);
      expect(requested[0]?.searchParams.get('client-id')).toBe(liveClientId);
      expect(requested[0]?.searchParams.get('currency')).toBe('EUR');
      expect(requested[0]?.searchParams.get('disable-card')).toBe(DISABLED_CARDS);
    } else {
      await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
      expect(login.consoleMessages).toContainEqual(expect.stringContaining('VITE_PAYPAL_CLIENT_ID_LIVE'));
      // Not even prefetched: there is no client id to ask with.
      expect(sdkRequests()).toEqual([]);
    }
  });
});

test('a QR id the resolver does not know stops the flow: nothing shown, the reason in the console', async ({
  login,
  page,
}) => {
  const landings = login.countRequests(/\/landing\//);
  await signIn(login, 'qr-fail');

  await expect
    .poll(() => login.consoleMessages.filter((message) => message.startsWith('error: Login flow stopped')))
    .toHaveLength(1);
  // The card stays in the DOM, empty and hidden; the frame around it keeps logo and links.
  const card = page.locator('main');
  await expect(card).toBeEmpty();
  await expect(card.locator('*')).toHaveCount(0);
  await expect(card).toBeHidden();
  expect(new URL(page.url()).searchParams.get('qrid')).toBe('qr-fail');
  expect(new URL(page.url()).origin).toBe(login.origin);
  expect(landings()).toEqual([]);
});

test.describe('fetched before it is needed', () => {
  test('the payment view and the PayPal SDK load while the resolver answers, and the payment still completes', async ({
    login,
    page,
  }) => {
    // Every request of interest and the resolver's answer, in the order the browser reports them.
    const events: string[] = [];
    const sdk: Request[] = [];
    let prefetchesSeen: () => void = () => undefined;
    const prefetched = new Promise<void>((resolve) => (prefetchesSeen = resolve));
    page.on('request', (request) => {
      if (PAYMENT_VIEW_CHUNK.test(request.url())) events.push('payment view');
      else if (SDK.test(request.url())) {
        events.push(`sdk ${request.resourceType()}`);
        sdk.push(request);
      } else return;
      if (events.includes('payment view') && events.includes('sdk other')) prefetchesSeen();
    });
    page.on('response', (response) => {
      if (response.url() === `${login.origin}/api/resolver`) events.push('resolver answered');
    });
    // A slow resolver: it answers once both prefetches have started, or after 3 s. A page that
    // waited for the answer would show them after it.
    await page.route(`${login.origin}/api/resolver`, async (route) => {
      events.push('resolver asked');
      await Promise.race([prefetched, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      await route.fallback();
    });
    const redirected = await login.interceptRedirect(/\/landing\//);
    const address = await signIn(login, 'qr-pay');

    await expect(paymentView(login)).toBeVisible();
    await expect(standInButton(login, PAY)).toBeVisible();
    const answered = events.indexOf('resolver answered');
    expect(answered).toBeGreaterThan(0);
    expect(events.slice(0, answered).toSorted()).toEqual(['payment view', 'resolver asked', 'sdk other']);
    expect(events.slice(answered)).toEqual(['resolver answered', 'sdk script']);

    await standInButton(login, PAY).click();
    const url = await redirected();
    expectLanding(url, login, 'qr-pay', address);
    expect(url.searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-\d+$/);
    // The stand-in's URL as the script asked for it, and cacheable, so the prefetch can serve it.
    const [prefetch, script] = sdk;
    expect(new URL(prefetch?.url() ?? '').pathname).toBe('/dev/paypal/sdk/js');
    expect(script?.url()).toBe(prefetch?.url());
    expect((await prefetch?.response())?.headers()['cache-control']).toBe('public, max-age=3600');
    expect(login.consoleMessages.filter((message) => /Content Security Policy/i.test(message))).toEqual([]);
  });

  test('choosing the phone method fetches Firebase before the visitor sends anything', async ({ login }) => {
    const firebase = login.countRequests(/\/firebase-phone-[\w-]+\.js$/);
    const sent = login.countRequests(/\/mws\/|identitytoolkit|recaptcha/);
    await login.open();
    await expect(login.methodButton('number')).toBeVisible();
    // The first view has no use for Firebase and does not load it.
    expect(firebase()).toEqual([]);

    await login.chooseMethod('number');
    await expect(login.valueInput('number')).toBeVisible();
    await expect.poll(() => firebase().length).toBe(1);
    expect((await firebase()[0]?.response())?.status()).toBe(200);
    await expect(login.valueInput('number')).toHaveValue('');
    expect(sent()).toEqual([]);
  });
});
