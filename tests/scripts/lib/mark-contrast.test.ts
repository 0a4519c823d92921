import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { brandJsonSchema } from '../../../scripts/lib/brand-schema.ts';
import { markContrastProblems, type MarkFile, type PageScheme } from '../../../scripts/lib/mark-contrast.ts';
import { inspectSvg } from '../../../scripts/lib/svg-check.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';
import { contrastRatio } from '../../../src/lib/contrast.ts';
import { DARK_PAGE_BACKGROUND, LIGHT_PAGE_BACKGROUND } from '../../../src/lib/page-colors.ts';

const LIGHT: PageScheme = { scheme: 'light', background: LIGHT_PAGE_BACKGROUND };
const DARK: PageScheme = { scheme: 'dark', background: DARK_PAGE_BACKGROUND };
const BOTH = [LIGHT, DARK];

const svg = (inner: string, width = 200, height = 48) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${inner}</svg>`;
const square = (fill: string, extra = '') => `<rect width="48" height="48" rx="11" fill="${fill}"${extra}/>`;
const glyph = '<path d="M15 10h13l9 9v19a2 2 0 0 1-2 2H15a2 2 0 0 1-2-2V12a2 2 0 0 1 2-2z" fill="#ffffff"/>';
const wordmark = (fill: string, x = 58) =>
  `<text x="${x}" y="32" font-family="sans-serif" font-size="24" font-weight="700" fill="${fill}">A-Dok</text>`;

// #5a6576 is #1f2937 lightened (OKLCH) until it has 3:1 on the dark page; it has more on the light one.
const DARK_LOGO_FIX =
  'expected at least 3:1 so the logo stays readable in dark mode. Add logo-dark.svg with lighter colors, or change the color (e.g. to #5a6576, the nearest with 3:1 on both pages).';
const DARK_PAGE_FIX = DARK_LOGO_FIX.replace('both pages', 'the dark page');

let cacheDir: string;
const dirs: string[] = [];
beforeEach(async () => {
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'mark-contrast-'));
  dirs.push(cacheDir);
});
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const check = (file: MarkFile, text: string, schemes: PageScheme[]) =>
  markContrastProblems({ file, text, schemes, cacheDir });

describe('markContrastProblems draws the mark on the page and measures its pixels', () => {
  test('flat dark text on the dark page: the file, the color, the ratio rounded down, the page and the fix', async () => {
    expect(await check('logo.svg', svg(wordmark('#1f2937', 4)), BOTH)).toEqual([
      `logo.svg: color #1f2937 covers 100% of the logo and has 1.20:1 against the dark page #111827; ${DARK_LOGO_FIX}`,
    ]);
  });

  test('says where in the drawing a faint part lies', async () => {
    expect(await check('logo.svg', svg(square('#1a73d6') + glyph + wordmark('#1f2937')), [DARK])).toEqual([
      expect.stringMatching(
        /^logo\.svg: color #1f2937 covers \d+% of the logo \(in the right half\) and has 1\.20:1 against the dark page #111827;/,
      ),
    ]);
  });

  test('a colored square is judged by its color, not by the white glyph inside it', async () => {
    const icon = svg(square('#0b5cad') + glyph, 48, 48);
    // White on the light page would be 1.09:1, but the glyph never meets the page.
    expect(await check('icon.svg', icon, [LIGHT])).toEqual([]);
    expect(await check('icon.svg', icon, [DARK])).toEqual([
      expect.stringMatching(
        /^icon\.svg: color #0b5cad covers \d+% of the icon and has 2\.65:1 against the dark page #111827; expected at least 3:1 so the icon stays visible on dark backgrounds\./,
      ),
    ]);
  });

  test('a gradient is judged by its faint end, and the message says where that is', async () => {
    const gradient =
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#1f2937"/><stop offset="1" stop-color="#e5e7eb"/></linearGradient></defs>' +
      '<rect width="200" height="48" fill="url(#g)"/>';
    // On the light page the dark end stands out and the light end does not, and the other way round.
    expect(await check('logo.svg', svg(gradient), BOTH)).toEqual([
      expect.stringMatching(
        /^logo\.svg: color #[0-9a-f]{6} covers 100% of the logo \(in the right half\) and has 1\.\d\d:1 against the light page #f4f5f7;/,
      ),
      expect.stringMatching(
        /^logo\.svg: color #[0-9a-f]{6} covers 100% of the logo \(in the left third\) and has 1\.\d\d:1 against the dark page #111827;/,
      ),
    ]);
  });

  test.each([
    ['black at full opacity', '<rect width="200" height="48"/>', []],
    [
      'black at 30% opacity, seen as the grey it mixes with the white page',
      '<rect width="200" height="48" opacity=".3"/>',
      [
        expect.stringMatching(
          /^logo\.svg: color #b3b3b3 covers 100% of the logo and has 2\.09:1 against the light page #ffffff;/,
        ),
      ],
    ],
  ])('opacity: %s', async (_case, inner, expected) => {
    expect(await check('logo.svg', svg(inner), [{ scheme: 'light', background: '#ffffff' }])).toEqual(
      expected,
    );
  });

  test.each([
    ['a dark fill alone fails', '', 1],
    ['a dark fill with a light outline all round passes', ' stroke="#f3f4f6" stroke-width="4"', 0],
  ])('outline: %s', async (_case, stroke, count) => {
    const icon = svg(`<rect x="4" y="4" width="40" height="40" rx="8" fill="#1f2937"${stroke}/>`, 48, 48);
    expect(await check('icon.svg', icon, [DARK])).toHaveLength(count);
  });

  test.each([
    ['white shows in full', '', 0],
    [
      'a mask that lets a fifth of the white through makes it faint',
      '<mask id="m"><rect width="48" height="48" fill="#333333"/></mask>',
      1,
    ],
  ])('mask: %s', async (_case, defs, count) => {
    const mask = defs ? ' mask="url(#m)"' : '';
    const icon = svg(`<defs>${defs}</defs><rect width="48" height="48" fill="#ffffff"${mask}/>`, 48, 48);
    expect(await check('icon.svg', icon, [DARK])).toHaveLength(count);
  });

  test.each([
    ['a light fill passes', '', 0],
    [
      'a color matrix that darkens it to a tenth fails',
      '<filter id="f"><feColorMatrix type="matrix" values=".1 0 0 0 0 0 .1 0 0 0 0 0 .1 0 0 0 0 0 1 0"/></filter>',
      1,
    ],
  ])('filter: %s', async (_case, defs, count) => {
    const filter = defs ? ' filter="url(#f)"' : '';
    const icon = svg(`<defs>${defs}</defs><rect width="48" height="48" fill="#f3f4f6"${filter}/>`, 48, 48);
    expect(await check('icon.svg', icon, [DARK])).toHaveLength(count);
  });

  test.each([
    ['a dark bar across a light disc meets the page at both ends', '', 1],
    ['clipped to the disc, it lies inside it', ' clip-path="url(#c)"', 0],
  ])('clipPath: %s', async (_case, clip, count) => {
    const icon = svg(
      '<defs><clipPath id="c"><circle cx="24" cy="24" r="14"/></clipPath></defs>' +
        '<circle cx="24" cy="24" r="20" fill="#f3f4f6"/>' +
        `<rect y="20" width="48" height="8" fill="#1f2937"${clip}/>`,
      48,
      48,
    );
    expect(await check('icon.svg', icon, [DARK])).toHaveLength(count);
  });

  test('a dark PNG wordmark embedded in the SVG is refused on the dark page when there is no logo-dark.svg', async () => {
    const letters = Array.from(
      { length: 5 },
      (_, i) =>
        `<rect x="${i * 36}" y="8" width="14" height="32"/><rect x="${i * 36}" y="32" width="28" height="8"/>`,
    ).join('');
    const png = await sharp(Buffer.from(svg(`<g fill="#1f2937">${letters}</g>`, 180, 48)))
      .png()
      .toBuffer();
    const logo = svg(
      `<image href="data:image/png;base64,${png.toString('base64')}" x="10" y="0" width="180" height="48"/>`,
    );
    // The SVG check lets an embedded PNG through, so only the measurement can refuse it.
    expect(inspectSvg(logo).problems).toEqual([]);
    expect(await check('logo.svg', logo, BOTH)).toEqual([
      `logo.svg: color #1f2937 covers 100% of the logo and has 1.20:1 against the dark page #111827; ${DARK_LOGO_FIX}`,
    ]);
  });

  test('reports each faint part once per scheme it is faint in', async () => {
    const icon = svg(
      '<rect width="24" height="48" fill="#1f2937"/><rect x="24" width="24" height="48" fill="#e5e7eb"/>',
      48,
      48,
    );
    expect(await check('icon.svg', icon, BOTH)).toEqual([
      expect.stringMatching(
        /^icon\.svg: color #e5e7eb covers 50% of the icon \(in the right half\) and has 1\.\d\d:1 against the light page/,
      ),
      expect.stringMatching(
        /^icon\.svg: color #1f2937 covers 50% of the icon \(in the left half\) and has 1\.20:1 against the dark page/,
      ),
    ]);
  });

  test.each<[MarkFile, PageScheme, string]>([
    [
      'logo.svg',
      LIGHT,
      // 2 px at 80 device pixels for 48 units: 2.4 units.
      'expected at least 3:1 so the logo stays readable in light mode. Change the color (e.g. to #8d8e92, the nearest with 3:1 on the light page), or outline the shape at least 2.4 units wide (2 px of the mark at 40 px high: a thinner line is an edge and does not count), in a color with 3:1 against the page.',
    ],
    ['logo.svg', DARK, DARK_PAGE_FIX],
    [
      'logo-dark.svg',
      DARK,
      'expected at least 3:1 so the logo stays readable in dark mode. Change the color (e.g. to #5a6576, the nearest with 3:1 on the dark page).',
    ],
    [
      'icon.svg',
      LIGHT,
      // 2 px at 120 device pixels for 48 units: 1.6 units.
      'expected at least 3:1 so the icon stays visible on light backgrounds. There is no dark icon, so icon.svg must stand out on both: change the color (e.g. to #8d8e92, the nearest with 3:1 on the light page; a mid-tone works on light and dark), or add an outline at least 1.6 units wide (2 px of the mark at 60 × 60 px: a thinner line is an edge and does not count), in a color with 3:1 against the page.',
    ],
    [
      'icon.svg',
      DARK,
      'expected at least 3:1 so the icon stays visible on dark backgrounds. There is no dark icon, so icon.svg must stand out on both: change the color (e.g. to #5a6576, the nearest with 3:1 on the dark page; a mid-tone works on light and dark), or add an outline at least 1.6 units wide (2 px of the mark at 60 × 60 px: a thinner line is an edge and does not count), in a color with 3:1 against the page.',
    ],
  ])('%s on the %o page names its fix', async (file, page, fix) => {
    // The page's own color, a little off, is faint on either page.
    const faint = page.scheme === 'light' ? '#e5e7eb' : '#1f2937';
    const [message] = await check(file, svg(`<rect width="48" height="48" fill="${faint}"/>`, 48, 48), [
      page,
    ]);
    expect(message).toMatch(new RegExp(`^${file.replace('.', '\\.')}: color ${faint} `));
    expect(message?.endsWith(`; ${fix}`)).toBe(true);
  });

  test('an icon is drawn as large as a home screen shows it, so thin letters are measured too', async () => {
    const icon = svg(
      '<text x="4" y="32" font-family="sans-serif" font-size="24" fill="#1e3a8a">Brand</text>',
      48,
      48,
    );
    expect(await check('icon.svg', icon, BOTH)).toEqual([
      expect.stringMatching(
        /^icon\.svg: color #1e3a8a covers 100% of the icon and has 1\.71:1 against the dark page #111827;/,
      ),
    ]);
  });

  test.each([
    ['of many thousand units', 40_000, 9_600],
    ['of a fraction of a unit', 1, 0.24],
  ])('a drawing %s is drawn at the size the page shows it', async (_case, width, height) => {
    const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#1f2937"/></svg>`;
    expect(await check('logo.svg', logo, [DARK])).toEqual([
      `logo.svg: color #1f2937 covers 100% of the logo and has 1.20:1 against the dark page #111827; ${DARK_PAGE_FIX}`,
    ]);
  });

  test('leaves a file without a viewBox to the SVG check', async () => {
    const logo =
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="48" height="48" fill="#1f2937"/></svg>';
    expect(inspectSvg(logo).problems).toEqual([expect.stringMatching(/^has no usable viewBox/)]);
    expect(await check('logo.svg', logo, [DARK])).toEqual([]);
  });

  test('a file librsvg cannot draw is a problem, not a crash', async () => {
    // An entity HTML knows and XML does not: the SVG check refuses it first in a build; measured
    // alone, it is still a message.
    const broken = svg('<text>&nbsp;</text><rect width="48" height="48" fill="#1f2937"/>', 48, 48);
    expect(inspectSvg(broken).problems).toEqual([expect.stringMatching(/^uses the entity &nbsp;/)]);
    expect(await check('icon.svg', broken, BOTH)).toEqual([
      expect.stringMatching(
        /^icon\.svg: librsvg cannot draw it \(.+\), so its contrast with the page cannot be measured; expected an SVG a browser and librsvg both draw\./,
      ),
    ]);
    // Nothing is kept: the next build tries again.
    expect(await readdir(cacheDir)).toEqual([]);
  });
});

