import { contrastRatio, formatRatio } from '../../src/lib/contrast.ts';

/** WCAG's minimum for graphical objects (1.4.11, non-text contrast). */
export const MIN_MARK_CONTRAST = 3;

/**
 * A raw image, four bytes a pixel (RGBA, row by row), as
 * `sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })` gives it. Alpha is
 * ignored: a screenshot is opaque.
 */
export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** One color (or one gradient) the mark is drawn in: its solid areas and the edges nearest them. */
export interface MarkPart {
  /**
   * Where the part meets the page, its faintest color there (leaving out the faintest tenth of
   * its pixels, the odd pixel of an edge); elsewhere its commonest.
   */
  color: string;
  /** Of the image's pixels that are not page, from 0 to 1. */
  share: number;
  /** Whether the part meets the page somewhere, rather than lying inside another part. */
  touchesPage: boolean;
  /** WCAG contrast ratio of `color` against the page. */
  contrast: number;
  /**
   * Where its solid pixels meet the page with less than MIN_MARK_CONTRAST, in pixels of the
   * image; absent when they nowhere do.
   */
  faintArea?: Box;
}

export interface MarkAnalysis {
  /** The page around the mark: the commonest color of the image's outermost pixels. */
  background: string;
  /** Where the mark lies in the image, in pixels: the box of every pixel that is not page. */
  box: Box;
  /** Largest first. */
  parts: MarkPart[];
}

/** CSS pixels of page around the logo in its screenshot, where the page color is measured. */
export const LOGO_MARGIN = 8;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What to screenshot: the logo's box and LOGO_MARGIN of page all round, on whole CSS pixels. */
export function clipAround(box: Box): Box {
  const x = Math.floor(box.x - LOGO_MARGIN);
  const y = Math.floor(box.y - LOGO_MARGIN);
  return {
    x,
    y,
    width: Math.ceil(box.x + box.width + LOGO_MARGIN) - x,
    height: Math.ceil(box.y + box.height + LOGO_MARGIN) - y,
  };
}

// A pixel this close to the page color (largest channel difference) may be page.
const PAGE_TOLERANCE = 2;
// A pixel whose 3×3 neighbourhood stays this close to it is solid paint. Anti-aliased edges are
// never solid, so the blends between two colors make no part of their own.
const SOLID_TOLERANCE = 4;
// A color covering less of the mark is a detail or a blend, not a part.
const MIN_SHARE = 0.02;
// How near (in pixels, diagonals included) a part's solid pixels must come to the page for the
// part to touch it. Between them lie the part's own edge pixel and a rim of one or two pixels
// blending it into the page, at the spec's two pixels per CSS pixel. Only solid pixels count: a
// blend of a colored square into the page can come close to a third color, the glyph inside,
// which must not touch the page through it.
export const TOUCH_DISTANCE = 4;

const rgbAt = (data: Uint8Array, pixel: number) =>
  ((data[pixel * 4] ?? 0) << 16) | ((data[pixel * 4 + 1] ?? 0) << 8) | (data[pixel * 4 + 2] ?? 0);

// These two run for every pixel and its neighbours: bit shifts, not arrays of channels.
function largestChannelDifference(a: number, b: number): number {
  return Math.max(
    Math.abs(((a >> 16) & 0xff) - ((b >> 16) & 0xff)),
    Math.abs(((a >> 8) & 0xff) - ((b >> 8) & 0xff)),
    Math.abs((a & 0xff) - (b & 0xff)),
  );
}

function distance(a: number, b: number): number {
  return Math.hypot(
    ((a >> 16) & 0xff) - ((b >> 16) & 0xff),
    ((a >> 8) & 0xff) - ((b >> 8) & 0xff),
    (a & 0xff) - (b & 0xff),
  );
}

const toHex = (rgb: number) => `#${rgb.toString(16).padStart(6, '0')}`;

/** A box that grows to hold the pixels it is given; empty until the first. */
class Extent {
  left = Infinity;
  top = Infinity;
  right = -Infinity;
  bottom = -Infinity;

  add(x: number, y: number): void {
    this.left = Math.min(this.left, x);
    this.top = Math.min(this.top, y);
    this.right = Math.max(this.right, x + 1);
    this.bottom = Math.max(this.bottom, y + 1);
  }

  box(): Box | undefined {
    if (this.left === Infinity) return undefined;
    return { x: this.left, y: this.top, width: this.right - this.left, height: this.bottom - this.top };
  }
}

