import { execFile } from 'node:child_process';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { loadBrand, loadBrands } from '../../../scripts/lib/load-brands.ts';
import { releasedBrands } from '../../../scripts/lib/released-brands.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';
import {
  fixtureAccents,
  fixtureLogo,
  makeTempDir,
  SPEC_SERVICES,
  validBrandJson,
  validIconSvg,
  validSvg,
  writeBrandFolder,
} from '../brand-fixtures.ts';

const tempDirs: string[] = [];
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function problemsOf(files: Record<string, string | undefined>, service = 'test-brand') {
  const brandsDir = await makeTempDir();
  tempDirs.push(brandsDir);
  const result = await loadBrand(await writeBrandFolder(brandsDir, service, files));
  return 'problems' in result ? result.problems : [];
}

const brandJson = (changes: Record<string, unknown>) => JSON.stringify({ ...validBrandJson, ...changes });

describe('the brands of this repository', () => {
  test('are every folder of brands/, all valid', async () => {
    const folders = (await readdir(defaultBrandsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
    const { brands, invalid } = await loadBrands(defaultBrandsDir);
    expect(invalid).toEqual([]);
    expect(brands.map((brand) => brand.service)).toEqual(folders);
  });
});

describe("the spec's fifteen services", () => {
  // brands/ may hold more or fewer (a brand is added or retired by its folder); what the spec
  // fixes is that each of its service keys can be one.
  test.each(SPEC_SERVICES)('%s is a folder name the build takes as a service key', async (service) => {
    expect(await problemsOf({}, service)).toEqual([]);
  });
});

describe('a valid brand folder', () => {
  test('loads with its SVGs and the theme color defaulting to the accent', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const dir = await writeBrandFolder(brandsDir, 'test-brand', {
      'icon.svg': validIconSvg,
      '.DS_Store': 'x',
    });
    const brand = await loadBrand(dir);
    expect(brand).toMatchObject({
      service: 'test-brand',
      name: 'Test Brand',
      themeColor: fixtureAccents('test-brand').accentColor,
      logo: { text: fixtureLogo('test-brand'), viewBox: { x: 0, y: 0, width: 120, height: 48 } },
      icon: { text: validIconSvg, viewBox: { x: 0, y: 0, width: 48, height: 48 } },
      logoDark: undefined,
    });
  });

  test('loads the dark accent and its text where brand.json has them', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const dir = await writeBrandFolder(brandsDir, 'test-brand', {
      'brand.json': brandJson({ accentColorDark: '#60a5fa', accentTextColorDark: '#111827' }),
    });
    expect(await loadBrand(dir)).toMatchObject({
      accentColorDark: '#60a5fa',
      accentTextColorDark: '#111827',
    });
  });

  test('keeps an explicit theme color', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const dir = await writeBrandFolder(brandsDir, 'test-brand', {
      'brand.json': brandJson({ themeColor: '#112233' }),
    });
    expect(await loadBrand(dir)).toMatchObject({ themeColor: '#112233' });
  });

  test('a domain with umlauts is kept in the ASCII form servers and certificates use', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const dir = await writeBrandFolder(brandsDir, 'idn-brand', {
      'brand.json': brandJson({ domains: ['Login.Müller-Praxis.de', 'anmeldung.example.de'] }),
      'logo.svg': validSvg,
    });
    expect(await loadBrand(dir)).toMatchObject({
      domains: ['login.xn--mller-praxis-dlb.de', 'anmeldung.example.de'],
    });
  });
  test('redirect hosts are kept in ASCII form, a *. entry as one', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const dir = await writeBrandFolder(brandsDir, 'idn-brand', {
      'brand.json': brandJson({ redirectHosts: ['Ziel.Müller-Praxis.de', '*.a-ident.example'] }),
      'logo.svg': validSvg,
    });
    expect(await loadBrand(dir)).toMatchObject({
      redirectHosts: ['ziel.xn--mller-praxis-dlb.de', '*.a-ident.example'],
    });
  });
});

