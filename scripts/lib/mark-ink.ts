import sharp from 'sharp';
import type { MarkFile } from './mark-contrast.ts';
import type { Box, RgbaImage } from './mark-pixels.ts';
import { replaceRootTag, type ViewBox } from './svg-check.ts';

/** Device pixels per CSS pixel the marks are drawn at, as the browser test photographs them. */
export const SCALE = 2;
/**
 * The box each mark is drawn into, in CSS pixels: the logo at the page's height for it
 * (src/app/app.css, `.page__logo`), no wider than a desktop window, where the page would shrink
 * it too; the icon at its largest usual size, on a home screen (iOS shows apple-touch-icon.png at
 * 60 × 60). Smaller, the thin strokes of a glyph have no solid pixels and go unmeasured.
 */
export const SHOWN_IN: Record<MarkFile, { width: number; height: number }> = {
  'logo.svg': { width: 1280, height: 40 },
  'logo-dark.svg': { width: 1280, height: 40 },
  'icon.svg': { width: 60, height: 60 },
};
/** A favicon in a browser tab, in pixels. */
export const TAB_SIZE = 16;

/**
 * The least share of its room a drawing's ink spans (docs/brands.md, "SVG rules"): the logo a
 * quarter of its viewBox's height (the page shows it 40 px high, so its ink at least 10 px) and
 * of its width (else it stands beside empty space, off centre); the icon, shown in a square, a
 * quarter of the square with its longer side (a wordmark in a square is the detail check's).
 * Below, what the page shows is a speck: a drawing left on a whole page of the drawing program.
 * The repository's drawings span 90% and more.
 */
export const MIN_FILL = 0.25;
/**
 * The least share of the contrast along its edges an icon keeps at 16 px, against its drawing at
 * 60 px. Lines and gaps thinner than a pixel blur into a grey, and their edges with them: the
 * repository's icons keep 66% (wdpall's sun rays) to 89%, a wordmark shrunk into the square
 * 12% to 26%, three block letters with strokes under a pixel 44% (tests/scripts/lib/mark-ink.test.ts).
 */
export const MIN_DETAIL_KEPT = 0.5;
/** A pixel at least this opaque (a tenth) shows; fainter, it is the fringe of a glow or a shadow. */
export const VISIBLE_ALPHA = 26;
// The long side of the drawing measured for a refusal's numbers and for cropping: fine enough
// for a tenth of a unit on a 200-unit logo, a few milliseconds to draw.
const PRECISE_SIDE = 2048;

/**
 * The mark's size in device pixels on the page, from its viewBox as the page sizes it: librsvg
 * left to itself would round a viewBox of a few units to whole pixels, or refuse one below a
 * pixel, before scaling.
 */
export function sizeShown(
  file: MarkFile,
  viewBox: ViewBox,
  scale = SCALE,
): { width: number; height: number } {
  const shown = SHOWN_IN[file];
  return fitInto(viewBox, scale * Math.min(shown.width / viewBox.width, shown.height / viewBox.height));
}

function fitInto(viewBox: ViewBox, scale: number): { width: number; height: number } {
  return {
    width: Math.max(1, Math.round(viewBox.width * scale)),
    height: Math.max(1, Math.round(viewBox.height * scale)),
  };
}

/**
 * The drawing at that size, on nothing (transparent), by librsvg; `within`, a part of its
 * viewBox to draw instead of all of it.
 */
