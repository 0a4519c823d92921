import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { markProblems, type MarkFile } from '../../../scripts/lib/mark-contrast.ts';
import { drawSvg } from '../../../scripts/lib/mark-ink.ts';
import type { RgbaImage } from '../../../scripts/lib/mark-pixels.ts';
import { cropBox, cropToDrawing, withViewBox, type CroppedSvg } from '../../../scripts/lib/svg-crop.ts';
import { inspectSvg, type ViewBox } from '../../../scripts/lib/svg-check.ts';
import { LIGHT_PAGE_BACKGROUND } from '../../../src/lib/page-colors.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'svg-crop-'));
afterAll(() => rm(cacheDir, { recursive: true, force: true }));

/** The whole viewBox drawn at `perUnit` pixels a unit. */
async function draw(text: string, perUnit: number): Promise<RgbaImage> {
  const { viewBox } = inspectSvg(text);
  if (!viewBox) throw new Error('no viewBox');
  return drawSvg(text, {
    width: Math.round(viewBox.width * perUnit),
    height: Math.round(viewBox.height * perUnit),
  });
}

/** The crop, which these drawings must have. */
async function crop(text: string, file: MarkFile): Promise<CroppedSvg> {
  const result = await cropToDrawing(text, file);
  if (!result || 'problem' in result) throw new Error(`not cropped: ${JSON.stringify(result)}`);
  return result;
}

const inked = (data: Uint8Array) => data.filter((_, i) => i % 4 === 3 && data[i] !== 0).length;

describe('cropToDrawing draws the same picture in a viewBox cropped to it', () => {
  test.each<[string, MarkFile, string]>([
    [
      'a small mark left on a wide logo, with its width and height',
      'logo.svg',
      `<svg ${SVG} width="200" height="44" viewBox="0 0 200 44"><rect x="82" y="17" width="16" height="10" fill="#0b5cad"/></svg>`,
    ],
    [
      'a stroke, which reaches past its shape, in a viewBox that does not start at 0',
      'logo.svg',
      `<svg ${SVG} viewBox="-100 -20 200 44"><path d="M-20 0h30v10h-30z" fill="#0b5cad" stroke="#1f2937" stroke-width="2"/></svg>`,
    ],
    [
      'a wordmark after an XML declaration and a licence comment, under a transform',
      'logo-dark.svg',
      `<?xml version="1.0"?>\n<!--! (c) ACME <svg viewBox="0 0 1 1"> -->\n<svg ${SVG} viewBox="0 0 200 44"><g transform="translate(40 10) scale(2)"><circle cx="5" cy="5" r="5" fill="#0b5cad"/><rect x="12" width="30" height="10" fill="#e5e7eb"/></g></svg>`,
    ],
    [
      'a small icon mark, into a square centred on it',
      'icon.svg',
      `<svg ${SVG} viewBox="0 0 48 48"><circle cx="30" cy="12" r="6" fill="#0b5cad"/></svg>`,
    ],
    [
      'an icon mark near the edge, whose square stays inside the old one',
      'icon.svg',
      `<svg ${SVG} viewBox="0 0 48 48"><rect x="0" y="20" width="20" height="8" fill="#0b5cad"/></svg>`,
    ],
  ])('%s', async (_case, file, before) => {
    const cropped = await crop(before, file);
    const { from, to } = cropped;
    expect(inspectSvg(cropped.text).viewBox).toEqual(to);
    expect(cropped.text.replace(/\s(viewBox|width|height)="[^"]*"/g, '')).toBe(
      before.replace(/\s(viewBox|width|height)="[^"]*"/g, ''),
    );
    if (file === 'icon.svg') expect(to.width).toBe(to.height);

    // Drawn at a scale where the crop falls on whole pixels, the cropped picture is the same
    // pixels as that region of the old one, and no drawn pixel is left out.
    const perUnit = 10;
    const [whole, part] = await Promise.all([draw(before, perUnit), draw(cropped.text, perUnit)]);
    const [left, top] = [(to.x - from.x) * perUnit, (to.y - from.y) * perUnit];
    expect([left, top, to.width * perUnit, to.height * perUnit].every(Number.isInteger)).toBe(true);
    const region = await sharp(whole.data, { raw: { width: whole.width, height: whole.height, channels: 4 } })
      .extract({ left, top, width: part.width, height: part.height })
      .raw()
      .toBuffer();
    const difference = region.reduce(
      (most, value, i) => Math.max(most, Math.abs(value - (part.data[i] ?? 0))),
      0,
    );
    expect(difference).toBeLessThanOrEqual(2);
    expect(inked(part.data)).toBe(inked(whole.data));
    expect(inked(part.data)).toBeGreaterThan(1000);

    // The margin is small: the drawing fills the cropped viewBox and passes the fill rule.
    const schemes = [{ scheme: 'light', background: LIGHT_PAGE_BACKGROUND } as const];
    const problems = await markProblems({ file, text: cropped.text, schemes, cacheDir });
    expect(problems.filter((problem) => problem.includes('its drawing covers'))).toEqual([]);
  });

  test('a drawing cropped once has nothing more to crop', async () => {
    const logo = `<svg ${SVG} viewBox="0 0 200 44"><rect x="82" y="19" width="8" height="4"/></svg>`;
    const once = await crop(logo, 'logo.svg');
    // The rect's box, with a margin of a fortieth of its height (0.1) and its anti-aliased rim.
    const { x, y, width, height } = once.to;
    expect([82 - x, 19 - y, x + width - 90, y + height - 23].every((out) => out >= 0.1 && out < 0.3)).toBe(
      true,
    );
    expect(await cropToDrawing(once.text, 'logo.svg')).toBeUndefined();
  });

  test.each([
    [
      'a drawing that shows nothing',
      `<svg ${SVG} viewBox="0 0 48 48"><rect width="48" height="48" fill="none"/></svg>`,
    ],
    ['an icon that fills its square', `<svg ${SVG} viewBox="0 0 48 48"><rect width="48" height="48"/></svg>`],
    ['a file without a viewBox', `<svg ${SVG}><rect width="48" height="48"/></svg>`],
  ])('leaves alone %s', async (_case, icon) => {
    expect(await cropToDrawing(icon, 'icon.svg')).toBeUndefined();
  });
});

