import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { OverlayOptions } from 'sharp';
import type { MarkPart } from '../scripts/lib/mark-pixels.ts';
import { parseCommandLine, refuseCommandLine } from '../scripts/lib/command-line.ts';

// `npm run brand-marks -- [base URL] [--brand <service>]... [--out file.png]`: every brand's logo
// on its page in both schemes, on one contact sheet for the eye, with the weakest part that meets
// the page. The check itself is e2e/every-brand/branding.spec.ts; tests/tools/brand-marks-sheet.test.ts
// only proves that this command runs. Needs a running demo (`npm start`).
const command = 'npm run brand-marks --';
const { values, positionals } = parseCommandLine({
  command,
  summary:
    "Photographs every brand's logo on its page in light and dark, draws them on one contact sheet with the lowest contrast of each, and prints the table.",
  options: {
    brand: {
      type: 'string',
      multiple: true,
      valueName: '<service>',
      description: 'Only that brand, e.g. the one you work on; without it every brand',
    },
    out: {
      type: 'string',
      valueName: '<file>',
      description: 'Writes the sheet there (default: test-results/brand-marks.png)',
    },
  },
  allowPositionals: true,
  positionals: '[base URL of a running demo, default http://localhost:8080]',
  notes: ['Needs a running demo (`npm start`). See docs/brands.md.'],
});
if (positionals.length > 1) refuseCommandLine(command, `one base URL at most, not ${positionals.length}.`);
const base = baseUrl(positionals[0] ?? 'http://localhost:8080');

function baseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    return refuseCommandLine(command, `${text} is no URL.`);
  }
}

// Loaded once the command line holds, so that --help and a wrong option answer at once.
const { chromium } = await import('@playwright/test');
const { default: sharp } = await import('sharp');
const { analyseMark, clipAround, MIN_MARK_CONTRAST } = await import('../scripts/lib/mark-pixels.ts');
const { takesPayments } = await import('../src/lib/services.ts');
const { CHROMIUM_ARGS, chromiumPath } = await import('../scripts/lib/chromium.ts');
const { escapeHtml } = await import('../scripts/lib/escape-html.ts');
const { loadBrands } = await import('../scripts/lib/load-brands.ts');
const { defaultBrandsDir, projectRoot } = await import('../scripts/vite/app-config.ts');

const SCHEMES = ['light', 'dark'] as const;
// Twice the pixels, as the spec.
const SCALE = 2;

interface Shot {
  png: Buffer;
  width: number;
  height: number;
  /** The part meeting the page with the least contrast, if any part meets it. */
  weakest: MarkPart | undefined;
}

async function shootLogo(page: Page, service: string, name: string): Promise<Shot> {
  const url = new URL(`/${service}/`, base);
  url.searchParams.set('service', service);
  if (takesPayments(service)) url.searchParams.set('qrid', 'qr-exists');
  await page.goto(url.href);
  const logo = page.getByRole('img', { name });
  await logo.waitFor();
  await logo.evaluate((img: HTMLImageElement) => img.decode());
  const box = await logo.boundingBox();
  if (!box) throw new Error(`${service}: the logo has no box`);
  const png = await page.screenshot({ clip: clipAround(box), animations: 'disabled' });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const touching = analyseMark({ data, width: info.width, height: info.height }).parts.filter(
    (part) => part.touchesPage,
  );
  const weakest = touching.sort((a, b) => a.contrast - b.contrast)[0];
  return { png, width: info.width, height: info.height, weakest };
}

const ratioOf = (part: MarkPart | undefined) => (part ? `${part.contrast.toFixed(2)}:1` : '–');
const passes = (part: MarkPart | undefined) => !part || part.contrast >= MIN_MARK_CONTRAST;

