import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadBrand } from '../../../scripts/lib/load-brands.ts';
import { iconDetailWarnings, markProblems, type MarkFile } from '../../../scripts/lib/mark-contrast.ts';
import {
  drawSvg,
  inkInUnits,
  keptDetail,
  MIN_DETAIL_KEPT,
  MIN_FILL,
  sizeShown,
} from '../../../scripts/lib/mark-ink.ts';
import { inspectSvg } from '../../../scripts/lib/svg-check.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';
import { LIGHT_PAGE_BACKGROUND } from '../../../src/lib/page-colors.ts';
import { makeTempDir, validIconSvg, writeBrandFolder } from '../brand-fixtures.ts';

const LIGHT = { scheme: 'light', background: LIGHT_PAGE_BACKGROUND } as const;
const svg = (viewBox: string, inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${inner}</svg>`;
// #0b5cad has 6:1 on the light page: only the fill rule can refuse these drawings.
const box = (x: number, y: number, width: number, height: number, extra = '') =>
  `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#0b5cad"${extra}/>`;

const FIX =
  "Crop it with `npm run brands:tidy -- acme --crop`, or in the drawing program (Inkscape: Edit → Resize Page to Selection; Illustrator: Object → Artboards → Fit to Artwork Bounds; Figma: select the frame's contents, Frame selection).";

const tempDirs: string[] = [];
const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'mark-ink-'));
afterAll(() => Promise.all([cacheDir, ...tempDirs].map((dir) => rm(dir, { recursive: true, force: true }))));

const fillProblems = async (file: MarkFile, text: string) =>
  (await markProblems({ file, text, schemes: [LIGHT], brand: 'acme', cacheDir })).filter(
    (problem) => !problem.includes(' has '),
  );

