import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { z } from 'zod';
import { formatRatio } from '../../src/lib/contrast.ts';
import {
  detailWarning,
  drawSvg,
  fillProblem,
  fillsTooLittle,
  formatUnits,
  inkInUnits,
  keptDetail,
  preciseInk,
  SCALE,
  SHOWN_IN,
  sizeShown,
} from './mark-ink.ts';
import {
  analyseMark,
  describePart,
  faintParts,
  LOGO_MARGIN,
  MIN_MARK_CONTRAST,
  TOUCH_DISTANCE,
  type MarkAnalysis,
  type MarkPart,
  type RgbaImage,
} from './mark-pixels.ts';
import { nearestPassingColor } from './nearest-color.ts';
import { inspectSvg, type ViewBox } from './svg-check.ts';

export type MarkFile = 'logo.svg' | 'logo-dark.svg' | 'icon.svg';
export interface PageScheme {
  scheme: 'light' | 'dark';
  /** The page background in that scheme, `#rrggbb`. */
  background: string;
}

/** Raise when the way marks are drawn or measured changes, so cached measurements are taken anew. */
const RECIPE_VERSION = 4;
/**
 * Where measurements are kept between builds, beside the favicons' cache. Resolved from this file
 * rather than imported from scripts/vite/app-config.ts, which would load Vite and its plugins
 * into every reader of brands.
 */
export const MARK_CONTRAST_CACHE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/login-gateway/mark-contrast/', import.meta.url),
);
// An icon part that fails is drawn again this many times larger, where an outline too thin to
// count at the measured size has a solid middle of its own.
const OUTLINE_ZOOM = 4;
// How far (largest channel difference) the part's color may drift when drawn larger: its faint
// end is measured where it meets the page, its commonest color where it no longer does.
const SAME_PART = 24;

const HEX = /^#[0-9a-f]{6}$/;
const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const outlineSchema = z.object({ color: z.string().regex(HEX), contrast: z.number() });
const measurementSchema = z.object({
  viewBox: boxSchema,
  /** Where its visible pixels lie, in viewBox units (mark-ink.ts); null when none show. */
  ink: boxSchema.nullable(),
  /** icon.svg only: the share of its edges' contrast it keeps at 16 px (mark-ink.ts). */
  detailKept: z.number().optional(),
  pages: z.array(
    z.object({
      background: z.string().regex(HEX),
      analysis: z.object({
        background: z.string().regex(HEX),
        box: boxSchema,
        parts: z.array(
          z.object({
            color: z.string().regex(HEX),
            share: z.number(),
            touchesPage: z.boolean(),
            contrast: z.number(),
            faintArea: boxSchema.optional(),
          }),
        ),
      }),
      /** icon.svg: for a faint part (by color), the outline around it too thin to count. */
      thinOutlines: z.record(z.string(), outlineSchema),
    }),
  ),
});
type Measurement = z.infer<typeof measurementSchema>;
type Outline = z.infer<typeof outlineSchema>;

interface MarkArguments {
  file: MarkFile;
  text: string;
  schemes: PageScheme[];
  cacheDir?: string;
}

/**
 * The build's messages for a logo or icon with a part below 3:1 against the page background of a
 * scheme it is shown in: the mark is drawn by librsvg (through sharp) on that page, at the size
 * the page shows it, and measured from its pixels as the browser test measures a screenshot
 * (mark-pixels.ts). One message per faint part and scheme, with the nearest color that passes.
 */
export async function markContrastProblems(args: MarkArguments): Promise<string[]> {
  const measured = await measureMark(args);
  if (!measured) return [];
  return 'undrawable' in measured ? [measured.undrawable] : contrastMessages(args, measured);
}

/**
 * markContrastProblems, and whether the drawing fills enough of its viewBox (mark-ink.ts), from
 * one drawing of it. `brand` names the folder in the fix.
 */
export async function markProblems(args: MarkArguments & { brand?: string }): Promise<string[]> {
  const measured = await measureMark(args);
  if (!measured) return [];
  if ('undrawable' in measured) return [measured.undrawable];
  const fill = fillProblem(args.file, measured.viewBox, measured.ink ?? undefined, args.brand);
  return [...contrastMessages(args, measured), ...(fill ? [fill] : [])];
}

/** The warning for an icon.svg too detailed to read in a browser tab (mark-ink.ts), if it is. */
export async function iconDetailWarnings({
  text,
  cacheDir,
}: {
  text: string;
  cacheDir?: string;
}): Promise<string[]> {
  const measured = await measureMark({ file: 'icon.svg', text, schemes: [], cacheDir });
  const warning =
    measured && !('undrawable' in measured) ? detailWarning(measured.detailKept ?? 1) : undefined;
  return warning ? [warning] : [];
}

/**
 * What the build measures of a drawing, kept by content between builds: its ink, its detail
 * and its parts on each page asked for so far. A page not measured yet is measured and added.
 * Undefined when there is no viewBox to draw it at (inspectSvg refuses such a file).
 */