describe('cropToDrawing leaves a drawing with lengths in % of its viewBox to the drawing program', () => {
  const speck = '<rect x="82" y="17" width="16" height="10" fill="#0b5cad"/>';
  test.each([
    ['a circle placed in %', '<circle cx="45%" cy="50%" r="5"/>', 'the cx of <circle>'],
    [
      'a stroke width in %',
      '<path d="M80 20h20" stroke="#000" stroke-width="1%"/>',
      'the stroke-width of <path>',
    ],
    [
      'a width in % in a style attribute',
      '<rect x="85" y="20" style="width: 5%; height: 4px"/>',
      'the width in the CSS of <rect>',
    ],
  ])('%s', async (_case, inner, what) => {
    expect(
      await cropToDrawing(`<svg ${SVG} viewBox="0 0 200 44">${speck}${inner}</svg>`, 'logo.svg'),
    ).toEqual({
      problem: expect.stringMatching(
        `^not cropped: ${what} is a percentage of the viewBox, so cropping would change the picture; expected lengths in units, or the crop made in the drawing program \\(Inkscape: Edit → Resize Page to Selection; `,
      ),
    });
  });

  test('a gradient in % of the shape it paints is cropped', async () => {
    const gradient =
      '<defs><linearGradient id="g" x1="0%" x2="100%"><stop offset="0%" stop-color="#0b5cad"/><stop offset="100%" stop-color="#1f2937"/></linearGradient></defs>';
    const cropped = await cropToDrawing(
      `<svg ${SVG} viewBox="0 0 200 44">${gradient}${speck.replace('#0b5cad', 'url(#g)')}</svg>`,
      'logo.svg',
    );
    expect(cropped && 'to' in cropped ? cropped.to.width : undefined).toBeLessThan(20);
  });
});

describe('cropBox', () => {
  const box = (x: number, y: number, width: number, height: number): ViewBox => ({ x, y, width, height });
  test.each<[string, MarkFile, ViewBox, ViewBox, ViewBox]>([
    [
      'a logo: the ink and a fortieth of its height all round',
      'logo.svg',
      box(0, 0, 1000, 220),
      box(400, 90, 200, 40),
      box(399, 89, 202, 42),
    ],
    [
      'a logo whose ink meets the viewBox: never past it, since what lies outside was never shown',
      'logo.svg',
      box(0, 0, 1000, 220),
      box(0, 100, 200, 120),
      box(0, 97, 203, 123),
    ],
    [
      'an icon: a square on the longer side, centred',
      'icon.svg',
      box(0, 0, 48, 48),
      box(10, 20, 20, 8),
      box(9.5, 13.5, 21, 21),
    ],
    [
      'an icon at the edge: the square moves inside',
      'icon.svg',
      box(0, 0, 48, 48),
      box(0, 0, 20, 8),
      box(0, 0, 21, 21),
    ],
    [
      'an icon that nearly fills its square: unchanged',
      'icon.svg',
      box(0, 0, 48, 48),
      box(1, 1, 46, 46),
      box(0, 0, 48, 48),
    ],
    [
      'an icon in a viewBox narrower than the square: it reaches out, as the favicon would be squared',
      'icon.svg',
      box(0, 0, 100, 10),
      box(40, 0, 20, 10),
      box(39.5, -5.5, 21, 21),
    ],
  ])('%s', (_case, file, viewBox, ink, expected) => {
    expect(cropBox(file, viewBox, ink)).toEqual(expected);
  });
});

describe('withViewBox keeps the width and height to the same scale, or removes them', () => {
  const from = { x: 0, y: 0, width: 1000, height: 220 };
  const to = { x: 400, y: 90, width: 200, height: 40 };
  test.each([
    ['both in user units', 'width="1000" height="220"', 'width="200" height="40"'],
    ['both in px, at half size', 'width="500px" height="110px"', 'width="100px" height="20px"'],
    ['only a width', 'width="250"', 'width="50"'],
    ['a percentage, which the viewBox alone replaces', 'width="100%" height="220"', ''],
    ['none', '', ''],
  ])('%s', (_case, sizes, expected) => {
    const text = `<svg ${SVG}${sizes ? ` ${sizes}` : ''} viewBox="0 0 1000 220"><rect/></svg>`;
    const attributes = expected ? ` ${expected}` : '';
    expect(withViewBox(text, from, to)).toBe(
      `<svg ${SVG}${attributes} viewBox="400 90 200 40"><rect/></svg>`,
    );
  });
});
