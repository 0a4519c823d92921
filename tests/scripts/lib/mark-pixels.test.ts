import { describe, expect, test } from 'vitest';
import {
  analyseMark,
  clipAround,
  describePart,
  describeRegion,
  faintParts,
  type MarkAnalysis,
  type RgbaImage,
} from '../../../scripts/lib/mark-pixels.ts';

type Rgb = readonly [number, number, number];
/** The color a shape paints at a point, or undefined where it leaves what lies below. */
type Shape = (x: number, y: number) => Rgb | undefined;

const rgb = (hex: string): Rgb =>
  [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;

function rect(color: string, left: number, top: number, right: number, bottom: number): Shape {
  const paint = rgb(color);
  return (x, y) => (x >= left && x < right && y >= top && y < bottom ? paint : undefined);
}

function disc(color: string, cx: number, cy: number, r: number): Shape {
  const paint = rgb(color);
  return (x, y) => ((x - cx) ** 2 + (y - cy) ** 2 <= r * r ? paint : undefined);
}

/** From `from` at the left edge to `to` at the right, in steps of one pixel. */
function gradient(from: string, to: string, left: number, top: number, right: number, bottom: number): Shape {
  const [a, b] = [rgb(from), rgb(to)];
  const columns = Array.from({ length: right - left }, (_, column) => {
    const t = column / (right - left - 1);
    return a.map((value, c) => Math.round(value + ((b[c] ?? 0) - value) * t)) as unknown as Rgb;
  });
  return (x, y) => (y >= top && y < bottom ? columns[Math.floor(x - left)] : undefined);
}

/** Letters as a browser draws bold ones at twice the pixels: stems 7 px wide, 34 px tall. */
const wordmark = (color: string, left: number, top: number): Shape[] =>
  [0, 1, 2, 3, 4].flatMap((letter) => [
    rect(color, left + letter * 20, top, left + letter * 20 + 7, top + 34),
    rect(color, left + letter * 20, top + 27, left + letter * 20 + 15, top + 34),
  ]);

/**
 * An image of `shapes` (the last on top) on `page`. Each pixel averages 4×4 samples, so edges that
 * do not fall on the pixel grid blend into what lies below them, as a browser draws them.
 */
function paint(page: string, shapes: Shape[], width = 200, height = 96): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  const pageColor = rgb(page);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const [px, py] = [x + (sx + 0.5) / 4, y + (sy + 0.5) / 4];
          const color = shapes.reduce<Rgb>((below, shape) => shape(px, py) ?? below, pageColor);
          color.forEach((value, channel) => (sum[channel] = (sum[channel] ?? 0) + value));
        }
      }
      sum.forEach((value, channel) => (data[(y * width + x) * 4 + channel] = Math.round(value / 16)));
      data[(y * width + x) * 4 + 3] = 255;
    }
  }
  return { data, width, height };
}

/** The parts, by color, as the tables below write them. */
const partsOf = (analysis: MarkAnalysis) =>
  Object.fromEntries(
    analysis.parts.map((part) => [part.color, part.touchesPage ? 'meets the page' : 'inside']),
  );

const square = (color: string) => rect(color, 16.3, 16.3, 80.3, 80.3);

