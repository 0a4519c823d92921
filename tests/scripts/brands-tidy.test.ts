import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { inspectSvg } from '../../scripts/lib/svg-check.ts';
import { tidySvg } from '../../scripts/lib/svg-tidy.ts';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { makeTempDir, validBrandJson } from './brand-fixtures.ts';

const fixtures = path.join(projectRoot, 'tests', 'scripts', 'fixtures', 'brands-tidy');
const FONT_DIR = path.join(projectRoot, 'node_modules', '@fontsource', 'source-sans-3', 'files');
const inkscapeExport = await readFile(path.join(fixtures, 'inkscape-logo.svg'), 'utf8');
const illustratorExport = await readFile(path.join(fixtures, 'illustrator-logo.svg'), 'utf8');
const squareIcon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="11" fill="#0b5cad"/></svg>\n';

// Each run starts node, tsx and svgo: about a second, and several run at once. Beside the browser
// suite one took 30 s: the limit catches a hang, not a busy machine.
const SPAWN_TIMEOUT = 120_000;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command as npm runs it (tsx), in one node process. */
function tidy(...args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join('scripts', 'brands-tidy.ts'), ...args],
      { cwd: projectRoot, timeout: SPAWN_TIMEOUT },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const tempDirs: string[] = [];
afterAll(() => Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A brands folder of its own per test, holding the brand `acme` with these drawings. */
async function brandsWith(files: Record<string, string>): Promise<{ brandsDir: string; dir: string }> {
  const brandsDir = await makeTempDir('tidy-');
  tempDirs.push(brandsDir);
  const dir = path.join(brandsDir, 'acme');
  await mkdir(dir);
  await mkdir(path.join(brandsDir, 'wdpall'));
  await writeFile(path.join(dir, 'brand.json'), JSON.stringify(validBrandJson));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return { brandsDir, dir };
}

/** The picture as sharp (librsvg) draws it, 4 px per unit so a sub-pixel shift shows too. */
async function pixels(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 4 * 72 })
    .png()
    .raw()
    .toBuffer();
}

const opaquePixels = (raw: Buffer) => raw.filter((_, i) => i % 4 === 3 && raw[i] !== 0).length;