describe('a refusal says how to pass', () => {
  test.each<[string, MarkFile, string, PageScheme[]]>([
    ['a dark logo without logo-dark.svg', 'logo.svg', '#1f2937', BOTH],
    ['a pale logo on the light page', 'logo.svg', '#e5e7eb', [LIGHT]],
    ['a dark logo-dark.svg', 'logo-dark.svg', '#374151', [DARK]],
    ['a navy icon, shown on both pages', 'icon.svg', '#1e3a8a', BOTH],
    ['a yellow icon, shown on both pages', 'icon.svg', '#fde68a', BOTH],
  ])('%s: the color it suggests passes where the drawing failed', async (_case, file, color, schemes) => {
    const shape = (fill: string) =>
      file === 'icon.svg' ? svg(square(fill), 48, 48) : svg(`<rect width="200" height="48" fill="${fill}"/>`);
    const [message, ...others] = await check(file, shape(color), schemes);
    expect(others).toEqual([]);
    const suggested =
      /\(e\.g\. to (#[0-9a-f]{6}), the nearest with 3:1 on (both pages|the (?:light|dark) page)/.exec(
        message ?? '',
      );
    expect(suggested, message).not.toBeNull();
    const [, hex = '', pages] = suggested ?? [];
    expect(pages).toBe(schemes.length > 1 ? 'both pages' : `the ${schemes[0]?.scheme} page`);
    for (const { background } of schemes) expect(contrastRatio(hex, background)).toBeGreaterThanOrEqual(3);
    expect(await check(file, shape(hex), schemes)).toEqual([]);
  });

  // A navy square (1.71:1 on the dark page) with a light outline of `width` units round it.
  const outlined = (width: number, outline = '#f3f4f6', offset = 0, side = 48) => {
    const k = side / 48;
    const at = (2 + offset) * k + width / 2;
    return svg(
      `<rect x="${at}" y="${at}" width="${side - 2 * at}" height="${side - 2 * at}" rx="${9 * k}" fill="#1e3a8a" stroke="${outline}" stroke-width="${width}"/>`,
      side,
      side,
    );
  };
  const leastWidth = (message = '') => Number(/at least ([\d.]+) units wide/.exec(message)?.[1]);

  test.each([
    ['a 48-unit icon', 48, 1.6],
    ['a 100-unit icon', 100, 3.4],
    ['a 24-unit icon', 24, 0.8],
  ])(
    '%s: an outline as wide as the message says counts, wherever it falls on the pixels',
    async (_case, side, width) => {
      const [message] = await check(
        'icon.svg',
        svg(`<rect width="${side}" height="${side}" fill="#1e3a8a"/>`, side, side),
        [DARK],
      );
      expect(leastWidth(message)).toBe(width);
      for (const offset of [0, 0.13, 0.29, 0.41, 0.6]) {
        expect(await check('icon.svg', outlined(width, '#f3f4f6', offset, side), [DARK])).toEqual([]);
      }
    },
  );

  test.each([
    [
      'too thin: it is named, with the width it needs',
      outlined(0.8),
      'or widen its outline (#f3f4f6), which is there but too thin to count: at least 1.6 units wide (2 px of the mark at 60 × 60 px: a thinner line is an edge and does not count).',
    ],
    [
      'too thin and too faint: both are named',
      outlined(0.8, '#374151'),
      'or widen its outline (#374151), which is there but too thin to count: at least 1.6 units wide (2 px of the mark at 60 × 60 px: a thinner line is an edge and does not count), and in a color with 3:1 against the page (it has 1.72:1).',
    ],
    [
      'none at all: the rule',
      svg(square('#1e3a8a'), 48, 48),
      'or add an outline at least 1.6 units wide (2 px of the mark at 60 × 60 px: a thinner line is an edge and does not count), in a color with 3:1 against the page.',
    ],
  ])('an outline round a navy icon, %s', async (_case, icon, end) => {
    const [message, ...others] = await check('icon.svg', icon, [DARK]);
    expect(others).toEqual([]);
    expect(message).toMatch(
      /^icon\.svg: color #1e3a8a covers \d+% of the icon and has 1\.71:1 against the dark page #111827; /,
    );
    expect(message?.endsWith(end), message).toBe(true);
  });

  test('an outline wide enough but too faint is the color named, as the outline it is', async () => {
    expect(await check('icon.svg', outlined(4, '#374151'), [DARK])).toEqual([
      expect.stringMatching(
        /^icon\.svg: color #374151 covers \d+% of the icon and has 1\.72:1 against the dark page #111827; expected at least 3:1 so the icon stays visible on dark backgrounds\. This color surrounds #1e3a8a, as an outline does, and an outline counts only in a color with 3:1 against the page: change it \(e\.g\. to #[0-9a-f]{6}, the nearest with 3:1 on the dark page\)\.$/,
      ),
    ]);
  });
});

describe('markContrastProblems keeps its measurements by content', () => {
  const text = svg(wordmark('#1f2937', 4));
  const real = `logo.svg: color #1f2937 covers 100% of the logo and has 1.20:1 against the dark page #111827; ${DARK_PAGE_FIX}`;
  const onlyEntry = async () => {
    const files = await readdir(cacheDir);
    expect(files).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.json$/)]);
    return path.join(cacheDir, files[0] ?? '');
  };

  test('a second call reads the measurement the first one kept', async () => {
    await check('logo.svg', text, [DARK]);
    const entry = await onlyEntry();
    // A measurement the drawing cannot give: only a read of the entry can bring it back.
    const forged = {
      viewBox: { x: 0, y: 0, width: 200, height: 48 },
      ink: { x: 0, y: 0, width: 200, height: 48 },
      pages: [
        {
          background: '#111827',
          analysis: {
            background: '#111827',
            box: { x: 0, y: 0, width: 10, height: 10 },
            parts: [{ color: '#222222', share: 0.5, touchesPage: true, contrast: 1.1 }],
          },
          thinOutlines: {},
        },
      ],
    };
    await writeFile(entry, JSON.stringify(forged));
    expect(await check('logo.svg', text, [DARK])).toEqual([
      expect.stringMatching(
        /^logo\.svg: color #222222 covers 50% of the logo and has 1\.10:1 against the dark page #111827; /,
      ),
    ]);
  });

  test.each([
    ['a damaged entry', '{"viewBox": {"x": 0'],
    ['an entry of another shape, as an older recipe wrote', JSON.stringify([{ background: '#111827' }])],
  ])('%s is measured anew and replaced', async (_case, content) => {
    await check('logo.svg', text, [DARK]);
    const entry = await onlyEntry();
    const kept = await readFile(entry, 'utf8');
    await writeFile(entry, content);
    expect(await check('logo.svg', text, [DARK])).toEqual([real]);
    expect(await readFile(entry, 'utf8')).toBe(kept);
  });

  test('a page not measured yet is measured and added to the entry', async () => {
    await check('logo.svg', text, [DARK]);
    const entry = await onlyEntry();
    const pagesIn = async () =>
      (JSON.parse(await readFile(entry, 'utf8')) as { pages: { background: string }[] }).pages.map(
        (page) => page.background,
      );
    expect(await pagesIn()).toEqual(['#111827']);
    expect(await check('logo.svg', text, [LIGHT, DARK])).toEqual([
      `logo.svg: color #1f2937 covers 100% of the logo and has 1.20:1 against the dark page #111827; ${DARK_LOGO_FIX}`,
    ]);
    expect(await pagesIn()).toEqual(['#111827', '#f4f5f7']);
  });

  test('another file or text is another entry', async () => {
    await check('logo.svg', text, [DARK]);
    await check('logo-dark.svg', text, [DARK]);
    await check('logo.svg', svg(wordmark('#1f2938', 4)), [DARK]);
    await check('logo.svg', text, [{ scheme: 'dark', background: '#000000' }]);
    expect(await readdir(cacheDir)).toHaveLength(3);
  });
});

