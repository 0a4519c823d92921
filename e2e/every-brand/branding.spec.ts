import sharp from 'sharp';
import { markContrastProblems } from '../../scripts/lib/mark-contrast.ts';
import { brandOf } from '../support/brands.ts';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { demoOrigin } from '../support/login-screen.ts';
import {
  analyseMark,
  clipAround,
  describePart,
  faintParts,
  MIN_MARK_CONTRAST,
} from '../../scripts/lib/mark-pixels.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// Each brand's own look: what index.html bakes in, the logo, the accent, the legal links.

const LOGO_FILE = /\/assets\/logo[-.][^/]*\.svg$/;

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** `rgb(17, 24, 39)` → `#111827` */
function hexOf(cssColor: string): string {
  const channels = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(cssColor)?.slice(1);
  if (!channels) throw new Error(`not an opaque rgb() color: ${cssColor}`);
  return `#${channels.map((channel) => Number(channel).toString(16).padStart(2, '0')).join('')}`;
}

type Brand = Awaited<ReturnType<typeof brandOf>>;

// Twice the pixels, so thin strokes and small letters have solid insides to measure.
test.use({ deviceScaleFactor: 2 });

/**
 * The logo the page shows is the one for `scheme`, the only logo the page fetched, and every
 * color of it that meets the page has 3:1 against the page, measured in a screenshot. The build
 * measures the same file drawn by librsvg; its verdict must be the screenshot's.
 */
async function expectLogoStandsOut(
  page: Page,
  {
    logo,
    logoRequests,
    brand,
    scheme,
  }: { logo: Locator; logoRequests: string[]; brand: Brand; scheme: 'light' | 'dark' },
  testInfo: TestInfo,
): Promise<void> {
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const logoSrc = await logo.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new URL(logoSrc).pathname, 'the logo file the page chose').toMatch(
    scheme === 'dark' && brand.logoDark
      ? /\/assets\/logo-dark-[^/]+\.svg$/
      : /\/assets\/logo-(?!dark-)[^/]+\.svg$/,
  );
  // Every brand's logos ship in assets/, but the page fetches only the one it shows.
  expect(new Set(logoRequests)).toEqual(new Set([logoSrc]));
  await logo.evaluate((img: HTMLImageElement) => img.decode());

  const box = await logo.boundingBox();
  if (!box) throw new Error('the logo has no box');
  const png = await page.screenshot({ clip: clipAround(box), animations: 'disabled' });
  await testInfo.attach(`header-${scheme}.png`, { body: png, contentType: 'image/png' });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const analysis = analyseMark({ data, width: info.width, height: info.height });

  // The margin must be the page itself, or the ratios below measure against something else.
  const pageBackground = await page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  );
  expect(analysis.background, 'the page color around the logo').toBe(hexOf(pageBackground));
  const faint = faintParts(analysis).map((part) => describePart(part, analysis, { mark: 'logo', scheme }));
  const [file, shown] =
    scheme === 'dark' && brand.logoDark
      ? (['logo-dark.svg', brand.logoDark] as const)
      : (['logo.svg', brand.logo] as const);
  const build = await markContrastProblems({
    file,
    text: shown.text,
    schemes: [{ scheme, background: analysis.background }],
  });
  expect(
    build.length === 0,
    `the build passes ${file} on the ${scheme} page exactly when the screenshot does; ` +
      `the build: ${JSON.stringify(build)}, the screenshot: ${JSON.stringify(faint)}`,
  ).toBe(faint.length === 0);
  expect(
    faint,
    `${brand.name} (${brand.service}), ${scheme} scheme: every color of the logo that meets the page needs ${MIN_MARK_CONTRAST}:1`,
  ).toEqual([]);
}

test('in the light scheme the page carries its brand before the config arrives, keeps the logo its box, and its logo stands out', async ({
  login,
  page,
  service,
}, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const brand = await brandOf(service);
  // The config and then the logo come late, as on a slow network.
  let releaseConfig: () => void = () => undefined;
  const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
  await page.route(`${login.origin}/api/config`, async (route) => {
    await configHeld;
    await route.continue();
  });
  let releaseLogo: () => void = () => undefined;
  const logoHeld = new Promise<void>((resolve) => (releaseLogo = resolve));
  await page.route(LOGO_FILE, async (route) => {
    await logoHeld;
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const requests = login.countRequests(/\/assets\/logo[-.]/);
  // Not until "load": the pre-rendered page's logo, held here, holds back the load event.
  await page.goto(login.pageUrl(), { waitUntil: 'domcontentloaded' });

  // Before the config: everything baked into index.html, and no view yet.
  await expect(page).toHaveTitle(brand.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', brand.themeColor);
  await expect(page.locator('link[rel="icon"][href="favicon.svg"]')).toHaveCount(1);
  await expect(page.locator('link[rel="icon"][href="favicon.ico"]')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(0);
  // View 0 is in the page already, pre-rendered in the brand's frame by the build, and hidden.
  await expect(page.locator('#root h1')).toHaveText(SPEC_TEXTS.chooseMethod);
  await expect(page.locator('#root img')).toHaveAttribute('alt', brand.name);
  await expect(page.locator('#root')).toBeHidden();

  releaseConfig();
  // After: view 0 in the brand's frame, with the logo's box reserved before the logo arrives.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const logo = page.getByRole('img', { name: brand.name });
  const boxBefore = await logo.boundingBox();
  expect(boxBefore?.height, 'the logo box before the logo arrives').toBeGreaterThan(0);
  releaseLogo();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Two frames for a shift to be reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await logo.boundingBox()).toEqual(boxBefore);
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual(
    [],
  );

  await expect(page.getByRole('main')).toHaveCSS('border-top-color', rgb(brand.accentColor));
  await expect(page.getByRole('link', { name: SPEC_TEXTS.imprint })).toHaveAttribute(
    'href',
    brand.links.impressum,
  );
  await expect(page.getByRole('link', { name: SPEC_TEXTS.privacy })).toHaveAttribute(
    'href',
    brand.links.datenschutz,
  );
  // Once the flow is in, the title names the view before the brand's own title.
  await expect(page).toHaveTitle(`${SPEC_TEXTS.chooseMethod} – ${brand.title}`);

  // The files the links name, from the same server by path (Node cannot resolve *.localhost).
  for (const [href, type] of [
    ['favicon.ico', 'image/x-icon'],
    ['favicon.svg', 'image/svg+xml'],
    ['apple-touch-icon.png', 'image/png'],
    ['manifest.webmanifest', 'application/manifest+json'],
  ]) {
    const response = await fetch(`${demoOrigin()}/${service}/${href}`);
    expect(response.status, href).toBe(200);
    expect(response.headers.get('content-type'), href).toBe(type);
  }
  const logoRequests = requests().map((request) => request.url());
  await expectLogoStandsOut(page, { logo, logoRequests, brand, scheme: 'light' }, testInfo);
  // React hydrated the pre-rendered view: a mismatch would be its recoverable error here.
  expect(login.consoleMessages).toEqual([]);
  expect(login.pageErrors).toEqual([]);
});

test('in the dark scheme the page shows the logo for dark pages, and it stands out', async ({
  login,
  page,
  service,
}, testInfo) => {
  const brand = await brandOf(service);
  await page.emulateMedia({ colorScheme: 'dark' });
  const requests = login.countRequests(/\/assets\/logo[-.]/);
  await login.open();
  const logo = page.getByRole('img', { name: brand.name });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const logoRequests = requests().map((request) => request.url());
  await expectLogoStandsOut(page, { logo, logoRequests, brand, scheme: 'dark' }, testInfo);
});