describe.concurrent('npm run brands:tidy', () => {
  test(
    "an Inkscape export loses its editor data and metadata, draws the same, and passes the build's SVG check",
    async () => {
      const { brandsDir, dir } = await brandsWith({ 'logo.svg': inkscapeExport, 'icon.svg': squareIcon });
      const { code, stdout, stderr } = await tidy('--brands-dir', brandsDir, 'acme');

      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout.split('\n').slice(1, 3)).toEqual([
        '  logo.svg: 4.9 KB → 1.7 KB; removed Inkscape editor data (sodipodi:namedview, 15 inkscape: attributes, 10 sodipodi: attributes), metadata, the XML declaration, 2 comments, 6 namespace declarations',
        '  icon.svg: nothing to tidy (0.1 KB)',
      ]);
      const tidied = await readFile(path.join(dir, 'logo.svg'), 'utf8');
      expect(tidied).not.toMatch(/inkscape:|sodipodi:|<metadata|rdf:|<!--|<\?xml/);
      expect(tidied).toMatch(/[^\n]\n$/);
      expect(await readFile(path.join(dir, 'icon.svg'), 'utf8')).toBe(squareIcon);
      // Replaced by a rename: no temporary file is left in the folder.
      expect((await readdir(dir)).sort()).toEqual(['brand.json', 'icon.svg', 'logo.svg']);

      // The export fails the build's check because of the editor namespaces, in one line naming
      // what this command removed; the tidied file passes.
      expect(inspectSvg(inkscapeExport, { brand: 'acme' }).problems).toEqual([
        'holds Inkscape editor data (sodipodi:namedview, 15 inkscape: attributes, 10 sodipodi: attributes); expected only SVG: `npm run brands:tidy -- acme` removes it without changing the picture',
      ]);
      expect(inspectSvg(tidied).problems).toEqual([]);
      expect(stdout).toMatch(
        /\nEvery drawing holds only what the SVG rules' lists allow and is within the size limit; /,
      );

      // The gradient keeps the id its rectangle paints with, and the picture every pixel.
      expect(tidied).toContain('id="linearGradient2"');
      const [before, after] = await Promise.all([pixels(inkscapeExport), pixels(tidied)]);
      expect(opaquePixels(before)).toBeGreaterThan(40_000);
      expect(after.equals(before)).toBe(true);

      const again = await tidy('--brands-dir', brandsDir, 'acme');
      expect(again.code).toBe(0);
      expect(again.stdout.split('\n').slice(1, 3)).toEqual([
        '  logo.svg: nothing to tidy (1.7 KB)',
        '  icon.svg: nothing to tidy (0.1 KB)',
      ]);
      expect(await readFile(path.join(dir, 'logo.svg'), 'utf8')).toBe(tidied);
    },
    SPAWN_TIMEOUT,
  );

  test(
    'an Illustrator export with its editing data: --dry-run shows what would go and writes nothing, a run removes it',
    async () => {
      const { brandsDir, dir } = await brandsWith({ 'logo.svg': illustratorExport });
      const removal =
        'Illustrator editor data (i:pgfRef, i:pgf, 7 i: attributes), metadata, 2 elements that add nothing to the picture (<switch>, <foreignObject>), the XML declaration, the DOCTYPE, 1 comment, 4 namespace declarations';

      const dryRun = await tidy('--brands-dir', brandsDir, 'acme', '--dry-run');
      expect(dryRun.code).toBe(0);
      expect(dryRun.stdout).toContain(`  logo.svg: 3.7 KB → 0.9 KB; would remove ${removal}\n`);
      expect(dryRun.stdout).toMatch(
        /\nOnce tidied, every drawing holds only .*\nDry run: nothing written.\n$/,
      );
      expect(await readFile(path.join(dir, 'logo.svg'), 'utf8')).toBe(illustratorExport);
      expect((await readdir(dir)).sort()).toEqual(['brand.json', 'logo.svg']);

      const run = await tidy('--brands-dir', brandsDir, 'acme');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`  logo.svg: 3.7 KB → 0.9 KB; removed ${removal}\n`);
      const tidied = await readFile(path.join(dir, 'logo.svg'), 'utf8');
      expect(tidied).not.toMatch(/i:|x:|<switch|<foreignObject|<metadata|<!DOCTYPE|<!--|<\?xml|\r/);
      // What the page may keep: Illustrator's layer names and its whitespace rule for text.
      expect(tidied).toContain('data-name="Wordmark"');
      expect(tidied).toContain('xml:space="preserve"');

      // Its entities, there only for the editor's namespaces, fail the build's check.
      expect(inspectSvg(illustratorExport).problems).toEqual([
        'declares entities in its DOCTYPE; expected a self-contained drawing without entities',
      ]);
      expect(inspectSvg(tidied).problems).toEqual([]);

      const [before, after] = await Promise.all([pixels(illustratorExport), pixels(tidied)]);
      expect(opaquePixels(before)).toBeGreaterThan(40_000);
      expect(after.equals(before)).toBe(true);
      // The comparison would see a change as small as one collapsed space in the text.
      const oneSpaceLess = await pixels(tidied.replace('>  Pay<', '> Pay<'));
      expect(oneSpaceLess.equals(before)).toBe(false);
    },
    SPAWN_TIMEOUT,
  );

  test(
    'a drawing still too big after tidying is named with what to do, exit 1',
    async () => {
      const points = Array.from({ length: 9000 }, (_, i) => `${(i % 40) + 0.5},${(i * 7) % 40}`).join(' ');
      const heavy = inkscapeExport.replace(
        '<g\n     inkscape:groupmode="layer"',
        `<path d="M${points}z"/><g\n     inkscape:groupmode="layer"`,
      );
      const { brandsDir } = await brandsWith({ 'logo.svg': heavy });
      const { code, stdout } = await tidy('--brands-dir', brandsDir, 'acme');

      expect(code).toBe(1);
      expect(stdout).toMatch(
        /\n {4}✗ still too big: \d+\.\d KB with its whitespace removed; expected at most 50\.0 KB\. Simplify its paths in the drawing program/,
      );
      expect(stdout).toMatch(/\n1 drawing still breaks the SVG rules or the size limit \(✗ above\)/);
    },
    SPAWN_TIMEOUT,
  );

  test(
    'with --font, text in the given fonts becomes outlines and text in another font is named, exit 1',
    async () => {
      const wordmark = `<svg ${SVG} viewBox="0 0 200 48"><text x="8" y="30" font-family="'Source Sans 3', sans-serif" font-size="24" fill="#1f2937">WD <tspan font-weight="700">News</tspan></text></svg>\n`;
      const withTagline = wordmark.replace(
        '</svg>',
        '<text x="8" y="44" font-family="Lato" font-size="8">since 1999</text></svg>',
      );
      const { brandsDir, dir } = await brandsWith({
        'logo.svg': withTagline,
        'icon.svg': wordmark.replace('200 48', '48 48'),
      });
      const fonts = ['400', '700'].flatMap((weight) => [
        '--font',
        path.join(FONT_DIR, `source-sans-3-latin-${weight}-normal.woff`),
      ]);
      const { code, stdout, stderr } = await tidy('--brands-dir', brandsDir, 'acme', ...fonts);

      expect(stderr).toBe('');
      expect(code).toBe(1);
      expect(stdout.split('\n').slice(1, 4)).toEqual([
        expect.stringMatching(
          /^ {2}logo\.svg: 0\.3 KB → \d\.\d KB; converted 1 text to outlines in 'Source Sans 3'$/,
        ),
        `    ✗ the text "since 1999" stays as it is: its font "Lato" was not given (--font gave 'Source Sans 3')`,
        expect.stringMatching(
          /^ {2}icon\.svg: 0\.2 KB → \d\.\d KB; converted 1 text to outlines in 'Source Sans 3'$/,
        ),
      ]);
      const [logo, icon] = await Promise.all([
        readFile(path.join(dir, 'logo.svg'), 'utf8'),
        readFile(path.join(dir, 'icon.svg'), 'utf8'),
      ]);
      expect(logo.match(/<text/g)).toHaveLength(1);
      expect(icon).not.toContain('<text');
      expect(inspectSvg(icon).problems).toEqual([]);
    },
    SPAWN_TIMEOUT,
  );

  test(
    'a --font that is no font is refused before anything is written, exit 2',
    async () => {
      const { brandsDir, dir } = await brandsWith({ 'logo.svg': inkscapeExport });
      const { code, stdout, stderr } = await tidy(
        '--brands-dir',
        brandsDir,
        'acme',
        '--font',
        path.join(dir, 'brand.json'),
      );
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(
        /^npm run brands:tidy --: --font \S+brand\.json is not a font file \(Unknown font format\); expected the brand font's TTF, OTF, WOFF or WOFF2 file\.\n/,
      );
      expect(await readFile(path.join(dir, 'logo.svg'), 'utf8')).toBe(inkscapeExport);
    },
    SPAWN_TIMEOUT,
  );

  test(
    'a drawing left small on a large page is named without --crop, and fills its viewBox with it',
    async () => {
      const speck = `<svg ${SVG} width="1000" height="220" viewBox="0 0 1000 220"><rect x="412" y="96" width="16" height="12" fill="#0b5cad"/></svg>\n`;
      const smallIcon = `<svg ${SVG} viewBox="0 0 48 48"><circle cx="30" cy="12" r="5" fill="#0b5cad"/></svg>\n`;
      const { brandsDir, dir } = await brandsWith({ 'logo.svg': speck, 'icon.svg': smallIcon });

      const named = await tidy('--brands-dir', brandsDir, 'acme');
      expect(named.code).toBe(1);
      expect(named.stdout.split('\n').slice(1, 5)).toEqual([
        '  logo.svg: nothing to tidy (0.2 KB)',
        expect.stringMatching(
          /^ {4}✗ its drawing covers 16 × 12 of its 1000 × 220 viewBox \(2% × 5%\), .*Crop it with `npm run brands:tidy -- acme --crop`/,
        ),
        '  icon.svg: nothing to tidy (0.1 KB)',
        expect.stringMatching(/^ {4}✗ its drawing covers 10 × 10 of its 48 × 48 viewBox \(21% × 21%\), /),
      ]);

      const dryRun = await tidy('--brands-dir', brandsDir, 'acme', '--crop', '--dry-run');
      expect(dryRun.stdout).toContain(
        '  logo.svg: 0.2 KB → 0.2 KB; would crop the viewBox to the drawing (0 0 1000 220 → 411.6 95.6 16.8 12.8)\n',
      );
      expect(await readFile(path.join(dir, 'logo.svg'), 'utf8')).toBe(speck);

      const cropped = await tidy('--brands-dir', brandsDir, 'acme', '--crop');
      expect(cropped.stderr).toBe('');
      expect(cropped.code).toBe(0);
      expect(cropped.stdout.split('\n').slice(1, 3)).toEqual([
        '  logo.svg: 0.2 KB → 0.2 KB; cropped the viewBox to the drawing (0 0 1000 220 → 411.6 95.6 16.8 12.8)',
        '  icon.svg: 0.1 KB → 0.1 KB; cropped the viewBox to the drawing (0 0 48 48 → 24.7 6.7 10.6 10.6)',
      ]);
      // Only the frame changed, and the width and height stay at the drawing's scale.
      expect(await readFile(path.join(dir, 'logo.svg'), 'utf8')).toBe(
        speck.replace(
          'width="1000" height="220" viewBox="0 0 1000 220"',
          'width="16.8" height="12.8" viewBox="411.6 95.6 16.8 12.8"',
        ),
      );
      expect(await readFile(path.join(dir, 'icon.svg'), 'utf8')).toBe(
        smallIcon.replace('viewBox="0 0 48 48"', 'viewBox="24.7 6.7 10.6 10.6"'),
      );
      const again = await tidy('--brands-dir', brandsDir, 'acme', '--crop');
      expect(again.stdout.split('\n').slice(1, 3)).toEqual([
        '  logo.svg: nothing to tidy (0.2 KB)',
        '  icon.svg: nothing to tidy (0.1 KB)',
      ]);
    },
    SPAWN_TIMEOUT,
  );

  test(
    'an unknown brand is refused in one sentence naming the brands, exit 2',
    async () => {
      const { brandsDir } = await brandsWith({ 'logo.svg': inkscapeExport });
      const { code, stdout, stderr } = await tidy('--brands-dir', brandsDir, 'acne');
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        'npm run brands:tidy --: unknown brand "acne"; the brands are: acme, wdpall.\n' +
          'Run `npm run brands:tidy -- --help` for the options.\n',
      );
    },
    SPAWN_TIMEOUT,
  );

  test(
    'a wrong option is refused before anything is read, exit 2',
    async () => {
      const { code, stdout, stderr } = await tidy('acme', '--dryrun');
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^npm run brands:tidy --: Unknown option '--dryrun'/);
    },
    SPAWN_TIMEOUT,
  );
});