describe('a broken brand folder names the file, the field, the problem and what is expected', () => {
  test.each<[string, Record<string, string | undefined>, string]>([
    [
      'missing logo',
      { 'logo.svg': undefined },
      'logo.svg: missing; expected the wordmark above the form as an SVG file',
    ],
    [
      'missing brand.json',
      { 'brand.json': undefined },
      'brand.json: missing; every brand needs one (see docs/brands.md)',
    ],
    [
      'brand.json that is not JSON, with the line and column',
      { 'brand.json': '{\n  "name": "A"\n  "title": "B"\n}' },
      "brand.json: is not valid JSON at line 3, column 3 (Expected ',' or '}' after property value)",
    ],
    [
      'brand.json with a comma after the last entry',
      { 'brand.json': `${JSON.stringify(validBrandJson, null, 2).slice(0, -2)},\n}` },
      'brand.json: has a comma after the last entry at line 17, column 4; JSON allows none there: remove it',
    ],
    [
      'brand.json with typographic quotes',
      { 'brand.json': '{\n  “name”: "A"\n}' },
      'brand.json: uses the typographic quote “ at line 2, column 3; JSON needs straight double quotes ("…") around every key and text. A word processor or smart quotes put them there: edit the file in a code editor',
    ],
    [
      'a misspelt key, with the key it most likely means',
      { 'brand.json': brandJson({ accentColour: '#0b5cad' }) },
      'brand.json → accentColour: unknown key; did you mean "accentColor"? allowed keys are name, title, accentColor, accentTextColor, accentColorDark, accentTextColorDark, themeColor, backgroundColor, domains, links, redirectHosts',
    ],
    [
      'an icon that is not square',
      {
        'icon.svg':
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 64"><rect width="64" height="64" fill="#0f766e"/></svg>',
      },
      'icon.svg: has a viewBox of 100 × 64, not a square; expected a square drawing of the brand\'s mark, e.g. viewBox="0 0 100 100" with the mark centred, since tabs and home screens show the icon in a square',
    ],
    [
      'a wordmark in a web font',
      {
        'logo.svg': validSvg.replace(
          '</svg>',
          '<text x="56" y="32" font-family="Source Sans 3" fill="#1f2937">WD</text></svg>',
        ),
      },
      'logo.svg: its text asks for the font "Source Sans 3", which a visitor\'s device does not have',
    ],
    [
      'a misspelt dark accent, with the dark key it most likely means',
      { 'brand.json': brandJson({ accentColourDark: '#2e76c8' }) },
      'brand.json → accentColourDark: unknown key; did you mean "accentColorDark"? allowed keys are name, title, accentColor, accentTextColor, accentColorDark, accentTextColorDark, themeColor, backgroundColor, domains, links, redirectHosts',
    ],
    [
      'brand.json that is a list',
      { 'brand.json': '[]' },
      'brand.json → is a list; expected an object with the keys name, title, accentColor, accentTextColor, accentColorDark, accentTextColorDark, themeColor, backgroundColor, domains, links, redirectHosts',
    ],
    [
      'invalid color',
      { 'brand.json': brandJson({ accentColor: 'blue' }) },
      'brand.json → accentColor: "blue" is not a hex color; expected a hex color like "#0b5cad" (buttons and highlights)',
    ],
    [
      'short hex color',
      { 'brand.json': brandJson({ themeColor: '#fff' }) },
      'brand.json → themeColor: "#fff" is not a hex color; expected a hex color like "#0b5cad" for the browser toolbar',
    ],
    [
      'color of the wrong type',
      { 'brand.json': brandJson({ backgroundColor: 255 }) },
      'brand.json → backgroundColor: 255 is a number; expected a hex color like "#f4f6f9" for the page background',
    ],
    [
      'missing field',
      { 'brand.json': brandJson({ name: undefined }) },
      'brand.json → name: missing; expected the display name shown to visitors',
    ],
    [
      'empty name',
      { 'brand.json': brandJson({ name: '  ' }) },
      'brand.json → name: "" is empty; expected the display name shown to visitors',
    ],
    [
      'unknown key',
      { 'brand.json': brandJson({ color: '#000000' }) },
      'brand.json → color: unknown key; allowed keys are name, title, accentColor, accentTextColor, accentColorDark, accentTextColorDark, themeColor, backgroundColor, domains, links, redirectHosts',
    ],
    [
      'unknown key in links',
      { 'brand.json': brandJson({ links: { ...validBrandJson.links, agb: 'https://x.example/agb' } }) },
      'brand.json → links.agb: unknown key; allowed keys are impressum, datenschutz',
    ],
    [
      'footer link that is not https',
      { 'brand.json': brandJson({ links: { ...validBrandJson.links, impressum: 'http://x.example/i' } }) },
      'brand.json → links.impressum: "http://x.example/i" is not an https:// address; expected an https:// address of the Impressum page',
    ],
    [
      'footer link that is script',
      { 'brand.json': brandJson({ links: { ...validBrandJson.links, datenschutz: 'javascript:alert(1)' } }) },
      'brand.json → links.datenschutz: "javascript:alert(1)" is not an https:// address',
    ],
    [
      'domain that is not a host name',
      { 'brand.json': brandJson({ domains: ['login.example.de', 'https://x.example/'] }) },
      'brand.json → domains[1]: "https://x.example/" is not a host name; expected a list of at least one host name',
    ],
    [
      'domain with an underscore, which no certificate can name',
      { 'brand.json': brandJson({ domains: ['login.wdmaps_local.example'] }) },
      'brand.json → domains[0]: "login.wdmaps_local.example" is not a host name; expected a list of at least one host name the brand is served on, e.g. ["login.a-dok.de"]; letters, digits and "-" (umlauts allowed), no "_"',
    ],
    [
      'domain with a port',
      { 'brand.json': brandJson({ domains: ['login.example.de:8443'] }) },
      'brand.json → domains[0]: "login.example.de:8443" is not a host name',
    ],
    [
      'domain without a top-level domain',
      { 'brand.json': brandJson({ domains: ['localhost'] }) },
      'brand.json → domains[0]: "localhost" is not a host name',
    ],
    [
      'domain named twice',
      { 'brand.json': brandJson({ domains: ['login.example.de', 'LOGIN.example.de'] }) },
      'brand.json → domains: ["login.example.de","login.example.de"] names a host twice',
    ],
    [
      'no domains',
      { 'brand.json': brandJson({ domains: [] }) },
      'brand.json → domains: [] is empty; expected a list of at least one host name',
    ],
    [
      'redirect host with a scheme',
      { 'brand.json': brandJson({ redirectHosts: ['https://a-ident.example'] }) },
      'brand.json → redirectHosts[0]: "https://a-ident.example" is not a host name or "*." and a host name; expected the list of the only hosts',
    ],
    [
      'redirect host that is a bare wildcard',
      { 'brand.json': brandJson({ redirectHosts: ['*'] }) },
      'brand.json → redirectHosts[0]: "*" is not a host name or "*." and a host name',
    ],
    [
      'redirect host with a wildcard inside',
      { 'brand.json': brandJson({ redirectHosts: ['pay.*.example'] }) },
      'brand.json → redirectHosts[0]: "pay.*.example" is not a host name or "*." and a host name',
    ],
    [
      'redirect host that is a wildcard over a top-level domain',
      { 'brand.json': brandJson({ redirectHosts: ['*.de'] }) },
      'brand.json → redirectHosts[0]: "*.de" is not a host name or "*." and a host name',
    ],
    [
      'redirect host with the default port',
      { 'brand.json': brandJson({ redirectHosts: ['a-ident.example:443'] }) },
      'brand.json → redirectHosts[0]: "a-ident.example:443" names 443, the default port, which the host alone allows',
    ],
    [
      'no redirect hosts',
      { 'brand.json': brandJson({ redirectHosts: undefined }) },
      'brand.json → redirectHosts: missing; expected the list of the only hosts',
    ],
    [
      'redirect hosts that name a host twice',
      { 'brand.json': brandJson({ redirectHosts: ['*.a-ident.example', '*.A-Ident.example'] }) },
      'brand.json → redirectHosts: ["*.a-ident.example","*.a-ident.example"] names a host twice',
    ],
    [
      'an empty list of redirect hosts, which would allow none',
      { 'brand.json': brandJson({ redirectHosts: [] }) },
      'brand.json → redirectHosts: [] is empty; expected the list of the only hosts',
    ],
    [
      'bad SVG',
      { 'logo.svg': '<svg viewBox="0 0 10 10"><rect>' },
      'logo.svg: is not well-formed XML (line 1, column',
    ],
    [
      'bad optional SVG',
      { 'icon.svg': '<svg viewBox="0 0 1 1"><script>x()</script></svg>' },
      'icon.svg: contains a <script> element; expected a self-contained drawing',
    ],
    [
      'unexpected file',
      { 'Logo.svg': validSvg },
      'Logo.svg: unexpected file; a brand folder holds only brand.json, logo.svg, logo-dark.svg, icon.svg',
    ],
  ])('%s', async (_case, files, message) => {
    expect(await problemsOf(files)).toContainEqual(expect.stringContaining(message));
  });

  test.each([
    ['AB', ''],
    ['wd news', ' Rename the folder, e.g. to "wd-news".'],
    ['RapiDoc', ' Rename the folder, e.g. to "rapidoc".'],
    ['_wdmaps', ' Rename the folder, e.g. to "wdmaps".'],
  ])('a folder name that is not a service key: %j', async (name, rename) => {
    expect(await problemsOf({}, name)).toEqual([
      `folder name "${name}" is not a service key; expected at least 3 lower-case letters, digits, "-" or "_", ` +
        `starting with a letter or digit, and exactly the service's key in the gateway config.${rename}`,
    ]);
  });

  test('text on the accent below 4.5:1, with the ratio found and the nearest colors that pass', async () => {
    const problems = await problemsOf({
      // One accent for both schemes (it has 3.27:1 on the dark card): one pair, one message.
      'brand.json': brandJson({
        accentColor: '#777777',
        accentTextColor: '#ffffff',
        accentColorDark: undefined,
      }),
    });
    expect(problems).toEqual([
      'brand.json → accentTextColor #ffffff on accentColor #777777 has a contrast ratio of 4.47:1; ' +
        'expected at least 4.5:1 (WCAG 1.4.3). Change accentTextColor to #060606 (the nearest that passes), ' +
        'or change accentColor to #767676 (the nearest that passes).',
    ]);
  });

  test('an accent below 3:1 on the dark card without a dark accent, with the nearest that passes', async () => {
    const { accentColorDark: _dark, ...lightOnly } = validBrandJson;
    const problems = await problemsOf({ 'brand.json': JSON.stringify(lightOnly) });
    expect(problems).toEqual([
      "brand.json → accentColor #0b5cad has 2.20:1 against the dark card #1f2937 where it draws the spinner and the card's top border; " +
        'expected at least 3:1 (WCAG 1.4.11). Add "accentColorDark": "#2972c5" (the nearest that passes), ' +
        'or change accentColor to #2972c5, which passes on light and dark.',
    ]);
  });

  test('a dark accent that is not a color, with what the field holds', async () => {
    expect(await problemsOf({ 'brand.json': brandJson({ accentColorDark: 'navy' }) })).toEqual([
      'brand.json → accentColorDark: "navy" is not a hex color; expected a hex color like "#2e76c8" for the accent in dark mode, ' +
        'when accentColor has less than 3:1 against the dark card (optional; defaults to accentColor)',
    ]);
  });

  test('text on the accent just above 4.5:1 (4.54:1) passes', async () => {
    expect(await problemsOf({ 'brand.json': brandJson({ accentColor: '#767676' }) })).toEqual([]);
  });

  test('every problem of a folder is reported, not only the first', async () => {
    const problems = await problemsOf({
      'brand.json': brandJson({ accentColor: 'x', title: '', extra: 1 }),
      'logo.svg': undefined,
      'icon.svg': '',
    });
    expect(problems).toEqual([
      'brand.json → title: "" is empty; expected the browser tab title, e.g. "A-Dok – Anmeldung"',
      'brand.json → accentColor: "x" is not a hex color; expected a hex color like "#0b5cad" (buttons and highlights)',
      'brand.json → extra: unknown key; allowed keys are name, title, accentColor, accentTextColor, accentColorDark, accentTextColorDark, themeColor, backgroundColor, domains, links, redirectHosts',
      'logo.svg: missing; expected the wordmark above the form as an SVG file',
      'icon.svg: is empty; expected an SVG image',
    ]);
  });
});