export async function drawSvg(
  text: string,
  { width, height }: { width: number; height: number },
  within?: ViewBox,
): Promise<RgbaImage> {
  // Its own width and height on the root element give way to the size asked for.
  const sized = replaceRootTag(text, (tag) => {
    const resized = tag
      .replace(/\s(width|height)\s*=\s*("[^"]*"|'[^']*')/g, '')
      .replace(/^<([\w.-]+:)?svg\b/, `$& width="${width}" height="${height}"`);
    if (!within) return resized;
    const box = `${within.x} ${within.y} ${within.width} ${within.height}`;
    return resized.replace(/(\sviewBox\s*=\s*)("[^"]*"|'[^']*')/, `$1"${box}"`);
  });
  const { data, info } = await sharp(Buffer.from(sized))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The box of the pixels at least `minAlpha` opaque, in pixels; undefined when there are none. */
export function inkBox(image: RgbaImage, minAlpha = VISIBLE_ALPHA): Box | undefined {
  const { data, width, height } = image;
  let [left, top, right, bottom] = [width, height, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) < minAlpha) continue;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return right > left ? { x: left, y: top, width: right - left, height: bottom - top } : undefined;
}

/** Where the ink of an image of the whole viewBox lies, in the viewBox's units. */
export function inkInUnits(
  image: RgbaImage,
  viewBox: ViewBox,
  minAlpha = VISIBLE_ALPHA,
): ViewBox | undefined {
  const box = inkBox(image, minAlpha);
  if (!box) return undefined;
  const across = viewBox.width / image.width;
  const down = viewBox.height / image.height;
  return {
    x: viewBox.x + box.x * across,
    y: viewBox.y + box.y * down,
    width: box.width * across,
    height: box.height * down,
  };
}

/**
 * The ink's box drawn large, for numbers a brand manager can check and a crop that cuts nothing
 * (`minAlpha` 1). By default a pixel counts when at least half as opaque as the drawing's most
 * opaque one, so an anti-aliased edge is placed within half a pixel, not one pixel out. The
 * whole viewBox is drawn, then the region around what it shows, as large, so that a speck in a
 * wide viewBox is placed to a fraction of a unit.
 */
export async function preciseInk(
  text: string,
  viewBox: ViewBox,
  minAlpha?: number,
): Promise<ViewBox | undefined> {
  const measure = async (within: ViewBox) => {
    const scale = PRECISE_SIDE / Math.max(within.width, within.height);
    const image = await drawSvg(text, fitInto(within, scale), within);
    let opaquest = 0;
    for (let alpha = 3; alpha < image.data.length; alpha += 4) {
      opaquest = Math.max(opaquest, image.data[alpha] ?? 0);
    }
    const threshold = minAlpha ?? Math.max(VISIBLE_ALPHA, Math.ceil(opaquest / 2));
    return { ink: inkInUnits(image, within, threshold), pixel: 1 / scale };
  };
  const { ink, pixel } = await measure(viewBox);
  if (!ink) return undefined;
  const left = Math.max(viewBox.x, ink.x - 2 * pixel);
  const top = Math.max(viewBox.y, ink.y - 2 * pixel);
  const right = Math.min(viewBox.x + viewBox.width, ink.x + ink.width + 2 * pixel);
  const bottom = Math.min(viewBox.y + viewBox.height, ink.y + ink.height + 2 * pixel);
  const closer = await measure({ x: left, y: top, width: right - left, height: bottom - top });
  return closer.ink ?? ink;
}

/** Whether the ink spans too little of the room the page gives the drawing (MIN_FILL). */
export function fillsTooLittle(file: MarkFile, viewBox: ViewBox, ink: ViewBox): boolean {
  if (file === 'icon.svg') {
    return Math.max(ink.width, ink.height) / Math.max(viewBox.width, viewBox.height) < MIN_FILL;
  }
  return ink.width / viewBox.width < MIN_FILL || ink.height / viewBox.height < MIN_FILL;
}

/**
 * "logo.svg: its drawing covers 10 × 4 of its 1000 × 220 viewBox (1% × 2%), so it shows 1.8 ×
 * 0.7 px in the 182 × 40 px the page gives the logo; …" with the fix, or undefined when it fills
 * enough. `ink` undefined: nothing shows.
 */
export function fillProblem(
  file: MarkFile,
  viewBox: ViewBox,
  ink: ViewBox | undefined,
  brand = '<brand>',
): string | undefined {
  if (!ink) {
    return (
      `${file}: draws nothing: every pixel of it is transparent when librsvg draws it at the size the page shows it; ` +
      'expected a visible drawing (look for shapes filled with none, or hidden by opacity, a mask or a clip path)'
    );
  }
  if (!fillsTooLittle(file, viewBox, ink)) return undefined;
  const units = (value: number) => formatUnits(value, viewBox);
  const covers =
    `its drawing covers ${units(ink.width)} × ${units(ink.height)} of its ${units(viewBox.width)} × ${units(viewBox.height)} viewBox ` +
    `(${formatShare(ink.width / viewBox.width)} × ${formatShare(ink.height / viewBox.height)})`;
  let shows: string;
  let expected: string;
  if (file === 'icon.svg') {
    const perUnit = TAB_SIZE / Math.max(viewBox.width, viewBox.height);
    shows = `it shows ${formatPx(ink.width * perUnit)} × ${formatPx(ink.height * perUnit)} px in a ${TAB_SIZE} × ${TAB_SIZE} px browser tab`;
    expected = `its longer side at least ${formatShare(MIN_FILL)} of the square's`;
  } else {
    const shown = SHOWN_IN[file];
    const perUnit = Math.min(shown.width / viewBox.width, shown.height / viewBox.height);
    shows =
      `it shows ${formatPx(ink.width * perUnit)} × ${formatPx(ink.height * perUnit)} px ` +
      `in the ${formatPx(viewBox.width * perUnit)} × ${formatPx(viewBox.height * perUnit)} px the page gives the logo`;
    expected = `at least ${formatShare(MIN_FILL)} of its width and of its height`;
  }
  return (
    `${file}: ${covers}, so ${shows}; expected a viewBox that fits the drawing (${expected}). ` +
    `Crop it with \`npm run brands:tidy -- ${brand} --crop\`, or in the drawing program ` +
    "(Inkscape: Edit → Resize Page to Selection; Illustrator: Object → Artboards → Fit to Artwork Bounds; Figma: select the frame's contents, Frame selection)."
  );
}

/**
 * The contrast along an image's edges: the differences between neighbouring pixels, alpha and
 * the colors weighted by it, summed, per pixel of the image's width. Blurring a broad edge keeps
 * it; blurring a line thinner than a pixel into a grey loses it.
 */
export function edgeContrast({ data, width, height }: RgbaImage): number {
  const channel = (pixel: number, c: number) => {
    const alpha = (data[pixel * 4 + 3] ?? 0) / 255;
    return c === 3 ? alpha : ((data[pixel * 4 + c] ?? 0) / 255) * alpha;
  };
  let sum = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      for (let c = 0; c < 4; c++) {
        const here = channel(pixel, c);
        if (x + 1 < width) sum += Math.abs(channel(pixel + 1, c) - here);
        if (y + 1 < height) sum += Math.abs(channel(pixel + width, c) - here);
      }
    }
  }
  return sum / width;
}