describe('a drawing must span enough of the room the page gives it', () => {
  test('a 10 × 4 speck in a 1000 × 220 logo is refused with its size on the page and the fix', async () => {
    expect(await fillProblems('logo.svg', svg('0 0 1000 220', box(412, 96, 10, 4)))).toEqual([
      'logo.svg: its drawing covers 10 × 4 of its 1000 × 220 viewBox (1% × 2%), so it shows 1.8 × 0.7 px in the 182 × 40 px the page gives the logo; ' +
        `expected a viewBox that fits the drawing (at least 25% of its width and of its height). ${FIX}`,
    ]);
  });

  test('an icon drawn small in its square is refused with its size in a browser tab', async () => {
    expect(
      await fillProblems('icon.svg', svg('0 0 48 48', '<circle cx="30" cy="12" r="3.5" fill="#0b5cad"/>')),
    ).toEqual([
      'icon.svg: its drawing covers 7 × 7 of its 48 × 48 viewBox (15% × 15%), so it shows 2.3 × 2.3 px in a 16 × 16 px browser tab; ' +
        `expected a viewBox that fits the drawing (its longer side at least 25% of the square's). ${FIX}`,
    ]);
  });

  // The logo is shown 40 px high with its width following the viewBox: its ink's height is its
  // size on the page, its width what is not empty beside it. The icon is shown in a square.
  test.each<[string, MarkFile, string, string, boolean]>([
    ['a logo that fills its viewBox', 'logo.svg', '0 0 200 48', box(0, 0, 200, 48), false],
    [
      'a mark beside room for a wordmark (brand-fixtures.ts)',
      'logo.svg',
      '0 0 120 48',
      box(0, 0, 48, 48),
      false,
    ],
    [
      'a wordmark with a third of padding above and below',
      'logo.svg',
      '0 0 1000 220',
      box(0, 73, 1000, 74),
      false,
    ],
    [
      'a wordmark a fifth of its viewBox high (8 px on the page)',
      'logo.svg',
      '0 0 1000 220',
      box(0, 88, 1000, 44),
      true,
    ],
    [
      'a mark in a tenth of a wide viewBox, beside empty space',
      'logo.svg',
      '0 0 1000 220',
      box(0, 0, 100, 220),
      true,
    ],
    [
      'a logo on a whole A4 page of the drawing program',
      'logo.svg',
      '0 0 210 297',
      box(20, 20, 60, 15),
      true,
    ],
    [
      'a logo-dark.svg left on a 1920 × 1080 artboard',
      'logo-dark.svg',
      '0 0 1920 1080',
      box(760, 490, 400, 100),
      true,
    ],
    [
      'a speck inside a glow too faint to see (alpha 5%), which is not ink',
      'logo.svg',
      '0 0 1000 220',
      box(0, 0, 1000, 220, ' opacity=".05"') + box(412, 96, 10, 4),
      true,
    ],
    ['a logo whose shapes overflow the viewBox', 'logo.svg', '0 0 200 48', box(-20, -10, 240, 68), false],
    ['an icon that fills its square', 'icon.svg', '0 0 48 48', box(0, 0, 48, 48), false],
    ['an icon mark 14 units wide in 48 (29%)', 'icon.svg', '0 0 48 48', box(17, 17, 14, 14), false],
    ['an icon mark 10 units wide in 48 (21%)', 'icon.svg', '0 0 48 48', box(19, 19, 10, 10), true],
    [
      'a wide strip across the square: its longer side fills it (the detail check is its)',
      'icon.svg',
      '0 0 48 48',
      box(1, 20, 46, 8),
      false,
    ],
  ])('%s', async (_case, file, viewBox, inner, refused) => {
    const problems = await fillProblems(file, svg(viewBox, inner));
    expect(problems).toEqual(
      refused ? [expect.stringMatching(`^${file.replace('.', '\\.')}: its drawing covers `)] : [],
    );
  });

  test("the numbers are in the viewBox's own units, wherever it starts", async () => {
    const [problem] = await fillProblems('logo.svg', svg('-500 -100 1000 220', box(-88, -4, 10, 4)));
    expect(problem).toMatch(/^logo\.svg: its drawing covers 10 × 4 of its 1000 × 220 viewBox \(1% × 2%\)/);
  });

  test('a drawing that shows nothing is refused', async () => {
    expect(
      await fillProblems('logo.svg', svg('0 0 200 48', box(0, 0, 200, 48, ' fill-opacity="0"'))),
    ).toEqual([
      'logo.svg: draws nothing: every pixel of it is transparent when librsvg draws it at the size the page shows it; ' +
        'expected a visible drawing (look for shapes filled with none, or hidden by opacity, a mask or a clip path)',
    ]);
  });
});

/** Block letters on a grid of 5 × 7 cells of `unit`, one cell apart: a wordmark of rects. */
const LETTERS: Record<string, string[]> = {
  W: ['1...1', '1...1', '1...1', '1.1.1', '1.1.1', '11.11', '1...1'],
  D: ['1111.', '1...1', '1...1', '1...1', '1...1', '1...1', '1111.'],
  M: ['1...1', '11.11', '1.1.1', '1.1.1', '1...1', '1...1', '1...1'],
  A: ['.111.', '1...1', '1...1', '11111', '1...1', '1...1', '1...1'],
  K: ['1...1', '1..1.', '1.1..', '11...', '1.1..', '1..1.', '1...1'],
  R: ['1111.', '1...1', '1...1', '1111.', '1.1..', '1..1.', '1...1'],
  O: ['.111.', '1...1', '1...1', '1...1', '1...1', '1...1', '.111.'],
  L: ['1....', '1....', '1....', '1....', '1....', '1....', '11111'],
  G: ['.111.', '1...1', '1....', '1.111', '1...1', '1...1', '.111.'],
};
/** The word centred in the 48-unit square, its letters `unit` × 5 wide. */
function word(text: string, unit: number, fill: string): string {
  const x = (48 - (text.length * 6 - 1) * unit) / 2;
  const y = (48 - 7 * unit) / 2;
  const cells = [...text].flatMap((letter, i) =>
    (LETTERS[letter] ?? []).flatMap((row, r) =>
      [...row].flatMap((cell, c) =>
        cell === '1'
          ? [`<rect x="${x + (i * 6 + c) * unit}" y="${y + r * unit}" width="${unit}" height="${unit}"/>`]
          : [],
      ),
    ),
  );
  return `<g fill="${fill}">${cells.join('')}</g>`;
}
const onSquare = (inner: string) =>
  svg('0 0 48 48', `<rect width="48" height="48" rx="11" fill="#0b5cad"/>${inner}`);

