import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM_ARGS, suiteChromiumPath } from '../../../scripts/lib/chromium.ts';
import { readFontFile, type FontFace } from '../../../scripts/lib/font-files.ts';
import { inspectSvg } from '../../../scripts/lib/svg-check.ts';
import { outlineText } from '../../../scripts/lib/svg-text-outline.ts';
import { projectRoot } from '../../../scripts/vite/app-config.ts';

const FONT_DIR = path.join(projectRoot, 'node_modules', '@fontsource', 'source-sans-3', 'files');
/** Source Sans 3 (SIL OFL) as Google Fonts serves it: its kerning sits in GPOS extension lookups. */
const FILES = {
  regular: { file: 'source-sans-3-latin-400-normal.woff', weight: 400, style: 'normal' },
  bold: { file: 'source-sans-3-latin-700-normal.woff', weight: 700, style: 'normal' },
  italic: { file: 'source-sans-3-latin-400-italic.woff', weight: 400, style: 'italic' },
} as const;

async function facesOf(file: string): Promise<FontFace[]> {
  const read = readFontFile(file, await readFile(path.join(FONT_DIR, file)));
  if ('problem' in read) throw new Error(read.problem);
  return read.faces;
}

const faces = (await Promise.all(Object.values(FILES).map(({ file }) => facesOf(file)))).flat();
const regularOnly = await facesOf(FILES.regular.file);

const drawing = (inner: string, viewBox = '0 0 200 48') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${inner}</svg>`;
const SS3 = `font-family="'Source Sans 3'"`;

// The original drawing in Chromium with the font as a web font, beside the outlines without it.
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: suiteChromiumPath, args: CHROMIUM_ARGS });
  page = await browser.newPage();
  const fontFaces = await Promise.all(
    Object.values(FILES).map(async ({ file, weight, style }) => {
      const data = (await readFile(path.join(FONT_DIR, file))).toString('base64');
      return `@font-face { font-family: 'Source Sans 3'; font-weight: ${weight}; font-style: ${style}; src: url(data:font/woff;base64,${data}) format('woff'); }`;
    }),
  );
  await page.setContent(
    // geometricPrecision: Chromium then places glyphs at their exact advances, as the outlines
    // do, instead of rounding each advance to whole pixels of the size the page is shown at.
    `<style>${fontFaces.join('\n')} body { margin: 0; background: #fff } svg { display: block; width: 800px; height: auto } text { text-rendering: geometricPrecision }</style><div id="shown"></div>`,
  );
  const loaded = await page.evaluate(() =>
    Promise.all([...document.fonts].map(async (font) => (await font.load()).status)),
  );
  expect(loaded).toEqual(['loaded', 'loaded', 'loaded']);
}, 20_000);
afterAll(() => browser?.close());

/** The drawing as Chromium shows it 800 px wide, in grey levels. */
async function shown(svg: string): Promise<Buffer> {
  await page.evaluate((markup) => {
    const shown = document.getElementById('shown');
    if (shown) shown.innerHTML = markup;
  }, svg);
  const png = await page.locator('#shown > svg').screenshot();
  return sharp(png).grayscale().raw().toBuffer();
}

/**
 * How much of the ink of two pictures differs clearly: pixels more than a quarter of the grey
 * scale apart, per pixel inked in either. Glyph edges anti-alias a little differently as text
 * and as paths, so a faithful conversion is not zero; a shift, size or baseline error is far off.
 */
function inkDifference(a: Buffer, b: Buffer): number {
  let inked = 0;
  let differing = 0;
  for (let i = 0; i < a.length; i += 1) {
    const [pa = 255, pb = 255] = [a[i], b[i]];
    if (pa < 192 || pb < 192) inked += 1;
    if (Math.abs(pa - pb) > 64) differing += 1;
  }
  return inked === 0 ? 1 : differing / inked;
}

const TOLERANCE = 0.02;

async function expectSamePicture(original: string, converted: string): Promise<void> {
  const [before, after] = [await shown(original), await shown(converted)];
  expect(before.length).toBe(after.length);
  expect(before.filter((v) => v < 128).length, 'the original draws its text').toBeGreaterThan(500);
  expect(inkDifference(before, after)).toBeLessThan(TOLERANCE);
}