describe('a file of the wrong kind or size says what it is', () => {
  async function problemsWithFile(name: string, bytes: Buffer) {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const dir = await writeBrandFolder(brandsDir, 'test-brand');
    await writeFile(path.join(dir, name), bytes);
    const result = await loadBrand(dir);
    return 'problems' in result ? result.problems : [];
  }
  const png = () =>
    sharp({ create: { width: 4, height: 4, channels: 4, background: '#0b5cad' } })
      .png()
      .toBuffer();

  test('a PNG renamed to logo.svg', async () => {
    expect(await problemsWithFile('logo.svg', await png())).toEqual([
      expect.stringMatching(
        /^logo\.svg: this is a PNG image, not an SVG drawing; expected an SVG file\. Renaming a file does not convert it: export the drawing as SVG/,
      ),
    ]);
  });

  test.each<[string, string, Buffer, RegExp]>([
    [
      'a JPEG',
      'icon.svg',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      /^icon\.svg: this is a JPEG image, not an SVG drawing; /,
    ],
    [
      'a web page',
      'logo.svg',
      Buffer.from('<!DOCTYPE html><html><body>GitHub</body></html>'),
      /^logo\.svg: this is a web page \(HTML\), perhaps saved from a browser, not an SVG drawing; /,
    ],
    [
      'an Illustrator file',
      'logo-dark.svg',
      Buffer.from('%PDF-1.6\n%âãÏÓ'),
      /^logo-dark\.svg: this is a PDF document \(or an Illustrator file\), not an SVG drawing; /,
    ],
    [
      'a compressed SVG',
      'logo.svg',
      Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]),
      /^logo\.svg: this is a gzip-compressed file \(an \.svgz\?\), not an SVG drawing; /,
    ],
    [
      'Latin-1 text',
      'logo.svg',
      Buffer.from('<svg viewBox="0 0 1 1"><title>M\xfcller</title></svg>', 'latin1'),
      /^logo\.svg: this is text in another encoding than UTF-8, not an SVG drawing; .*saved as UTF-8\.$/,
    ],
    [
      'a PNG named brand.json',
      'brand.json',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
      /^brand\.json: this is a PNG image, not a JSON text; expected the brand settings as UTF-8 JSON text/,
    ],
  ])('%s', async (_case, name, bytes, message) => {
    expect(await problemsWithFile(name, bytes)).toEqual([expect.stringMatching(message)]);
  });

  test('an SVG over 50 KB without its whitespace, with the measured size', async () => {
    const heavy = validSvg.replace('</svg>', `<path d="M0 0${' L1 1'.repeat(11_000)}"/></svg>`);
    expect(await problemsWithFile('logo.svg', Buffer.from(heavy))).toEqual([
      'logo.svg: is 53.8 KB with its whitespace removed; expected at most 50.0 KB. ' +
        "Every brand's site carries every brand's logos, so make it smaller: `npm run brands:tidy -- test-brand` removes editor data, or export again as Inkscape's \"Plain SVG\" (File → Save a Copy…); simplify its paths (Inkscape: Path → Simplify), or embed a smaller image.",
    ]);
  });

  test('whitespace does not count towards the limit', async () => {
    const indented = validSvg.replace('<rect', `${'\n    '.repeat(20_000)}<rect`);
    expect(Buffer.byteLength(indented)).toBeGreaterThan(50 * 1024);
    expect(await problemsWithFile('logo.svg', Buffer.from(indented))).toEqual([]);
  });

  test('a file of several megabytes is not even read', async () => {
    expect(await problemsWithFile('icon.svg', Buffer.alloc(4 * 1024 * 1024, 0x20))).toEqual([
      expect.stringMatching(
        /^icon\.svg: is 4\.0 MB, too big to read; expected an SVG drawing of at most 50\.0 KB\. Every brand's site carries/,
      ),
    ]);
  });

  test('a brand.json over 16 KB', async () => {
    const padded = JSON.stringify({ ...validBrandJson, name: 'x'.repeat(17_000) });
    expect(await problemsWithFile('brand.json', Buffer.from(padded))).toEqual([
      expect.stringMatching(/^brand\.json: is 16\.\d KB; expected at most 16\.0 KB/),
    ]);
  });
});

