import { expect, test } from '@playwright/test';
import { loadBrands } from '../scripts/lib/load-brands.ts';
import { defaultBrandsDir } from '../scripts/vite/app-config.ts';
import { openBrandPage } from './support/brand-page.ts';

const { brands } = await loadBrands(defaultBrandsDir);

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

for (const brand of brands) {
  test(`${brand.service}: the deployed page shows its brand and breaks no policy`, async ({ page }) => {
    const { problems, requests } = await openBrandPage(page, brand.service);

    await expect(page).toHaveTitle(brand.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', brand.themeColor);

    const logo = page.getByRole('img', { name: brand.name });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The accent arrives through the baked <style>, which only its CSP hash lets through.
    await expect(page.getByRole('main')).toHaveCSS('border-top-color', rgb(brand.accentColor));

    for (const href of ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png', 'manifest.webmanifest']) {
      await expect(page.locator(`link[href="${href}"]`)).toHaveCount(1);
      // Fetched by the page itself: Node cannot resolve *.localhost, the browser does.
      const status = await page.evaluate(async (url) => (await fetch(url)).status, href);
      expect(status, href).toBe(200);
    }

    await expect(page.getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      brand.links.impressum,
    );
    await expect(page.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute(
      'href',
      brand.links.datenschutz,
    );
    // Every brand's logo ships in assets/, but the page fetches only its own.
    const logoSrc = await logo.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new Set(requests.filter((url) => /\/assets\/logo[-.]/.test(url)))).toEqual(new Set([logoSrc]));

    expect(problems).toEqual([]);
  });
}

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  for (const brand of brands.filter((b) => b.logoDark)) {
    test(`${brand.service}: shows and fetches only the dark logo`, async ({ page }) => {
      const { problems, requests } = await openBrandPage(page, brand.service);
      const logo = page.getByRole('img', { name: brand.name });
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const logoSrc = await logo.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(logoSrc).toMatch(/\/assets\/logo-dark-[\w-]+\.svg$/);
      expect(new Set(requests.filter((url) => /\/assets\/logo[-.]/.test(url)))).toEqual(new Set([logoSrc]));
      expect(problems).toEqual([]);
    });
  }
});