async function measureMark({
  file,
  text,
  schemes,
  cacheDir = MARK_CONTRAST_CACHE_DIR,
}: MarkArguments): Promise<Measurement | { undrawable: string } | undefined> {
  const key = createHash('sha256')
    .update(
      JSON.stringify({ RECIPE_VERSION, sharp: sharp.versions, shown: SHOWN_IN[file], SCALE, file, text }),
    )
    .digest('hex')
    .slice(0, 32);
  const entry = path.join(cacheDir, `${key}.json`);
  const cached = await readCached(entry);
  const backgrounds = [...new Set(schemes.map(({ background }) => background.toLowerCase()))];
  const missing = backgrounds.filter(
    (background) => !cached?.pages.some((page) => page.background === background),
  );
  if (cached && missing.length === 0) return cached;

  const { viewBox } = inspectSvg(text);
  if (!viewBox) return undefined;
  let drawn: RgbaImage;
  try {
    drawn = await drawSvg(text, sizeShown(file, viewBox));
  } catch (error) {
    // Not cached: an error may be the machine's (memory, files), not the drawing's.
    return { undrawable: `${file}: ${undrawable(error)}` };
  }
  const measured = cached ?? (await measureDrawing(file, text, viewBox, drawn));
  let zoomed: Promise<RgbaImage> | undefined;
  const drawZoomed = () => (zoomed ??= drawSvg(text, sizeShown(file, viewBox, SCALE * OUTLINE_ZOOM)));
  const pages = await Promise.all(
    missing.map(async (background) => {
      const analysis = await measureOn(drawn, background);
      const faint = file === 'icon.svg' ? faintParts(analysis) : [];
      const thinOutlines =
        faint.length > 0 ? await findThinOutlines(faint, await drawZoomed(), background) : {};
      return { background, analysis, thinOutlines };
    }),
  );
  const complete = { ...measured, pages: [...measured.pages, ...pages] };
  await writeCached(entry, complete);
  return complete;
}

/** What does not depend on the page: where the ink lies and, for the icon, its detail at 16 px. */
async function measureDrawing(
  file: MarkFile,
  text: string,
  viewBox: ViewBox,
  drawn: RgbaImage,
): Promise<Measurement> {
  // The size shown is fine enough to pass a drawing; one that fails is measured finer, so the
  // message's numbers are the drawing's and not the pixels'.
  const shown = inkInUnits(drawn, viewBox);
  const ink = shown && !fillsTooLittle(file, viewBox, shown) ? shown : await preciseInk(text, viewBox);
  const detailKept = file === 'icon.svg' ? await keptDetail(text, viewBox, drawn) : undefined;
  return { viewBox, ink: ink ?? null, ...(detailKept === undefined ? {} : { detailKept }), pages: [] };
}

/** The drawing laid on the page with LOGO_MARGIN of it all round, measured as a screenshot is. */
async function measureOn(drawn: RgbaImage, background: string): Promise<MarkAnalysis> {
  const margin = LOGO_MARGIN * SCALE;
  const { data, info } = await sharp(drawn.data, {
    raw: { width: drawn.width, height: drawn.height, channels: 4 },
  })
    .flatten({ background })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return analyseMark({ data, width: info.width, height: info.height });
}

/**
 * For each faint part of an icon, the outline around it that is too thin to count: drawn
 * OUTLINE_ZOOM times larger, the part no longer meets the page, and what does is the outline.
 */
async function findThinOutlines(
  faint: MarkPart[],
  zoomed: RgbaImage,
  background: string,
): Promise<Record<string, Outline>> {
  const large = await measureOn(zoomed, background);
  const found: Record<string, Outline> = {};
  for (const part of faint) {
    const [same] = large.parts
      .filter((other) => channelDifference(other.color, part.color) <= SAME_PART)
      .sort((a, b) => channelDifference(a.color, part.color) - channelDifference(b.color, part.color));
    if (!same || same.touchesPage) continue;
    const [outline] = large.parts.filter((other) => other.touchesPage).sort((a, b) => b.share - a.share);
    if (outline) found[part.color] = { color: outline.color, contrast: outline.contrast };
  }
  return found;
}

function channelDifference(a: string, b: string): number {
  return Math.max(
    ...[1, 3, 5].map((at) => Math.abs(parseInt(a.slice(at, at + 2), 16) - parseInt(b.slice(at, at + 2), 16))),
  );
}

function contrastMessages({ file, schemes }: MarkArguments, { viewBox, pages }: Measurement): string[] {
  const mark = file === 'icon.svg' ? 'icon' : 'logo';
  return schemes.flatMap(({ scheme, background }) => {
    const page = pages.find((measuredPage) => measuredPage.background === background.toLowerCase());
    if (!page) return [];
    return faintParts(page.analysis).map((part) => {
      // A thin part around a larger one that does not meet the page is most likely an outline.
      const inside = page.analysis.parts.find((other) => !other.touchesPage && other.share > part.share);
      const outline = page.thinOutlines[part.color];
      const fix = expectation({ file, scheme, part, schemes, viewBox, outline, inside: inside?.color });
      return `${file}: ${describePart(part, page.analysis, { mark, scheme })}; ${fix}`;
    });
  });
}