const everyBrand = (await loadBrands(defaultBrandsDir)).brands;
const unknown = (values.brand ?? []).filter((service) => !everyBrand.some((b) => b.service === service));
if (unknown.length > 0) {
  refuseCommandLine(
    command,
    `no brand ${unknown.join(', ')}; the brands are: ${everyBrand.map((b) => b.service).join(', ')}.`,
  );
}
const brands = values.brand ? everyBrand.filter((b) => values.brand?.includes(b.service)) : everyBrand;
try {
  await fetch(base);
} catch {
  console.error(`No demo answers at ${base.origin}: start one with \`npm start\`, or name its URL.`);
  process.exit(1);
}
const rows: { service: string; shots: Shot[] }[] = [];
const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
try {
  // One page per scheme; each brand is shot in both at once.
  const pages = await Promise.all(
    SCHEMES.map(async (colorScheme) =>
      (await browser.newContext({ colorScheme, deviceScaleFactor: SCALE })).newPage(),
    ),
  );
  for (const brand of brands) {
    const shots = await Promise.all(pages.map((page) => shootLogo(page, brand.service, brand.name)));
    rows.push({ service: brand.service, shots });
  }
} finally {
  await browser.close();
}

// The sheet: a row per brand, a column per scheme, the weakest ratio to the right of each logo.
const LABEL_WIDTH = 200;
const TEXT_WIDTH = 190;
const GAP = 16;
const HEAD = 40;
const all = rows.flatMap((row) => row.shots);
const shotWidth = Math.max(...all.map((shot) => shot.width));
const rowHeight = Math.max(...all.map((shot) => shot.height)) + GAP;
const columnWidth = shotWidth + GAP + TEXT_WIDTH;
const width = LABEL_WIDTH + SCHEMES.length * columnWidth;
const height = HEAD + rows.length * rowHeight;

/** One line of text on the sheet, by its left end and baseline. */
const text = (x: number, y: number, content: string, style = '') =>
  `<text x="${x}" y="${y}" ${style}>${escapeHtml(content)}</text>`;
const texts = SCHEMES.map((scheme, column) =>
  text(LABEL_WIDTH + column * columnWidth, 26, scheme, 'font-weight="bold"'),
);
const images: OverlayOptions[] = [];
rows.forEach(({ service, shots }, index) => {
  const middle = HEAD + index * rowHeight + rowHeight / 2;
  texts.push(text(8, middle, service));
  shots.forEach((shot, column) => {
    const left = LABEL_WIDTH + column * columnWidth;
    images.push({ input: shot.png, left, top: HEAD + index * rowHeight });
    const fill = passes(shot.weakest) ? '#15803d' : '#b91c1c';
    texts.push(
      text(left + shotWidth + GAP, middle - 4, ratioOf(shot.weakest), `fill="${fill}" font-weight="bold"`),
      text(left + shotWidth + GAP, middle + 18, shot.weakest?.color ?? '', 'fill="#4b5563"'),
    );
  });
});
const overlay = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"`,
  ' font-family="DejaVu Sans, sans-serif" font-size="18" fill="#1f2937">',
  ...texts,
  '</svg>',
].join('');

const out = path.resolve(values.out ?? path.join(projectRoot, 'test-results', 'brand-marks.png'));
await mkdir(path.dirname(out), { recursive: true });
const sheet = await sharp({ create: { width, height, channels: 4, background: '#ffffff' } })
  .composite([...images, { input: Buffer.from(overlay), left: 0, top: 0 }])
  .png()
  .toBuffer();
await writeFile(out, sheet);

const cell = ({ weakest }: Shot) =>
  [passes(weakest) ? ' ' : '✗', ratioOf(weakest).padEnd(8), weakest?.color ?? ''].join(' ').padEnd(20);
console.log(`${'brand'.padEnd(16)}${SCHEMES.map((scheme) => scheme.padEnd(20)).join('')}`);
for (const { service, shots } of rows) console.log(`${service.padEnd(16)}${shots.map(cell).join('')}`);
console.log(
  `\nLowest contrast of the logo's colors that meet the page (✗ below ${MIN_MARK_CONTRAST}:1). Sheet: ${out}`,
);