describe('each drawing is measured against the page it is shown on', () => {
  const wordmark = (fill: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48"><text x="4" y="32" font-size="24" fill="${fill}">Brand</text></svg>`;

  test('a dark wordmark without logo-dark.svg is refused for the dark page, with the fix', async () => {
    expect(await problemsOf({ 'logo.svg': wordmark('#1f2937') })).toEqual([
      'logo.svg: color #1f2937 covers 100% of the logo and has 1.20:1 against the dark page #111827; ' +
        'expected at least 3:1 so the logo stays readable in dark mode. Add logo-dark.svg with lighter colors, or change the color (e.g. to #5a6576, the nearest with 3:1 on both pages).',
    ]);
  });

  test('a logo-dark.svg takes the dark page, and is itself measured against it', async () => {
    expect(
      await problemsOf({ 'logo.svg': wordmark('#1f2937'), 'logo-dark.svg': wordmark('#f3f4f6') }),
    ).toEqual([]);
    expect(
      await problemsOf({ 'logo.svg': wordmark('#1f2937'), 'logo-dark.svg': wordmark('#374151') }),
    ).toEqual([
      expect.stringMatching(
        /^logo-dark\.svg: color #374151 covers 100% of the logo and has 1\.\d\d:1 against the dark page #111827; /,
      ),
    ]);
  });

  test("the light page is the brand's backgroundColor when it has one", async () => {
    const problems = await problemsOf({
      'brand.json': brandJson({ backgroundColor: '#1c1917' }),
      'logo.svg': wordmark('#1f2937'),
      'logo-dark.svg': wordmark('#f3f4f6'),
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^logo\.svg: color #1f2937 covers 100% of the logo and has 1\.\d\d:1 against the light page #1c1917; /,
      ),
    ]);
  });

  test('the icon is measured against both pages', async () => {
    const problems = await problemsOf({ 'icon.svg': wordmark('#fbbf24').replace('0 0 120 48', '0 0 48 48') });
    expect(problems).toEqual([
      expect.stringMatching(
        /^icon\.svg: color #fbbf24 covers 100% of the icon and has 1\.\d\d:1 against the light page #f4f5f7; /,
      ),
    ]);
    const darkIcon = await problemsOf({ 'icon.svg': wordmark('#1e3a8a').replace('0 0 120 48', '0 0 48 48') });
    expect(darkIcon).toEqual([
      expect.stringMatching(
        /^icon\.svg: color #1e3a8a covers 100% of the icon and has 1\.71:1 against the dark page #111827; /,
      ),
    ]);
  });
});