describe('analyseMark', () => {
  test.each([
    [
      'a white glyph inside a colored square',
      paint('#f4f5f7', [square('#0b5cad'), disc('#ffffff', 48.3, 48.3, 18)]),
      { '#0b5cad': 'meets the page', '#ffffff': 'inside' },
    ],
    [
      'a square and a wordmark beside it',
      paint('#f4f5f7', [
        square('#0b5cad'),
        disc('#ffffff', 48.3, 48.3, 18),
        ...wordmark('#1f2937', 90.4, 30.6),
      ]),
      { '#0b5cad': 'meets the page', '#ffffff': 'inside', '#1f2937': 'meets the page' },
    ],
    [
      'dark letters on the dark page',
      paint('#111827', [...wordmark('#1f2937', 40.5, 30.5)]),
      { '#1f2937': 'meets the page' },
    ],
    [
      'a ring with the page showing through its middle',
      paint('#ffffff', [disc('#b91c1c', 48.5, 48.5, 30), disc('#ffffff', 48.5, 48.5, 14)]),
      { '#b91c1c': 'meets the page' },
    ],
    [
      // White fading into the light grey passes through #eeeeee, the page: no page pixels there.
      'a glyph whose blends inside the mark pass through the page color',
      paint('#eeeeee', [square('#0b5cad'), disc('#ffffff', 48.3, 48.3, 20), disc('#dddddd', 48.3, 42.3, 7)]),
      { '#0b5cad': 'meets the page', '#ffffff': 'inside', '#dddddd': 'inside' },
    ],
    [
      'a glyph 3 px inside the edge of its square',
      paint('#f4f5f7', [square('#0b5cad'), rect('#ffffff', 19.3, 19.3, 77.3, 40.3)]),
      { '#0b5cad': 'meets the page', '#ffffff': 'inside' },
    ],
    [
      // The cyan fading into the dark page passes near the navy: those blends must not make it touch.
      'a square whose blend into the page comes near the color of the stroke inside',
      paint('#111827', [square('#22d3ee'), rect('#083344', 26.3, 44.3, 70.3, 52.3)]),
      { '#22d3ee': 'meets the page', '#083344': 'inside' },
    ],
    [
      'a square reaching the image border, which is still mostly page',
      paint('#ffffff', [rect('#0b5cad', 0, 0, 60, 60)]),
      { '#0b5cad': 'meets the page' },
    ],
  ])('tells the colors that meet the page from those inside: %s', (_case, image, expected) => {
    expect(partsOf(analyseMark(image))).toEqual(expected);
  });

  test('reports no blend of an anti-aliased edge as a color of the mark', () => {
    const image = paint('#ffffff', [
      disc('#0b5cad', 40.37, 47.81, 29.3),
      disc('#fbbf24', 41.1, 46.6, 12.7),
      ...wordmark('#1f2937', 80.25, 28.75),
    ]);
    const analysis = analyseMark(image);
    expect(analysis.parts.map((part) => part.color).sort()).toEqual(['#0b5cad', '#1f2937', '#fbbf24']);
  });

  test('measures the page from the border and each color against it', () => {
    const analysis = analyseMark(paint('#111827', [square('#0b5cad'), disc('#ffffff', 48.3, 48.3, 18)]));
    expect(analysis.background).toBe('#111827');
    const [outer, inner] = analysis.parts;
    expect(outer).toMatchObject({ color: '#0b5cad', touchesPage: true });
    expect(outer?.contrast).toBeCloseTo(2.66, 2);
    expect(inner?.contrast).toBeCloseTo(17.74, 2);
  });

  test('gives each color its share of the mark, the page inside it not counted', () => {
    const analysis = analyseMark(
      paint('#ffffff', [
        rect('#1f2937', 16, 16, 76, 76),
        rect('#ffffff', 31, 31, 61, 61),
        rect('#be185d', 100, 16, 120, 76),
      ]),
    );
    // 3600 − 900 dark pixels, 1200 pink ones.
    expect(analysis.parts.map((part) => [part.color, part.share])).toEqual([
      ['#1f2937', 2700 / 3900],
      ['#be185d', 1200 / 3900],
    ]);
  });

  test('judges a flat color by itself, not by a few fainter solid pixels at its edge', () => {
    const image = paint('#111827', [rect('#1f2937', 16, 16, 96, 80), rect('#1c2533', 16, 40, 21, 45)]);
    expect(analyseMark(image).parts).toMatchObject([{ color: '#1f2937', touchesPage: true }]);
  });

  test('gives each blend of an edge to the nearest color, so the shares add up', () => {
    const analysis = analyseMark(
      paint('#ffffff', [disc('#1f2937', 40.37, 47.81, 30.2), disc('#fbbf24', 130.6, 48.1, 20.4)]),
    );
    expect(analysis.parts.map((part) => part.color)).toEqual(['#1f2937', '#fbbf24']);
    expect((analysis.parts[0]?.share ?? 0) + (analysis.parts[1]?.share ?? 0)).toBeCloseTo(1, 10);
  });

  test('leaves out a color with less than 2% of the mark', () => {
    const image = paint('#ffffff', [rect('#1f2937', 16, 16, 76, 76), rect('#eeeeee', 100, 16, 110, 22)]);
    expect(analyseMark(image).parts.map((part) => part.color)).toEqual(['#1f2937']);
  });

  test('finds the box of the mark and where each part is faint against the page', () => {
    const analysis = analyseMark(
      paint('#111827', [square('#0b5cad'), disc('#ffffff', 48.3, 48.3, 18), ...wordmark('#1f2937', 90, 30)]),
    );
    expect(analysis.box).toEqual({ x: 16, y: 16, width: 185 - 16, height: 65 });
    // Solid pixels only: the anti-aliased rim of each shape is not.
    expect(analysis.parts).toMatchObject([
      { color: '#0b5cad', faintArea: { x: 18, y: 18, width: 61, height: 61 } },
      { color: '#1f2937', faintArea: { x: 91, y: 31, width: 93, height: 32 } },
      { color: '#ffffff' },
    ]);
    expect(analysis.parts[2]).not.toHaveProperty('faintArea');
  });

  test('judges a gradient that fades into the page by its faint end', () => {
    const image = paint('#ffffff', [gradient('#1f2937', '#f0f0f0', 16, 16, 176, 80)]);
    const analysis = analyseMark(image);
    const [part] = analysis.parts;
    expect(part?.touchesPage).toBe(true);
    expect(part?.contrast).toBeLessThan(1.3);
    // Below 3:1 from about #959595 on, a little past the middle.
    expect(part?.faintArea && describeRegion(part.faintArea, analysis.box)).toBe('in the right half');
  });

  test('refuses data that is not RGBA of the size given', () => {
    expect(() => analyseMark({ data: new Uint8Array(10 * 10 * 3), width: 10, height: 10 })).toThrow(
      /expected 400 bytes of RGBA for 10×10, got 300/,
    );
    expect(() => analyseMark({ data: new Uint8Array(0), width: 0, height: 0 })).toThrow(/not an image size/);
  });
});