describe('an icon too detailed for a browser tab is warned about', () => {
  test.each([
    [
      'the wordmark MAKROLOG shrunk into the square, on nothing',
      svg('0 0 48 48', word('MAKROLOG', 1, '#1f2937')),
    ],
    ['the wordmark MAKROLOG in white on a colored square', onSquare(word('MAKROLOG', 1, '#ffffff'))],
    [
      'a wordmark of ten letters, strokes a quarter of a pixel at 16 px',
      onSquare(word('WDMAKROLOG', 0.78, '#ffffff')),
    ],
    ['five letters, strokes half a pixel at 16 px', onSquare(word('MAKRO', 1.5, '#ffffff'))],
    ['three letters, strokes under a pixel at 16 px', svg('0 0 48 48', word('WDM', 2.7, '#0b5cad'))],
    [
      'a hairline ring',
      svg('0 0 48 48', '<circle cx="24" cy="24" r="20" fill="none" stroke="#0b5cad" stroke-width="1"/>'),
    ],
  ])('%s', async (_case, icon) => {
    expect(await iconDetailWarnings({ text: icon, cacheDir })).toEqual([
      expect.stringMatching(
        /^icon\.svg: at 16 × 16 px \(a browser tab\) its drawing loses most of its detail: its edges keep \d+% of the contrast they have at 60 × 60 px, as lines and gaps thinner than a pixel blur into one another\. A favicon is read at a glance: use the brand's mark or its initial, drawn large in the square, not the wordmark\.$/,
      ),
    ]);
  });

  test.each([
    ['an initial drawn large', onSquare(word('W', 6, '#ffffff'))],
    ['two letters drawn large, strokes over a pixel at 16 px', onSquare(word('WD', 3.5, '#ffffff'))],
    ['a plain colored square', validIconSvg],
    ['a disc', svg('0 0 48 48', '<circle cx="24" cy="24" r="20" fill="#0b5cad"/>')],
    [
      'a ring 3 units wide',
      svg('0 0 48 48', '<circle cx="24" cy="24" r="20" fill="none" stroke="#0b5cad" stroke-width="3"/>'),
    ],
  ])('not %s', async (_case, icon) => {
    expect(await iconDetailWarnings({ text: icon, cacheDir })).toEqual([]);
  });

  test('the share kept is in the message', async () => {
    const icon = svg('0 0 48 48', word('MAKROLOG', 1, '#1f2937'));
    const viewBox = { x: 0, y: 0, width: 48, height: 48 };
    const kept = await keptDetail(icon, viewBox, await drawSvg(icon, sizeShown('icon.svg', viewBox)));
    const [warning] = await iconDetailWarnings({ text: icon, cacheDir });
    expect(warning).toContain(`its edges keep ${Math.round(kept * 100)}% of the contrast`);
    expect(kept).toBeLessThan(MIN_DETAIL_KEPT / 2);
  });
});