describe('each text becomes outlines that Chromium draws like the text in its web font', () => {
  test.each([
    ['a wordmark with kerned pairs', `<text x="6" y="34" ${SS3} font-size="30">WAVE Tokyo Te</text>`],
    [
      'text-anchor middle',
      `<text x="100" y="34" ${SS3} font-size="28" text-anchor="middle">AVAWAY fi</text>`,
    ],
    ['text-anchor end', `<text x="194" y="34" ${SS3} font-size="28" text-anchor="end">WD News</text>`],
    [
      'font-size and family in style=""',
      `<text x="8" y="30" style="font-family:'Source Sans 3';font-size:26px;fill:#0b5cad">Payments</text>`,
    ],
    [
      'the font shorthand in style=""',
      `<text x="8" y="34" style="font: 700 24px/1.2 'Source Sans 3', sans-serif">Bold WD</text>`,
    ],
    [
      'family, size and color inherited from groups',
      `<g ${SS3} font-size="22"><g fill="#b91c1c"><text x="10" y="30">Inherited <tspan font-weight="bold">Bold</tspan></text></g></g>`,
    ],
    [
      'a transform on the text',
      `<text transform="translate(20 40) rotate(-8) scale(1.1 0.9)" ${SS3} font-size="24">Tilted</text>`,
    ],
    [
      'letter-spacing in px, anchored at the end',
      `<text x="190" y="32" ${SS3} font-size="22" letter-spacing="3" text-anchor="end">office</text>`,
    ],
    [
      'letter-spacing in em',
      `<text x="10" y="32" ${SS3} font-size="22" style="letter-spacing:0.1em">WAVE office</text>`,
    ],
    [
      'several tspans with their own weight, style, color and position',
      `<text x="6" y="22" ${SS3} font-size="18">WD <tspan font-weight="700" fill="#0b5cad">News</tspan><tspan x="60" y="42" font-style="italic">Tokyo</tspan><tspan dx="6" dy="-4" fill="#15803d">AV</tspan></text>`,
    ],
    [
      'an Inkscape text, tidied',
      `<text xml:space="preserve" style="font-style:normal;font-variant:normal;font-weight:bold;font-stretch:normal;font-size:21.3333px;line-height:1.25;font-family:'Source Sans 3';-inkscape-font-specification:'Source Sans 3 Bold';text-align:start;writing-mode:lr-tb;text-anchor:start;letter-spacing:0px;word-spacing:0px;fill:#1f2937;fill-opacity:1;stroke:none" x="8" y="32"><tspan x="8" y="32" style="stroke-width:0.5">WD News</tspan></text>`,
    ],
    ['per-letter x positions', `<text x="10 40 70 100" y="34" ${SS3} font-size="28">ABCD</text>`],
    [
      'a stroke without fill, under a group that fills evenodd',
      `<g fill-rule="evenodd"><text x="8" y="36" ${SS3} font-size="34" fill="none" stroke="#111" stroke-width="0.6">Outline</text></g>`,
    ],
    [
      'white space across lines and tspans, and preserved',
      `<text x="8" y="20" ${SS3} font-size="16">  WD\n   News <tspan> Tokyo </tspan> </text><text x="8" y="42" ${SS3} font-size="16" xml:space="preserve">a  b\tc</text>`,
    ],
    [
      'a small drawing with a small font size',
      `<text x="1" y="4" ${SS3} font-size="3">Small</text>`,
      '0 0 20 4.8',
    ],
  ])('%s', async (_case, inner, viewBox?: string) => {
    const original = drawing(inner, viewBox);
    const { text, converted, left } = outlineText(original, faces);
    expect(left).toEqual([]);
    expect(converted).toEqual([{ family: 'Source Sans 3', texts: (inner.match(/<text/g) ?? []).length }]);
    expect(text).not.toMatch(/<text|<tspan/);
    expect(inspectSvg(text).problems).toEqual([]);
    await expectSamePicture(original, text);
  });

  test.each([
    ['a size one unit too large', (svg: string) => svg.replace('font-size="24"', 'font-size="25"')],
    ['a baseline one unit lower', (svg: string) => svg.replace('y="34"', 'y="35"')],
    ['the start anchor instead of the middle', (svg: string) => svg.replace(' text-anchor="middle"', '')],
    ['no kerning', (svg: string) => svg.replace('<text ', '<text style="font-kerning:none" ')],
  ])('the comparison sees %s', async (_case, mistake) => {
    const original = drawing(
      `<text x="100" y="34" ${SS3} font-size="24" text-anchor="middle">WAVE Te</text>`,
    );
    const wrong = outlineText(mistake(original), faces);
    expect(wrong.converted).toHaveLength(1);
    const [before, after] = [await shown(original), await shown(wrong.text)];
    expect(inkDifference(before, after)).toBeGreaterThan(TOLERANCE * 4);
  });
});