function commonest(counts: Map<number, number>): number {
  let best = 0;
  let bestCount = -1;
  for (const [rgb, count] of counts) {
    if (count > bestCount) [best, bestCount] = [rgb, count];
  }
  return best;
}

function borderColor(image: RgbaImage, colors: Uint32Array): number {
  const { width, height } = image;
  const counts = new Map<number, number>();
  const add = (pixel: number) => counts.set(colors[pixel] ?? 0, (counts.get(colors[pixel] ?? 0) ?? 0) + 1);
  for (let x = 0; x < width; x++) {
    add(x);
    if (height > 1) add((height - 1) * width + x);
  }
  for (let y = 1; y < height - 1; y++) {
    add(y * width);
    if (width > 1) add(y * width + width - 1);
  }
  return commonest(counts);
}

/**
 * The pixels that show the page: of its color, and joined to the border or to an area of page
 * (the inside of an "o"). A lone line of page color is a blend, such as white fading into a
 * grey dot, that happens to pass through the page color.
 */
function pageRegion(image: RgbaImage, colors: Uint32Array, background: number): Uint8Array {
  const { width, height } = image;
  const pageColored = colors.map((rgb) =>
    largestChannelDifference(rgb, background) <= PAGE_TOLERANCE ? 1 : 0,
  );
  const page = new Uint8Array(colors.length);
  const queue: number[] = [];
  const isPageColored = (pixel: number) => pageColored[pixel] === 1;
  const reach = (pixel: number) => {
    if (pageColored[pixel] && !page[pixel]) {
      page[pixel] = 1;
      queue.push(pixel);
    }
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      const onBorder = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      if (onBorder || allAround(image, x, y, isPageColored)) reach(pixel);
    }
  }
  while (queue.length > 0) {
    const pixel = queue.pop() ?? 0;
    const x = pixel % width;
    if (x > 0) reach(pixel - 1);
    if (x < width - 1) reach(pixel + 1);
    if (pixel >= width) reach(pixel - width);
    if (pixel < colors.length - width) reach(pixel + width);
  }
  return page;
}

/** Whether `test` holds for the pixel at x, y and its eight neighbours (false on the border). */
function allAround(image: RgbaImage, x: number, y: number, test: (pixel: number) => boolean): boolean {
  const { width, height } = image;
  if (x === 0 || y === 0 || x === width - 1 || y === height - 1) return false;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (!test((y + dy) * width + x + dx)) return false;
    }
  }
  return true;
}

/** Which pixels are solid paint: not page, and like all eight neighbours. */
function solidPixels(image: RgbaImage, colors: Uint32Array, page: Uint8Array): Uint8Array {
  const solid = new Uint8Array(colors.length);
  let rgb = 0;
  const alike = (neighbour: number) =>
    largestChannelDifference(rgb, colors[neighbour] ?? 0) <= SOLID_TOLERANCE;
  for (let pixel = 0; pixel < colors.length; pixel++) {
    if (page[pixel]) continue;
    rgb = colors[pixel] ?? 0;
    if (allAround(image, pixel % image.width, Math.floor(pixel / image.width), alike)) solid[pixel] = 1;
  }
  return solid;
}

/**
 * The part of each solid color. Colors a chain of alike colors links are one part, so a
 * gradient is one part, while two distinct fills stay two.
 */
function groupSolidColors(solidColors: number[]): Map<number, number> {
  const partOf = new Map<number, number>();
  let parts = 0;
  for (const start of solidColors) {
    if (partOf.has(start)) continue;
    const part = parts++;
    partOf.set(start, part);
    const chain = [start];
    while (chain.length > 0) {
      const rgb = chain.pop() ?? 0;
      for (const other of solidColors) {
        if (!partOf.has(other) && largestChannelDifference(rgb, other) <= SOLID_TOLERANCE) {
          partOf.set(other, part);
          chain.push(other);
        }
      }
    }
  }
  return partOf;
}

/** The part of the solid color nearest to `rgb` (RGB distance), or -1 when there are none. */
function nearestPart(rgb: number, partOf: Map<number, number>): number {
  let best = Infinity;
  let nearest = -1;
  for (const [solidColor, part] of partOf) {
    const d = distance(rgb, solidColor);
    if (d < best) [best, nearest] = [d, part];
  }
  return nearest;
}

/**
 * The color below which the faintest tenth of the pixels lie: a gradient fading into the page is
 * judged by its faint end, a flat color by itself and not by the odd solid pixel of its edge.
 */
