import { previewFrameUrl, previewViews, SCHEMES } from '../../src/preview/preview-views.ts';
import { BRAND_SERVICES } from '../support/brand-services.ts';
import { brandOf } from '../support/brands.ts';
import type { EngineLoginScreen } from '../support/engines/engine-login-screen.ts';
import { expect, test } from '../support/engines/fixtures.ts';
import { BrandSite, METHOD_LABELS, type Method } from '../support/login-screen.ts';
import { enabledMethods, valuesFor } from '../support/sign-in.ts';
import { LOGIN_METHODS } from '../../src/types/login-method.ts';
import { devLoginMethods } from '../../tools/demo/dev-config.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// What can differ between engines, in Firefox ESR and WebKitGTK (docs/decisions/014): the first
// view with its branding, a sign-in to the redirect with the code pasted from the clipboard, the
// dark scheme, and a-ident's payment. Every page is held to its policy and, in Firefox, to a clean
// console (fixtures.ts). What cannot differ by engine stays in the Chromium projects.

const DEMO_METHODS = devLoginMethods(BRAND_SERVICES);

/** How many methods the demo config gives a service. */
const offeredCount = (service: string) =>
  Object.values(DEMO_METHODS.get(service) ?? {}).filter(Boolean).length;

/**
 * a-dok and a-ident, and for each method a brand without it, as the demo config sets them: the
 * one that offers the most others, among those that offer mail or the EDP-Kennung, whose code
 * the test reads from the demo's outbox.
 */
const BRANDS = [
  ...new Set([
    'a-dok',
    'a-ident',
    ...LOGIN_METHODS.flatMap((method) =>
      BRAND_SERVICES.filter((service) => {
        const offered = DEMO_METHODS.get(service);
        return !service.startsWith('a-') && offered && !offered[method] && (offered.mail || offered.edp);
      })
        .sort((a, b) => offeredCount(b) - offeredCount(a))
        .slice(0, 1),
    ),
  ]),
];

/** The page asked each URL once: no preload left unused, no config fetched twice. */
async function expectEachRequestOnce(login: EngineLoginScreen): Promise<void> {
  const urls = await login.requestedUrls();
  const twice = urls.filter((url, index) => urls.indexOf(url) !== index);
  expect(twice, `requested more than once: ${urls.join('\n')}`).toEqual([]);
  expect(urls.filter((url) => new URL(url).pathname === '/api/config')).toHaveLength(1);
}

/** The logo file the page shows, once it has drawn it. */
async function shownLogo(login: EngineLoginScreen): Promise<string> {
  await expect
    .poll(() =>
      login.page.evaluate(() => {
        const logo = document.querySelector<HTMLImageElement>('header img');
        return logo && logo.naturalWidth > 0 ? new URL(logo.currentSrc).pathname : '';
      }),
    )
    .not.toBe('');
  return login.page.evaluate(
    () => new URL(document.querySelector<HTMLImageElement>('header img')?.currentSrc ?? '').pathname,
  );
}

/** Relative luminance of the page's background, 0 (black) to 1 (white). */
function backgroundLuminance(login: EngineLoginScreen): Promise<number> {
  return login.page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d');
    if (!probe) throw new Error('no 2d canvas');
    probe.fillStyle = getComputedStyle(document.documentElement).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = probe.getImageData(0, 0, 1, 1).data;
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
}

/** View 0 as the brand has it: its title, its logo, its accent, the methods its service enables. */
async function expectBrandedViewZero(login: EngineLoginScreen, methods: Method[]): Promise<void> {
  const brand = await brandOf(login.service);
  await login.heading(SPEC_TEXTS.chooseMethod);
  // The pre-rendered page has the brand's title; the flow's chunk names the view in it.
  await expect.poll(() => login.title()).toBe(`${SPEC_TEXTS.chooseMethod} – ${brand.title}`);
  expect(
    await login.page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
    ),
  ).toBe(brand.accentColor);
  expect(await shownLogo(login)).toMatch(/^\/assets\/logo-(?!dark-)[^/]+\.svg$/);
  for (const method of LOGIN_METHODS) {
    const button = await login.page.find('button', METHOD_LABELS[method]);
    expect(Boolean(button), `${METHOD_LABELS[method]} offered`).toBe(methods.includes(method));
  }
}