describe('faintParts', () => {
  test.each([
    [
      'a colored square with a white glyph on a light page',
      '#f4f5f7',
      [square('#0b5cad'), disc('#ffffff', 48.3, 48.3, 18)],
      [],
    ],
    ['dark letters on a light page', '#f4f5f7', wordmark('#1f2937', 40.5, 30.5), []],
    ['dark letters on the dark page', '#111827', wordmark('#1f2937', 40.5, 30.5), ['#1f2937']],
    [
      'a blue square on the dark page, white inside',
      '#111827',
      [square('#0b5cad'), disc('#ffffff', 48.3, 48.3, 18)],
      ['#0b5cad'],
    ],
    [
      'a mark that mostly passes but has one faint part at its edge',
      '#ffffff',
      [square('#1f2937'), disc('#ffffff', 48.3, 48.3, 18), rect('#d1d5db', 90, 40, 190, 50)],
      ['#d1d5db'],
    ],
    ['a part at 3.03:1', '#ffffff', [rect('#949494', 16, 16, 96, 80)], []],
    ['a part at 2.99:1', '#ffffff', [rect('#959595', 16, 16, 96, 80)], ['#959595']],
    [
      'a faint glyph inside a square that stands out',
      '#ffffff',
      [square('#1f2937'), disc('#2a3444', 48.3, 48.3, 18)],
      [],
    ],
  ])('%s', (_case, page, shapes, expected) => {
    expect(faintParts(analyseMark(paint(page, shapes))).map((part) => part.color)).toEqual(expected);
  });
});

describe('describePart', () => {
  const part = { color: '#1f2937', share: 0.184, touchesPage: true, contrast: 2.9999 };
  const analysis = { background: '#111827', box: { x: 16, y: 16, width: 300, height: 80 }, parts: [part] };

  test('names the color, its share of the mark and its ratio against the page, rounded down', () => {
    expect(describePart(part, analysis, { mark: 'icon', scheme: 'dark' })).toBe(
      'color #1f2937 covers 18% of the icon and has 2.99:1 against the dark page #111827',
    );
  });

  test('and where the part is faint, when that is a region of the mark', () => {
    const faintArea = { x: 116, y: 30, width: 200, height: 40 };
    expect(describePart({ ...part, faintArea }, analysis, { mark: 'logo', scheme: 'light' })).toBe(
      'color #1f2937 covers 18% of the logo (in the right two thirds) and has 2.99:1 against the light page #111827',
    );
  });
});

describe('describeRegion', () => {
  const mark = { x: 10, y: 10, width: 300, height: 60 };
  test.each([
    ['the whole mark', { x: 10, y: 10, width: 300, height: 60 }, ''],
    ['a square at the left end', { x: 10, y: 10, width: 60, height: 60 }, 'in the left quarter'],
    ['a wordmark beside it', { x: 80, y: 20, width: 230, height: 40 }, 'in the right three quarters'],
    ['letters from a third on', { x: 110, y: 20, width: 200, height: 40 }, 'in the right two thirds'],
    ['a word in the middle', { x: 115, y: 10, width: 90, height: 60 }, 'in the middle third'],
    ['the left half, a pixel over', { x: 10, y: 10, width: 152, height: 60 }, 'in the left half'],
    ['a dot at the top right', { x: 260, y: 10, width: 50, height: 15 }, 'in the top right corner'],
    ['a dot at the bottom left', { x: 12, y: 50, width: 60, height: 20 }, 'in the bottom left corner'],
    [
      'a dot in the middle of the right end',
      { x: 260, y: 30, width: 50, height: 20 },
      'in the right quarter',
    ],
    ['a line under the whole mark', { x: 10, y: 55, width: 300, height: 15 }, ''],
    ['most of the width, not at an end', { x: 40, y: 10, width: 240, height: 30 }, ''],
  ])('%s', (_case, area, expected) => {
    expect(describeRegion(area, mark)).toBe(expected);
  });
});

test('clipAround takes 8 CSS pixels of page around the logo, on whole pixels', () => {
  expect(clipAround({ x: 552.5, y: 40, width: 153, height: 40 })).toEqual({
    x: 544,
    y: 32,
    width: 170,
    height: 56,
  });
});