describe('a brand without icon.svg', () => {
  test('loads with a warning that says what the favicon will be', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const brand = await loadBrand(await writeBrandFolder(brandsDir, 'test-brand'));
    expect(brand).toMatchObject({
      warnings: [
        'icon.svg: missing; the favicon will be logo.svg (120 × 48) fitted into a square, so in a 16 × 16 px browser tab the drawing is 16 × 6 px. ' +
          "Add icon.svg, a square drawing of the brand's mark, for a readable favicon.",
      ],
    });
  });

  test('with icon.svg there is no warning', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const brand = await loadBrand(
      await writeBrandFolder(brandsDir, 'test-brand', { 'icon.svg': validIconSvg }),
    );
    expect(brand).toMatchObject({ warnings: [] });
  });
});

describe('loadBrands', () => {
  test('reports every invalid folder and still loads the valid ones', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    await writeBrandFolder(brandsDir, 'good-one');
    await writeBrandFolder(brandsDir, 'no-logo', { 'logo.svg': undefined });
    await writeBrandFolder(brandsDir, 'bad-color', { 'brand.json': brandJson({ accentColor: '#12' }) });
    const { brands, invalid } = await loadBrands(brandsDir);
    expect(brands.map((brand) => brand.service)).toEqual(['good-one']);
    expect(invalid.map((brand) => brand.service)).toEqual(['bad-color', 'no-logo']);
  });
});