describe('a text the outlines could not draw as a browser does stays, named with why', () => {
  test.each([
    [
      'its font not given',
      `<text ${SS3} font-size="20">WD</text><text font-family="Lato, sans-serif" y="20">WD News</text>`,
      `the text "WD News" stays as it is: its font "Lato" was not given (--font gave 'Source Sans 3')`,
    ],
    [
      'a weight not given',
      `<text ${SS3} font-weight="800">Heavy</text>`,
      'the text "Heavy" stays as it is: it asks for "Source Sans 3" at weight 800; the files given for it are at weight 400 (source-sans-3-latin-400-normal.woff), at weight 700 (source-sans-3-latin-700-normal.woff), at weight 400 italic (source-sans-3-latin-400-italic.woff); give the file of that weight and style too',
    ],
    [
      'a path to follow',
      `<defs><path id="p" d="M0 40Q100 0 200 40"/></defs><text ${SS3}><textPath href="#p">Curved</textPath></text>`,
      'the text "Curved" stays as it is: it follows a path (<textPath>), which outlines cannot follow faithfully',
    ],
    [
      'vertical writing',
      `<text ${SS3} writing-mode="vertical-rl">WD</text>`,
      'the text "WD" stays as it is: its writing-mode is vertical-rl, which outlines do not draw',
    ],
    [
      'a font-size in em',
      `<text ${SS3} style="font-size:1.5em">WD</text>`,
      'the text "WD" stays as it is: its font-size 1.5em is relative to a size outlines cannot know; expected px',
    ],
    [
      'a font-size in %',
      `<g font-size="20"><text ${SS3} font-size="120%">WD</text></g>`,
      'the text "WD" stays as it is: its font-size 120% is relative to a size outlines cannot know; expected px',
    ],
    [
      'a style sheet that sets its font',
      `<style>.w { font-family: 'Source Sans 3' }</style><text class="w" ${SS3}>WD</text>`,
      `the text "WD" stays as it is: the drawing's <style> sets font-family, and outlines follow only attributes and style="" (Illustrator: export with Styling "Presentation Attributes")`,
    ],
    [
      'letters the font lacks',
      `<text ${SS3}>Жук</text>`,
      `the text "Жук" stays as it is: 'Source Sans 3' has no glyph for "Ж", so a browser takes it from another font`,
    ],
    [
      'letters stretched to a length',
      `<text ${SS3} textLength="150">WD</text>`,
      'the text "WD" stays as it is: it is stretched to a length (textLength), which outlines cannot follow',
    ],
  ])('%s', (_case, inner, reason) => {
    const svg = drawing(inner);
    const { text, left } = outlineText(svg, faces);
    expect(left).toEqual([reason]);
    expect(text.match(/<text/g)?.length ?? 0).toBeGreaterThan(0);
  });

  test('with one font given, a text asking for another family is named, not drawn in it', () => {
    const svg = drawing(`<text font-family="'Source Sans Pro'">WD</text>`);
    expect(outlineText(svg, regularOnly)).toEqual({
      text: svg,
      converted: [],
      left: [
        `the text "WD" stays as it is: its font "Source Sans Pro" was not given (--font gave 'Source Sans 3')`,
      ],
    });
  });

  test('text in a font every device has is left alone and not named', () => {
    const svg = drawing(`<text font-family="system-ui, sans-serif">WD</text><text>Default</text>`);
    expect(outlineText(svg, faces)).toEqual({ text: svg, converted: [], left: [] });
  });

  test('a family list reaches the given font past a PostScript name (as Illustrator writes it)', () => {
    const { converted } = outlineText(
      drawing(`<text font-family="SourceSans3-Regular, 'Source Sans 3'">WD</text>`),
      faces,
    );
    expect(converted).toEqual([{ family: 'Source Sans 3', texts: 1 }]);
  });
});

describe('font files', () => {
  test('a WOFF2 file is read too, by the family it names', async () => {
    const woff2 = await facesOf('source-sans-3-latin-400-normal.woff2');
    // Fontsource's WOFF2 files carry the family name of the variable font they were cut from.
    expect(woff2).toMatchObject([{ family: 'Source Sans 3 ExtraLight', weight: 400, italic: false }]);
    const { converted, left } = outlineText(
      drawing(`<text font-family="'Source Sans 3 ExtraLight'">WD</text>`),
      woff2,
    );
    expect({ converted, left }).toEqual({
      converted: [{ family: 'Source Sans 3 ExtraLight', texts: 1 }],
      left: [],
    });
  });

  test('a file that is no font is refused, saying what to give instead', () => {
    expect(readFontFile('logo.png', Buffer.from('\x89PNG\r\n\x1a\n'))).toEqual({
      problem:
        "logo.png is not a font file (Unknown font format); expected the brand font's TTF, OTF, WOFF or WOFF2 file",
    });
  });
});
