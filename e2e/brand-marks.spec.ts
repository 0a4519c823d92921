import sharp from 'sharp';
import { MIN_MARK_CONTRAST } from '../scripts/lib/mark-contrast.ts';
import { brandOf } from './support/brands.ts';
import { expect, test } from './support/fixtures.ts';
import { analyseMark, clipAround, describePart, faintParts } from './support/mark-pixels.ts';

/** `rgb(17, 24, 39)` → `#111827` */
function hexOf(cssColour: string): string {
  const channels = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(cssColour)?.slice(1);
  if (!channels) throw new Error(`not an opaque rgb() colour: ${cssColour}`);
  return `#${channels.map((channel) => Number(channel).toString(16).padStart(2, '0')).join('')}`;
}

// Twice the pixels, so thin strokes and small letters have solid insides to measure.
test.use({ deviceScaleFactor: 2 });

for (const scheme of ['light', 'dark'] as const) {
  test(`the logo stands out from the page in the ${scheme} scheme`, async ({
    login,
    page,
    service,
  }, testInfo) => {
    const brand = await brandOf(service);
    await page.emulateMedia({ colorScheme: scheme });
    await login.open();
    const logo = page.getByRole('img', { name: brand.name });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const logoPath = new URL(await logo.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    expect(logoPath, 'the logo file the page chose').toMatch(
      scheme === 'dark' && brand.logoDark
        ? /\/assets\/logo-dark-[^/]+\.svg$/
        : /\/assets\/logo-(?!dark-)[^/]+\.svg$/,
    );
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
    expect(analysis.background, 'the page colour around the logo').toBe(hexOf(pageBackground));
    expect(
      faintParts(analysis).map((part) => describePart(part, analysis.background)),
      `${brand.name} (${service}), ${scheme} scheme: every colour of the logo that meets the page needs ${MIN_MARK_CONTRAST}:1`,
    ).toEqual([]);
  });
}
