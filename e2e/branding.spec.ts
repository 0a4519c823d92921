import { brandOf } from './support/brands.ts';
import { expect, test } from './support/fixtures.ts';
import { demoOrigin } from './support/login-screen.ts';

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test('the page carries its brand before the config arrives and shows it after', async ({
  login,
  page,
  service,
}) => {
  const brand = await brandOf(service);
  let releaseConfig: () => void = () => undefined;
  const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
  await page.route(`${login.origin}/api/config`, async (route) => {
    await configHeld;
    await route.continue();
  });
  const requests = login.countRequests(/\/assets\/logo[-.]/);
  await login.open();

  // Before: everything baked into index.html.
  await expect(page).toHaveTitle(brand.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', brand.themeColor);
  await expect(page.locator('link[rel="icon"][href="favicon.svg"]')).toHaveCount(1);
  await expect(page.locator('link[rel="icon"][href="favicon.ico"]')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(0);

  releaseConfig();
  // After: the frame with the logo, the accent and the legal links.
  const logo = page.getByRole('img', { name: brand.name });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('main')).toHaveCSS('border-top-color', rgb(brand.accentColor));
  await expect(page.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', brand.links.impressum);
  await expect(page.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute(
    'href',
    brand.links.datenschutz,
  );
  await expect(page).toHaveTitle(brand.title);

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
  // Every brand's logo ships in assets/, but the page fetches only its own.
  const logoSrc = await logo.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new Set(requests().map((request) => request.url()))).toEqual(new Set([logoSrc]));
  expect(login.consoleMessages.filter((message) => message.includes('Content Security Policy'))).toEqual([]);
  expect(login.pageErrors).toEqual([]);
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('shows the dark logo when the brand has one, and fetches only the logo it shows', async ({
    login,
    page,
    service,
  }) => {
    const brand = await brandOf(service);
    const requests = login.countRequests(/\/assets\/logo[-.]/);
    await login.open();
    const logo = page.getByRole('img', { name: brand.name });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const logoSrc = await logo.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(logoSrc).toMatch(
      brand.logoDark ? /\/assets\/logo-dark-[\w-]+\.svg$/ : /\/assets\/logo-[\w-]+\.svg$/,
    );
    expect(new Set(requests().map((request) => request.url()))).toEqual(new Set([logoSrc]));
  });
});

test('the logo arriving after view 0 shifts nothing: its box is reserved', async ({
  login,
  page,
  service,
}) => {
  const brand = await brandOf(service);
  // The logo comes last, after view 0 is on screen, as on a slow network; its box must be there already.
  let releaseLogo: () => void = () => undefined;
  const logoHeld = new Promise<void>((resolve) => (releaseLogo = resolve));
  await page.route(/\/assets\/logo[-.][^/]*\.svg$/, async (route) => {
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
  await login.open();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const logo = page.getByRole('img', { name: brand.name });
  const boxBefore = await logo.boundingBox();
  releaseLogo();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Two frames for a shift to be reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

  expect(await logo.boundingBox()).toEqual(boxBefore);
  expect(boxBefore?.height).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual(
    [],
  );
});