describe('a folder with several mistakes', () => {
  test('lists them all in one round: a web font does not hide a colour, nor a typo the accent', async () => {
    const problems = await problemsOf({
      'brand.json': brandJson({ accentColour: '#0b5cad', accentTextColor: '#5a8fd0' }),
      'logo.svg': validSvg
        .replace('#0f766e', '#1f2937')
        .replace('</svg>', '<text x="56" y="32" font-family="Source Sans 3" fill="#1f2937">WD</text></svg>'),
      'icon.svg': validIconSvg.replace('viewBox="0 0 48 48"', 'viewBox="0 0 64 48"'),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^brand\.json → accentColour: unknown key; did you mean "accentColor"\?/),
        expect.stringMatching(
          /^brand\.json → accentTextColor #5a8fd0 on accentColor #0b5cad has a contrast ratio of/,
        ),
        expect.stringMatching(/^logo\.svg: its text asks for the font "Source Sans 3"/),
        expect.stringMatching(/^logo\.svg: color #1f2937 covers .* against the dark page #111827/),
        expect.stringMatching(/^icon\.svg: has a viewBox of 64 × 48, not a square/),
      ]),
    );
  });
});

describe('what one brand folder does to another', () => {
  test('a domain of two brands is a mistake of both, named in each; the other brands load', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const shared = 'login.a-dok.example';
    await writeBrandFolder(brandsDir, 'a-dok', { 'brand.json': brandJson({ domains: [shared] }) });
    await writeBrandFolder(brandsDir, 'wdnews', {
      'brand.json': brandJson({ domains: ['login.wdnews.example', shared] }),
    });
    await writeBrandFolder(brandsDir, 'caac');
    const { brands, invalid } = await loadBrands(brandsDir);
    expect(brands.map((brand) => brand.service)).toEqual(['caac']);
    expect(invalid).toEqual([
      {
        service: 'a-dok',
        problems: [
          'brand.json → domains: login.a-dok.example is also a domain of wdnews; a host name serves one brand, so remove it from all but one of these folders',
        ],
      },
      {
        service: 'wdnews',
        problems: [
          'brand.json → domains: login.a-dok.example is also a domain of a-dok; a host name serves one brand, so remove it from all but one of these folders',
        ],
      },
    ]);
  });

  test('a domain a brand of the last release serves stays its own: only the new folder is refused', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const shared = 'login.a-dok.example';
    await writeBrandFolder(brandsDir, 'a-dok', { 'brand.json': brandJson({ domains: [shared] }) });
    await writeBrandFolder(brandsDir, 'wdnews', {
      'brand.json': brandJson({ domains: ['login.wdnews.example', shared] }),
    });
    const { brands, invalid } = await loadBrands(brandsDir, { released: new Set(['a-dok', 'caac']) });
    expect(brands.map((brand) => brand.service)).toEqual(['a-dok']);
    expect(invalid).toEqual([
      {
        service: 'wdnews',
        problems: [
          'brand.json → domains: login.a-dok.example is already served by a-dok (a brand of the last release); a host name serves one brand, so give wdnews a domain of its own',
        ],
      },
    ]);
  });

  test('the brands of the last release are the folders committed at HEAD', async () => {
    const repo = await makeTempDir('repo-');
    tempDirs.push(repo);
    const brandsDir = path.join(repo, 'brands');
    await writeBrandFolder(brandsDir, 'a-dok');
    const git = (...args: string[]) => promisify(execFile)('git', args, { cwd: repo });
    await git('init', '--quiet');
    await git('add', '.');
    await git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '--quiet', '-m', 'a-dok');
    await writeBrandFolder(brandsDir, 'wdnews');
    expect([...(await releasedBrands(brandsDir))]).toEqual(['a-dok']);
    expect([...(await releasedBrands(path.dirname(repo)))]).toEqual([]);
  });

  test('an accent another brand has is a warning in both, naming the other; both load', async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    // Each with its own icon, so that the accent is what they share.
    const icon = (service: string) => validIconSvg.replace('><rect', `><title>${service}</title><rect`);
    const copied = (domain: string) =>
      brandJson({ accentColor: '#0F766E', accentColorDark: '#1d7e76', domains: [domain] });
    await writeBrandFolder(brandsDir, 'cdap', {
      'brand.json': copied('login.cdap.example'),
      'icon.svg': icon('cdap'),
    });
    await writeBrandFolder(brandsDir, 'wdnews', {
      'brand.json': copied('login.wdnews.example'),
      'icon.svg': icon('wdnews'),
    });
    await writeBrandFolder(brandsDir, 'caac', { 'icon.svg': icon('caac') });
    const { brands, invalid } = await loadBrands(brandsDir);
    expect(invalid).toEqual([]);
    const warningsOf = (service: string) => brands.find((brand) => brand.service === service)?.warnings;
    expect(warningsOf('wdnews')).toEqual([
      "brand.json → accentColor #0F766E is also cdap's accent; visitors who use both services may confuse them: pick another if the brands should look apart",
    ]);
    expect(warningsOf('cdap')).toEqual([
      expect.stringMatching(/^brand\.json → accentColor #0F766E is also wdnews's accent; /),
    ]);
    expect(warningsOf('caac')).toEqual([]);
  });

  test("a drawing byte for byte another brand's is a warning naming that file", async () => {
    const brandsDir = await makeTempDir();
    tempDirs.push(brandsDir);
    const darkLogo = validSvg.replace('#0f766e', '#5eead4');
    await writeBrandFolder(brandsDir, 'a-dok', { 'logo-dark.svg': darkLogo, 'icon.svg': validIconSvg });
    await writeBrandFolder(brandsDir, 'wdnews', { 'logo-dark.svg': darkLogo, 'icon.svg': validIconSvg });
    const { brands } = await loadBrands(brandsDir);
    expect(brands.find((brand) => brand.service === 'wdnews')?.warnings).toEqual([
      "logo-dark.svg: is the same file as brands/a-dok/logo-dark.svg; a copied drawing shows the other brand's mark on this brand's pages. Replace it with this brand's own",
      "icon.svg: is the same file as brands/a-dok/icon.svg; a copied drawing shows the other brand's mark on this brand's pages. Replace it with this brand's own",
    ]);
    expect(brands.find((brand) => brand.service === 'a-dok')?.warnings).toEqual([
      expect.stringMatching(/^logo-dark\.svg: is the same file as brands\/wdnews\/logo-dark\.svg; /),
      expect.stringMatching(/^icon\.svg: is the same file as brands\/wdnews\/icon\.svg; /),
    ]);
  });
});