describe('the drawings of brands/', () => {
  const drawings = async () => {
    const brands = (await readdir(defaultBrandsDir, { withFileTypes: true })).filter((entry) =>
      entry.isDirectory(),
    );
    const found = await Promise.all(
      brands.flatMap(({ name }) =>
        (['logo.svg', 'logo-dark.svg', 'icon.svg'] as const).map(async (file) => {
          const text = await readFile(path.join(defaultBrandsDir, name, file), 'utf8').catch(() => undefined);
          return text === undefined ? [] : [{ name: `${name}/${file}`, file, text }];
        }),
      ),
    );
    return found.flat();
  };

  test('span at least twice what the fill rule asks', async () => {
    const spans = await Promise.all(
      (await drawings()).map(async ({ name, file, text }) => {
        const viewBox = inspectSvg(text).viewBox ?? { x: 0, y: 0, width: 1, height: 1 };
        const ink = inkInUnits(await drawSvg(text, sizeShown(file, viewBox)), viewBox);
        const across = (ink?.width ?? 0) / viewBox.width;
        const down = (ink?.height ?? 0) / viewBox.height;
        const span = file === 'icon.svg' ? Math.max(across, down) : Math.min(across, down);
        return [name, span >= 2 * MIN_FILL] as const;
      }),
    );
    expect(spans.length).toBeGreaterThan(0);
    expect(spans.filter(([, enough]) => !enough)).toEqual([]);
  });

  test('icons keep their detail at 16 px, with room to spare', async () => {
    const icons = (await drawings()).filter(({ file }) => file === 'icon.svg');
    const kept = await Promise.all(
      icons.map(async ({ name, text }) => {
        const viewBox = inspectSvg(text).viewBox ?? { x: 0, y: 0, width: 1, height: 1 };
        const share = await keptDetail(text, viewBox, await drawSvg(text, sizeShown('icon.svg', viewBox)));
        return [name, share >= MIN_DETAIL_KEPT + 0.1] as const;
      }),
    );
    expect(icons.length).toBeGreaterThan(0);
    expect(kept.filter(([, enough]) => !enough)).toEqual([]);
    for (const { text } of icons) expect(await iconDetailWarnings({ text, cacheDir })).toEqual([]);
  });
});

describe('in the build (loadBrand)', () => {
  const load = async (files: Record<string, string>) => {
    const brandsDir = await makeTempDir('mark-ink-');
    tempDirs.push(brandsDir);
    return loadBrand(await writeBrandFolder(brandsDir, 'acme', files));
  };

  test('a speck of a logo is refused, naming the folder in the fix', async () => {
    expect(await load({ 'logo.svg': svg('0 0 1000 220', box(412, 96, 10, 4)) })).toMatchObject({
      problems: [
        expect.stringMatching(/^logo\.svg: its drawing covers 10 × 4 .*`npm run brands:tidy -- acme --crop`/),
      ],
    });
  });

  test('an icon that is a shrunken wordmark builds, with the warning', async () => {
    const icon = svg(
      '0 0 48 48',
      `<rect width="48" height="48" fill="#0f766e"/>${word('MAKROLOG', 1, '#ffffff')}`,
    );
    expect(await load({ 'icon.svg': icon })).toMatchObject({
      warnings: [
        expect.stringMatching(
          /^icon\.svg: at 16 × 16 px \(a browser tab\) its drawing loses most of its detail/,
        ),
      ],
    });
  });

  test('a drawing whose only problem is editor data is still measured in the same round', async () => {
    const logo =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 1000 220" inkscape:version="1.3">' +
      '<rect width="100" height="220" fill="#1f2937" inkscape:label="mark"/></svg>';
    expect(await load({ 'logo.svg': logo })).toMatchObject({
      problems: [
        'logo.svg: holds Inkscape editor data (2 inkscape: attributes); expected only SVG: `npm run brands:tidy -- acme` removes it without changing the picture',
        expect.stringMatching(
          /^logo\.svg: color #1f2937 covers 100% of the logo and has 1\.20:1 against the dark page/,
        ),
        expect.stringMatching(
          /^logo\.svg: its drawing covers 100 × 220 of its 1000 × 220 viewBox \(10% × 100%\)/,
        ),
      ],
    });
  });
});
