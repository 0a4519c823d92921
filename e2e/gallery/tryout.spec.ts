import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { fingerprintBrands } from '../../scripts/lib/demo-build.ts';
import { loadBrand } from '../../scripts/lib/load-brands.ts';
import { previewViews, SCHEMES } from '../../src/preview/preview-views.ts';
import { makeTempDir, validBrandJson, writeBrandFolder } from '../../tests/scripts/brand-fixtures.ts';
import { expectNoViolations } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { TryoutScreen } from '../support/gallery-screen.ts';
import { npmStart, type RunningStart } from '../support/npm-start.ts';

// One `npm start` for the file, on brands of its own: it builds before it serves, and every try
// and rebuild is a Vite build of the app, which takes seconds on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// A trace snapshots the preview's 30-odd documents at every step (preview.spec.ts).
test.use({ trace: 'off' });

let root: string;
let brandsDir: string;
let demo: RunningStart;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  root = await makeTempDir('gallery-');
  brandsDir = path.join(root, 'brands');
  await writeBrandFolder(brandsDir, 'a-dok');
  await writeBrandFolder(brandsDir, 'wdmaps');
  demo = await npmStart(brandsDir, path.join(root, 'dist-demo'));
});
test.afterAll(async () => {
  await demo?.stop();
  await rm(root, { recursive: true, force: true });
});