function faintestTenth(counts: Map<number, number>, contrastOf: (rgb: number) => number): number {
  const byContrast = [...counts].sort((a, b) => contrastOf(a[0]) - contrastOf(b[0]));
  const total = byContrast.reduce((sum, [, count]) => sum + count, 0);
  let seen = 0;
  for (const [rgb, count] of byContrast) {
    seen += count;
    if (seen >= total / 10) return rgb;
  }
  return byContrast[0]?.[0] ?? 0;
}

/** Marks every pixel within TOUCH_DISTANCE of a page pixel (a square window, separably). */
function nearPage(image: RgbaImage, page: Uint8Array): Uint8Array {
  const { width, height } = image;
  const across = new Uint8Array(page.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let dx = -TOUCH_DISTANCE; dx <= TOUCH_DISTANCE; dx++) {
        const nx = x + dx;
        if (nx >= 0 && nx < width && page[y * width + nx]) {
          across[y * width + x] = 1;
          break;
        }
      }
    }
  }
  const near = new Uint8Array(page.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let dy = -TOUCH_DISTANCE; dy <= TOUCH_DISTANCE; dy++) {
        const ny = y + dy;
        if (ny >= 0 && ny < height && across[ny * width + x]) {
          near[y * width + x] = 1;
          break;
        }
      }
    }
  }
  return near;
}

/**
 * What a mark is drawn in and how each color stands against the page, measured from the pixels
 * of an image of the mark with a margin of page all round it.
 *
 * The page is the commonest color of the image's border. The mark's parts are its solid colors,
 * the pixels like all their neighbours; each pixel of an anti-aliased edge, never solid, counts
 * for the part of the nearest solid color. A part needs 2% of the mark. It touches the page when
 * one of its solid pixels lies within TOUCH_DISTANCE of page: a white glyph inside a colored
 * square does not, the square does.
 */