for (const service of BRANDS) {
  test(`${service}: view 0 carries the brand, each file is asked once, and a sign-in with the code pasted lands with a token`, async ({
    openLogin,
  }, testInfo) => {
    const methods = await enabledMethods(service);
    // The code of mail and EDP-Kennung is in the demo's outbox; the phone flow is Chromium's.
    const method = methods.find((each) => each === 'mail' || each === 'edp');
    if (!method) throw new Error(`${service} offers neither mail nor EDP-Kennung in the demo config`);
    const value = valuesFor(testInfo)[method];
    const login = await openLogin(service);

    await login.open();
    await expectBrandedViewZero(login, methods);
    await expectEachRequestOnce(login);
    expect(await backgroundLuminance(login)).toBeGreaterThan(0.7);

    await login.chooseMethod(method);
    await login.submitValue(method, value);
    await login.heading(SPEC_TEXTS.enterCode);
    await login.pasteCode(await login.codeFor(value, 'mail'));

    const landed = await login.waitForUrl(login.landingUrl);
    expect(`${landed.origin}${landed.pathname}`).toBe(login.landingUrl);
    expect([...landed.searchParams.keys()]).toEqual(['idtoken']);
  });
}

for (const service of ['a-dok', 'a-ident']) {
  test(`${service}: in the dark scheme the page turns dark and shows the logo for dark pages`, async ({
    openLogin,
  }) => {
    const brand = await brandOf(service);
    const login = await openLogin(service, { colorScheme: 'dark' });
    await login.open();
    await login.heading(SPEC_TEXTS.chooseMethod);
    expect(await backgroundLuminance(login)).toBeLessThan(0.2);
    expect(await shownLogo(login)).toMatch(
      brand.logoDark ? /^\/assets\/logo-dark-[^/]+\.svg$/ : /^\/assets\/logo-(?!dark-)[^/]+\.svg$/,
    );
    await expectEachRequestOnce(login);
  });
}

test('a-ident: a QR id with a value asks for the amount, pays with the PayPal stand-in and lands with the capture', async ({
  openLogin,
}, testInfo) => {
  const login = await openLogin('a-ident');
  const { mail } = valuesFor(testInfo);
  await login.open({ qrid: 'qr-pay', method: 'mail' });
  await login.submitValue('mail', mail);
  await login.heading(SPEC_TEXTS.enterCode);
  await login.pasteCode(await login.codeFor(mail, 'mail'));

  await login.heading(SPEC_TEXTS.payTitle);
  // PayPal's button draws in a frame of its own (the stand-in's, as zoid's, is same-origin).
  await expect
    .poll(() =>
      login.page.evaluate(() => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title="PayPal"]');
        const pay = [...(frame?.contentDocument?.querySelectorAll('button') ?? [])].find(
          (button) => button.textContent?.trim() === 'Mit PayPal bezahlen (Platzhalter)',
        );
        pay?.click();
        return Boolean(pay);
      }),
    )
    .toBe(true);
  await (await login.waitFor('button', 'Zahlung bestätigen (Platzhalter)')).click();

  const landed = await login.waitForUrl(`${login.origin}/landing/a-ident/qr-pay`);
  expect([...landed.searchParams.keys()]).toEqual(['idtoken', 'ppid']);
  expect(landed.searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-\d+$/);
});

// The preview draws each view, the payment with PayPal's stand-in too, under the page's policy.
// The views are one app for every brand, so the brand with the most of them opens every frame;
// what a brand changes, its first view with its logo and accent, each brand shows below.
const RICHEST =
  [...BRAND_SERVICES].sort((a, b) => previewViews(b).length - previewViews(a).length)[0] ?? 'a-dok';

test(`${RICHEST}: the preview of every view, light and dark, leaves the engine's console clean`, async ({
  engineBrowser,
}) => {
  const site = new BrandSite(RICHEST);
  const preview = `${site.origin}/preview.html?service=${RICHEST}`;
  // The preview loads a frame only near the viewport, so each frame is opened as a page of its own too.
  const frames = previewViews(RICHEST).flatMap((view) =>
    SCHEMES.map((scheme) => previewFrameUrl(preview, RICHEST, view.key, scheme)),
  );
  const messages = await engineBrowser.readConsole([preview, ...frames], 4_000);
  expect(messages, `${engineBrowser.name}'s console`).toEqual([]);
});

// Every page opens on the view the build pre-rendered, which the app hydrates (src/main.tsx): a
// mismatch is React's recoverable error in the console, so every brand's first view.
test("every brand's pre-rendered first view hydrates with the engine's console clean", async ({
  engineBrowser,
}) => {
  const messages = await engineBrowser.readConsole(
    BRAND_SERVICES.map((service) => new BrandSite(service).pageUrl()),
    4_000,
  );
  expect(messages, `${engineBrowser.name}'s console`).toEqual([]);
});