test("every brand in brands/ passes the build's check, for each file on each page it is shown on", async () => {
  const brands = (await readdir(defaultBrandsDir, { withFileTypes: true })).filter((entry) =>
    entry.isDirectory(),
  );
  expect(brands.length).toBeGreaterThan(0);
  const problems = await Promise.all(
    brands.map(async ({ name }) => {
      const dir = path.join(defaultBrandsDir, name);
      const read = (file: MarkFile) => readFile(path.join(dir, file), 'utf8').catch(() => undefined);
      const brandJson = brandJsonSchema.parse(
        JSON.parse(await readFile(path.join(dir, 'brand.json'), 'utf8')),
      );
      const light = {
        scheme: 'light',
        background: brandJson.backgroundColor ?? LIGHT_PAGE_BACKGROUND,
      } as const;
      const [logo, logoDark, icon] = await Promise.all(
        (['logo.svg', 'logo-dark.svg', 'icon.svg'] as const).map(read),
      );
      const checks: [MarkFile, string | undefined, PageScheme[]][] = [
        ['logo.svg', logo, logoDark ? [light] : [light, DARK]],
        ['logo-dark.svg', logoDark, [DARK]],
        ['icon.svg', icon, [light, DARK]],
      ];
      const found = await Promise.all(
        checks.map(([file, text, schemes]) =>
          text === undefined ? [] : check(file, text, schemes).then((all) => all.map((p) => `${name}/${p}`)),
        ),
      );
      return found.flat();
    }),
  );
  expect(problems.flat()).toEqual([]);
});