const SVG = 'xmlns="http://www.w3.org/2000/svg"';

// What an export may hold next to the editor data, each drawn before and after tidying.
describe.concurrent('tidying draws the same picture for', () => {
  test.each([
    [
      'text whose spaces count, with comments between its parts',
      `<svg ${SVG} viewBox="0 0 200 40" xml:space="preserve"><text x="5" y="30" font-size="20"><tspan>A</tspan>  <!-- between -->  <tspan>B  C</tspan></text><text x="100" y="30" font-size="20" xml:space="default">  D <!-- x -->  E</text></svg>`,
    ],
    [
      'style sheets with a child combinator, in CDATA and escaped',
      `<svg ${SVG} viewBox="0 0 40 40"><style><![CDATA[g > rect{fill:#c00}]]></style><style>g&gt;circle[r="5"]{fill:#0c0}</style><!-- x --><g><rect width="20" height="20"/><circle cx="30" cy="30" r="5"/></g></svg>`,
    ],
    [
      'an empty mask that hides a shape, next to empty groups',
      `<svg ${SVG} viewBox="0 0 40 40"><defs><mask id="m"/></defs><g><g/></g><rect width="40" height="40" fill="#00c" mask="url(#m)"/><rect width="10" height="10" fill="#0c0"/></svg>`,
    ],
    [
      'an empty group drawn by <use>',
      `<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 40"><defs><g id="e"/></defs><use xlink:href="#e" x="5"/><rect width="10" height="10" fill="#0c0"/></svg>`,
    ],
    [
      'a Sketch export',
      `<?xml version="1.0" encoding="UTF-8"?>\n<svg width="40px" height="40px" viewBox="0 0 40 40" version="1.1" ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sketch="http://www.bohemiancoding.com/sketch/ns">\n    <!-- Generator: Sketch 3.8.3 (29802) - http://www.bohemiancoding.com/sketch -->\n    <title>mark</title>\n    <desc>Created with Sketch.</desc>\n    <defs></defs>\n    <g id="Page-1" stroke="none" stroke-width="1" fill="none" fill-rule="evenodd" sketch:type="MSPage">\n        <g id="mark" sketch:type="MSArtboardGroup" fill="#0B5CAD">\n            <circle id="Oval" sketch:type="MSShapeGroup" cx="20" cy="20" r="18"></circle>\n        </g>\n    </g>\n</svg>`,
    ],
  ])('%s', async (_, svg) => {
    const { text, removed } = tidySvg(svg);
    expect(removed).not.toEqual([]);
    expect(inspectSvg(text).problems).toEqual([]);
    const [before, after] = await Promise.all([pixels(svg), pixels(text)]);
    expect(after.equals(before)).toBe(true);
  });
});

test('a licence comment (<!--! … -->) stays', () => {
  const { text, removed } = tidySvg(
    `<svg ${SVG} viewBox="0 0 10 10"><!--! (c) ACME, CC BY 4.0 --><!-- layer 1 --><rect width="5" height="5"/></svg>`,
  );
  expect(removed).toEqual(['1 comment']);
  expect(text).toContain('<!--! (c) ACME, CC BY 4.0');
});