/**
 * How much of the contrast along its edges the icon keeps in a browser tab, from 0 to 1: librsvg
 * draws it at TAB_SIZE, and that is set against `large`, the same drawing at the size it is
 * measured at. A drawing without edges keeps everything.
 */
export async function keptDetail(text: string, viewBox: ViewBox, large: RgbaImage): Promise<number> {
  const whole = edgeContrast(large);
  if (whole === 0) return 1;
  const small = await drawSvg(text, fitInto(viewBox, TAB_SIZE / Math.max(viewBox.width, viewBox.height)));
  return Math.min(1, edgeContrast(small) / whole);
}

/** The warning for an icon that keeps less than MIN_DETAIL_KEPT in a tab, or undefined. */
export function detailWarning(kept: number): string | undefined {
  if (kept >= MIN_DETAIL_KEPT) return undefined;
  const { width, height } = SHOWN_IN['icon.svg'];
  return (
    `icon.svg: at ${TAB_SIZE} × ${TAB_SIZE} px (a browser tab) its drawing loses most of its detail: its edges keep ${formatShare(kept)} ` +
    `of the contrast they have at ${width} × ${height} px, as lines and gaps thinner than a pixel blur into one another. ` +
    "A favicon is read at a glance: use the brand's mark or its initial, drawn large in the square, not the wordmark."
  );
}

/**
 * A length in viewBox units, as fine as PRECISE_SIDE measures it: "10" in a viewBox 1000 wide,
 * "6.3" in one 48 wide. `up` for a least width, which rounding must not make too thin.
 */
export function formatUnits(value: number, viewBox: ViewBox, round: 'nearest' | 'up' = 'nearest'): string {
  const decimals = -Math.ceil(Math.log10(Math.max(viewBox.width, viewBox.height) / PRECISE_SIDE));
  const step = 10 ** -decimals;
  const rounded = (round === 'up' ? Math.ceil(value / step - 1e-9) : Math.round(value / step)) * step;
  return String(Number(rounded.toFixed(Math.max(0, decimals))));
}

function formatShare(share: number): string {
  const percent = Math.round(share * 100);
  return percent === 0 && share > 0 ? 'under 1%' : `${percent}%`;
}

function formatPx(px: number): string {
  return px < 10 ? String(Math.round(px * 10) / 10) : String(Math.round(px));
}