export function analyseMark(image: RgbaImage): MarkAnalysis {
  const { data, width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new Error(`not an image size: ${width}×${height}`);
  if (data.length !== width * height * 4)
    throw new Error(
      `expected ${width * height * 4} bytes of RGBA for ${width}×${height}, got ${data.length}`,
    );

  const colors = new Uint32Array(width * height);
  for (let pixel = 0; pixel < colors.length; pixel++) colors[pixel] = rgbAt(data, pixel);
  const background = borderColor(image, colors);
  const pagePixels = pageRegion(image, colors, background);

  const solid = solidPixels(image, colors, pagePixels);
  const near = nearPage(image, pagePixels);

  // Each color of the mark once, with its pixels, solid pixels and solid pixels near the page,
  // so that the work per pixel is a look-up and the work per color is done once.
  const palette: number[] = [];
  const indexOf = new Map<number, number>();
  const colorAt = new Int32Array(colors.length).fill(-1);
  const pixelCounts: number[] = [];
  const solidCounts: number[] = [];
  const touchingCounts: number[] = [];
  const count = (counts: number[], index: number) => (counts[index] = (counts[index] ?? 0) + 1);
  let markPixels = 0;
  for (let pixel = 0; pixel < colors.length; pixel++) {
    if (pagePixels[pixel]) continue;
    markPixels++;
    const rgb = colors[pixel] ?? 0;
    let index = indexOf.get(rgb);
    if (index === undefined) {
      index = palette.push(rgb) - 1;
      indexOf.set(rgb, index);
    }
    colorAt[pixel] = index;
    count(pixelCounts, index);
    if (!solid[pixel]) continue;
    count(solidCounts, index);
    if (near[pixel]) count(touchingCounts, index);
  }

  const partOf = groupSolidColors(palette.filter((_rgb, index) => (solidCounts[index] ?? 0) > 0));
  const backgroundHex = toHex(background);
  const contrastOf = (rgb: number) => contrastRatio(toHex(rgb), backgroundHex);
  // An edge color counts for the part of the nearest solid color.
  const partAt = palette.map((rgb) => partOf.get(rgb) ?? nearestPart(rgb, partOf));
  const faint = palette.map(
    (rgb, index) => (touchingCounts[index] ?? 0) > 0 && contrastOf(rgb) < MIN_MARK_CONTRAST,
  );

  const tallies = Array.from(new Set(partOf.values()), () => ({
    pixels: 0,
    solidCounts: new Map<number, number>(),
    touchingCounts: new Map<number, number>(),
    faintArea: new Extent(),
  }));
  palette.forEach((rgb, index) => {
    const tally = tallies[partAt[index] ?? -1];
    if (!tally) return;
    tally.pixels += pixelCounts[index] ?? 0;
    if (solidCounts[index]) tally.solidCounts.set(rgb, solidCounts[index]);
    if (touchingCounts[index]) tally.touchingCounts.set(rgb, touchingCounts[index]);
  });
  const markArea = new Extent();
  for (let pixel = 0; pixel < colors.length; pixel++) {
    const index = colorAt[pixel] ?? -1;
    if (index < 0) continue;
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    markArea.add(x, y);
    if (solid[pixel] && near[pixel] && faint[index]) tallies[partAt[index] ?? -1]?.faintArea.add(x, y);
  }

  const parts = tallies
    .map(({ pixels, solidCounts, touchingCounts, faintArea }) => {
      const color =
        touchingCounts.size > 0 ? faintestTenth(touchingCounts, contrastOf) : commonest(solidCounts);
      const part: MarkPart = {
        color: toHex(color),
        share: pixels / markPixels,
        touchesPage: touchingCounts.size > 0,
        contrast: contrastOf(color),
      };
      const area = faintArea.box();
      return area ? { ...part, faintArea: area } : part;
    })
    .filter((part) => part.share >= MIN_SHARE)
    .sort((a, b) => b.share - a.share);
  return { background: backgroundHex, box: markArea.box() ?? { x: 0, y: 0, width, height }, parts };
}

/**
 * The parts that meet the page with less than the build's MIN_MARK_CONTRAST (3:1): the mark fails
 * when there is any.
 */
export function faintParts(analysis: MarkAnalysis): MarkPart[] {
  return analysis.parts.filter((part) => part.touchesPage && part.contrast < MIN_MARK_CONTRAST);
}

/**
 * "color #1f2937 covers 62% of the logo (in the right two thirds) and has 1.20:1 against the dark
 * page #111827", with the region where the part is faint when that is not all over the mark.
 */
export function describePart(
  part: MarkPart,
  analysis: MarkAnalysis,
  { mark, scheme }: { mark: 'logo' | 'icon'; scheme: 'light' | 'dark' },
): string {
  const region = part.faintArea && describeRegion(part.faintArea, analysis.box);
  return (
    `color ${part.color} covers ${Math.round(part.share * 100)}% of the ${mark}${region ? ` (${region})` : ''} ` +
    `and has ${formatRatio(part.contrast)}:1 against the ${scheme} page ${analysis.background}`
  );
}

// How far (a share of the mark's width) an area may spill over a named span and still lie in it:
// anti-aliasing, the odd pixel of a curve, a wordmark that starts just before a quarter.
const REGION_SLACK = 0.08;

/** Named spans across a mark, as shares of its width. */
const SPANS: { name: string; from: number; to: number }[] = [
  ...(
    [
      ['quarter', 1 / 4],
      ['third', 1 / 3],
      ['half', 1 / 2],
      ['two thirds', 2 / 3],
      ['three quarters', 3 / 4],
    ] as const
  ).flatMap(([name, share]) => [
    { name: `left ${name}`, from: 0, to: share },
    { name: `right ${name}`, from: 1 - share, to: 1 },
  ]),
  { name: 'middle third', from: 1 / 3, to: 2 / 3 },
];

/**
 * Where `area` lies in the mark's box: "in the top right corner" when it keeps to one quarter,
 * else where it lies across ("in the right two thirds"), the way a wide mark is read; empty when
 * it spans the mark's width.
 */
export function describeRegion(area: Box, mark: Box): string {
  const left = (area.x - mark.x) / mark.width;
  const right = (area.x + area.width - mark.x) / mark.width;
  const top = (area.y - mark.y) / mark.height;
  const bottom = (area.y + area.height - mark.y) / mark.height;
  const across = right <= 1 / 2 ? 'left' : left >= 1 / 2 ? 'right' : undefined;
  const down = bottom <= 1 / 2 ? 'top' : top >= 1 / 2 ? 'bottom' : undefined;
  if (across && down) return `in the ${down} ${across} corner`;
  // Of the spans that hold it, the one its ends are nearest to.
  const misfit = ({ from, to }: { from: number; to: number }) => Math.abs(left - from) + Math.abs(right - to);
  const [nearest] = SPANS.filter(
    ({ from, to }) => left >= from - REGION_SLACK && right <= to + REGION_SLACK,
  ).sort((a, b) => misfit(a) - misfit(b));
  return nearest ? `in the ${nearest.name}` : '';
}