/** The problems the build finds in this folder, as it would in brands/. */
async function buildProblems(name: string, files: Record<string, string | undefined>): Promise<string[]> {
  const dir = await makeTempDir('folder-');
  try {
    const brand = await loadBrand(await writeBrandFolder(dir, name, files));
    return 'problems' in brand ? brand.problems : [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The relative luminance of a computed `rgb(…)` color, 0 for black to 1 for white. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test.describe('a folder tried on the gallery, before it is in brands/', () => {
  test('builds, and shows the preview of every view in light and dark; brands/ stays as it was', async ({
    page,
  }) => {
    const folder = await writeBrandFolder(await makeTempDir('folder-'), 'neu-marke');
    const before = await fingerprintBrands(brandsDir);
    await page.goto(`${demo.origin}/`);
    const tryout = new TryoutScreen(page);

    await tryout.pickFolder(folder);

    await expect(tryout.status).toHaveText(
      '„neu-marke“ baut, mit 1 Hinweis. Die Vorschau aller Ansichten steht unten.',
      { timeout: 120_000 },
    );
    await expect(tryout.resultHeading).toHaveText('„neu-marke“: baut');
    await expect(tryout.resultHeading).toBeFocused();
    await expect(tryout.messages('Hinweise', 'icon.svg')).toHaveText([/^icon\.svg: missing; the favicon/]);

    const preview = tryout.preview('neu-marke').contentFrame();
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(`Vorschau: ${validBrandJson.name}`);
    const views = previewViews('neu-marke');
    await expect(preview.getByRole('heading', { level: 2 })).toHaveCount(views.length);
    for (const view of views) {
      for (const scheme of SCHEMES) {
        const frames = preview.locator(`iframe[src*="view=${view.key}&scheme=${scheme}"]`);
        await expect(frames, `${view.key}, ${scheme}`).toHaveCount(2);
        for (const frame of await frames.all()) {
          // The frames load as they are scrolled to.
          await frame.scrollIntoViewIfNeeded();
          const html = frame.contentFrame().locator('html');
          await expect(html).toHaveAttribute('data-brand', 'neu-marke');
          await expect(html.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          const background = luminance(
            await html.evaluate((element) => getComputedStyle(element).backgroundColor),
          );
          if (scheme === 'dark') expect(background, `${view.key}, dark`).toBeLessThan(0.1);
          else expect(background, `${view.key}, light`).toBeGreaterThan(0.7);
        }
      }
    }

    expect(await fingerprintBrands(brandsDir)).toBe(before);
    expect(existsSync(path.join(brandsDir, 'neu-marke'))).toBe(false);
    await rm(path.dirname(folder), { recursive: true, force: true });
  });

  test('dropped when broken, shows the build’s problems by file and no preview', async ({ page }) => {
    const files = {
      'brand.json': JSON.stringify({ ...validBrandJson, accentColor: '#12' }),
      'logo.svg': undefined,
      'logo.png': 'not a drawing',
    };
    const folder = await writeBrandFolder(await makeTempDir('folder-'), 'kaputt', files);
    const problems = await buildProblems('kaputt', files);
    const about = (file: string) => problems.filter((problem) => problem.startsWith(file));
    expect(about('brand.json').length).toBeGreaterThan(0);
    const before = await fingerprintBrands(brandsDir);
    await page.goto(`${demo.origin}/`);
    const tryout = new TryoutScreen(page);

    await tryout.dropFolder(folder);

    await expect(tryout.status).toHaveText(`„kaputt“ baut nicht: ${problems.length} Probleme.`, {
      timeout: 60_000,
    });
    await expect(tryout.resultHeading).toHaveText('„kaputt“: baut nicht');
    await expect(tryout.resultHeading).toBeFocused();
    await expect(tryout.messages('Probleme', 'brand.json')).toHaveText(about('brand.json'));
    await expect(tryout.messages('Probleme', 'logo.svg')).toHaveText(about('logo.svg'));
    await expect(tryout.messages('Probleme', 'logo.png')).toHaveText(about('logo.png'));
    await expect(tryout.box.locator('iframe')).toHaveCount(0);
    await expectNoViolations(page, 'the tryout with problems', ['#tryout']);
    expect(await fingerprintBrands(brandsDir)).toBe(before);
    await rm(path.dirname(folder), { recursive: true, force: true });
  });

  test('as files alone, asks for the folder’s name first', async ({ page }) => {
    const folder = await writeBrandFolder(await makeTempDir('folder-'), 'lose-dateien', {
      'logo.svg': undefined,
    });
    await page.goto(`${demo.origin}/`);
    const tryout = new TryoutScreen(page);

    await tryout.pickFiles([path.join(folder, 'brand.json')]);

    await expect(tryout.status).toHaveText(
      '1 Datei gewählt. Gib den Namen des Ordners ein und wähle „Ausprobieren“.',
    );
    const name = tryout.box.getByLabel('Name des Ordners');
    await expect(name).toBeFocused();
    await name.fill('lose-dateien');
    await page.keyboard.press('Enter');
    await expect(tryout.status).toHaveText('„lose-dateien“ baut nicht: 1 Problem.', { timeout: 60_000 });
    await expect(tryout.messages('Probleme', 'logo.svg')).toHaveText([/^logo\.svg: missing; /]);
    await rm(path.dirname(folder), { recursive: true, force: true });
  });
});

test.describe('the gallery follows brands/', () => {
  test('it and a brand preview reload by themselves after a rebuild, showing a folder that broke', async ({
    page,
    context,
  }) => {
    await page.goto(`${demo.origin}/`);
    const aDok = page.locator('.brand', { has: page.locator('code', { hasText: /^a-dok$/ }) });
    await expect(aDok.getByRole('img', { name: validBrandJson.name })).toBeVisible();
    const preview = await context.newPage();
    await preview.goto(`http://a-dok.localhost:${demo.port}/preview.html?service=a-dok`);
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(`Vorschau: ${validBrandJson.name}`);

    const brandJson = path.join(brandsDir, 'a-dok', 'brand.json');
    const settings = z.record(z.string(), z.unknown()).parse(JSON.parse(await readFile(brandJson, 'utf8')));
    await writeFile(brandJson, JSON.stringify({ ...settings, name: 'A-Dok neu' }));
    await writeFile(path.join(brandsDir, 'wdmaps', 'brand.json'), '{ "name": ');

    // Only a reload shows what the rebuild made: neither page changes by itself otherwise.
    await expect(aDok.getByRole('img', { name: 'A-Dok neu' })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('heading', { name: 'Fehlerhafte Markenordner' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'brands/wdmaps/' })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Vorschau: A-Dok neu');
  });
});