function undrawable(error: unknown): string {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return (
    `librsvg cannot draw it (${reason}), so its contrast with the page cannot be measured; ` +
    'expected an SVG a browser and librsvg both draw. Export it again as plain SVG from the drawing program.'
  );
}

/** The cached measurement, or undefined when there is none or the entry is damaged or stale. */
async function readCached(entry: string): Promise<Measurement | undefined> {
  let text: string;
  try {
    text = await readFile(entry, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = measurementSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Written aside and renamed into place, so a parallel build never reads half an entry. */
async function writeCached(entry: string, measurement: Measurement): Promise<void> {
  await mkdir(path.dirname(entry), { recursive: true });
  const staging = `${entry}.${randomUUID()}.tmp`;
  try {
    await writeFile(staging, JSON.stringify(measurement));
    await rename(staging, entry);
  } finally {
    await rm(staging, { force: true });
  }
}

/**
 * What to do about a faint part: the fix for the file and scheme, with the nearest color that
 * passes (nearest-color.ts) and, where an outline is the fix, how wide it must be to count.
 */
function expectation({
  file,
  scheme,
  part,
  schemes,
  viewBox,
  outline,
  inside,
}: {
  file: MarkFile;
  scheme: PageScheme['scheme'];
  part: MarkPart;
  schemes: PageScheme[];
  viewBox: ViewBox;
  /** An outline around the part, too thin to count (findThinOutlines). */
  outline?: Outline;
  /** The color of a larger part the part surrounds, as an outline does. */
  inside?: string;
}): string {
  const expected = `expected at least ${MIN_MARK_CONTRAST}:1`;
  const thisPage = schemes.filter((page) => page.scheme === scheme).map((page) => page.background);
  const everyPage = schemes.map((page) => page.background);
  const pages = everyPage.length > 1 ? 'both pages' : `the ${scheme} page`;
  const onEveryPage = nearestPassingColor(part.color, everyPage, MIN_MARK_CONTRAST);
  const nearest = onEveryPage
    ? ` (e.g. to ${onEveryPage}, the nearest with ${MIN_MARK_CONTRAST}:1 on ${pages})`
    : '';
  if (file === 'icon.svg' && inside) {
    return (
      `${expected} so the icon stays visible on ${scheme} backgrounds. This color surrounds ${inside}, as an outline does, ` +
      `and an outline counts only in a color with ${MIN_MARK_CONTRAST}:1 against the page: change it${nearest}.`
    );
  }
  if (file === 'icon.svg') {
    const midTone = onEveryPage
      ? `e.g. to ${onEveryPage}, the nearest with ${MIN_MARK_CONTRAST}:1 on ${pages}; a mid-tone works on light and dark`
      : 'a mid-tone works on light and dark';
    return (
      `${expected} so the icon stays visible on ${scheme} backgrounds. There is no dark icon, so icon.svg must ` +
      `stand out on both: change the color (${midTone}), or ${outlineAdvice(file, viewBox, outline)}.`
    );
  }
  const readable = `${expected} so the logo stays readable in ${scheme} mode.`;
  if (file === 'logo-dark.svg') return `${readable} Change the color${nearest}.`;
  if (scheme === 'dark') {
    const lighter = nearestPassingColor(part.color, thisPage, MIN_MARK_CONTRAST);
    const forDarkLogo = lighter && lighter !== onEveryPage ? ` (e.g. ${lighter} for ${part.color})` : '';
    return `${readable} Add logo-dark.svg with lighter colors${forDarkLogo}, or change the color${nearest}.`;
  }
  return `${readable} Change the color${nearest}, or ${outlineAdvice(file, viewBox)}.`;
}

/**
 * An outline counts when its middle is solid and it keeps what it surrounds TOUCH_DISTANCE
 * pixels from the page (mark-pixels.ts); thinner, it is an edge and the part inside still meets
 * the page. The width in the drawing's own units, at the size it is measured.
 */
function outlineAdvice(file: MarkFile, viewBox: ViewBox, outline?: Outline): string {
  const perUnit = sizeShown(file, viewBox).width / viewBox.width;
  const width = `${formatUnits(TOUCH_DISTANCE / perUnit, viewBox, 'up')} units`;
  const shown = SHOWN_IN[file];
  const size = file === 'icon.svg' ? `${shown.width} × ${shown.height} px` : `${shown.height} px high`;
  const rule = `at least ${width} wide (${TOUCH_DISTANCE / SCALE} px of the mark at ${size}: a thinner line is an edge and does not count)`;
  const standsOut = `in a color with ${MIN_MARK_CONTRAST}:1 against the page`;
  if (!outline) {
    return file === 'icon.svg'
      ? `add an outline ${rule}, ${standsOut}`
      : `outline the shape ${rule}, ${standsOut}`;
  }
  const faint =
    outline.contrast < MIN_MARK_CONTRAST
      ? `, and ${standsOut} (it has ${formatRatio(outline.contrast)}:1)`
      : '';
  return `widen its outline (${outline.color}), which is there but too thin to count: ${rule}${faint}`;
}
