import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { z } from 'zod';
import {
  analyseMark,
  describePart,
  faintParts,
  LOGO_MARGIN,
  MIN_MARK_CONTRAST,
  type MarkAnalysis,
  type RgbaImage,
} from './mark-pixels.ts';
import { inspectSvg, type ViewBox } from './svg-check.ts';

export type MarkFile = 'logo.svg' | 'logo-dark.svg' | 'icon.svg';
export interface PageScheme {
  scheme: 'light' | 'dark';
  /** The page background in that scheme, `#rrggbb`. */
  background: string;
}

/** Raise when the way marks are drawn or measured changes, so cached measurements are taken anew. */
const RECIPE_VERSION = 1;
/**
 * Where measurements are kept between builds, beside the favicons' cache. Resolved from this file
 * rather than imported from scripts/vite/app-config.ts, which would load Vite and its plugins
 * into every reader of brands.
 */
export const MARK_CONTRAST_CACHE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/login-gateway/mark-contrast/', import.meta.url),
);
// At two device pixels per CSS pixel, as the browser test photographs them.
const SCALE = 2;
/**
 * The box each mark is drawn into, in CSS pixels: the logo at the page's height for it
 * (src/app/app.css, `.page__logo`), no wider than a desktop window, where the page would shrink
 * it too; the icon at its largest usual size, on a home screen (iOS shows apple-touch-icon.png at
 * 60 × 60). Smaller, the thin strokes of a glyph have no solid pixels and go unmeasured.
 */
const SHOWN_IN: Record<MarkFile, { width: number; height: number }> = {
  'logo.svg': { width: 1280, height: 40 },
  'logo-dark.svg': { width: 1280, height: 40 },
  'icon.svg': { width: 60, height: 60 },
};

const HEX = /^#[0-9a-f]{6}$/;
const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const cachedSchema = z.array(
  z.object({
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
);

/**
 * The build's messages for a logo or icon with a part below 3:1 against the page background of a
 * scheme it is shown in: the mark is drawn by librsvg (through sharp) on that page, at the size
 * the page shows it, and measured from its pixels as the browser test measures a screenshot
 * (mark-pixels.ts). One message per faint part and scheme. Measurements are cached by content.
 */
export async function markContrastProblems({
  file,
  text,
  schemes,
  cacheDir = MARK_CONTRAST_CACHE_DIR,
}: {
  file: MarkFile;
  text: string;
  schemes: PageScheme[];
  cacheDir?: string;
}): Promise<string[]> {
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        RECIPE_VERSION,
        sharp: sharp.versions,
        shown: SHOWN_IN[file],
        SCALE,
        file,
        text,
        schemes,
      }),
    )
    .digest('hex')
    .slice(0, 32);
  const entry = path.join(cacheDir, `${key}.json`);
  let analyses = await readCached(entry, schemes.length);
  if (!analyses) {
    // inspectSvg refuses a file without a viewBox; there is no size to draw it at.
    const { viewBox } = inspectSvg(text);
    if (!viewBox) return [];
    let drawn: RgbaImage;
    try {
      drawn = await draw(text, sizeShown(file, viewBox));
    } catch (error) {
      // Not cached: an error may be the machine's (memory, files), not the drawing's.
      return [`${file}: ${undrawable(error)}`];
    }
    analyses = await Promise.all(schemes.map(({ background }) => measureOn(drawn, background)));
    await writeCached(entry, analyses);
  }
  const mark = file === 'icon.svg' ? 'icon' : 'logo';
  return schemes.flatMap(({ scheme }, index) => {
    const analysis = analyses[index];
    if (!analysis) return [];
    return faintParts(analysis).map(
      (part) => `${file}: ${describePart(part, analysis, { mark, scheme })}; ${expectation(file, scheme)}`,
    );
  });
}

/**
 * The mark's size in device pixels on the page, from its viewBox as the page sizes it: librsvg
 * left to itself would round a viewBox of a few units to whole pixels, or refuse one below a
 * pixel, before scaling.
 */
function sizeShown(file: MarkFile, viewBox: ViewBox): { width: number; height: number } {
  const shown = SHOWN_IN[file];
  const scale = SCALE * Math.min(shown.width / viewBox.width, shown.height / viewBox.height);
  return {
    width: Math.max(1, Math.round(viewBox.width * scale)),
    height: Math.max(1, Math.round(viewBox.height * scale)),
  };
}

/** The drawing at that size, on nothing (transparent), by librsvg. */
async function draw(text: string, { width, height }: { width: number; height: number }): Promise<RgbaImage> {
  // Its own width and height on the root element give way to the size shown.
  const sized = text.replace(/<svg\b[^>]*>/, (tag) =>
    tag
      .replace(/\s(width|height)\s*=\s*("[^"]*"|'[^']*')/g, '')
      .replace(/^<svg\b/, `<svg width="${width}" height="${height}"`),
  );
  const { data, info } = await sharp(Buffer.from(sized))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
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

function undrawable(error: unknown): string {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return (
    `librsvg cannot draw it (${reason}), so its contrast with the page cannot be measured; ` +
    'expected an SVG a browser and librsvg both draw. Export it again as plain SVG from the drawing program.'
  );
}

/** The cached measurements, or undefined when there are none or the entry is damaged or stale. */
async function readCached(entry: string, schemes: number): Promise<MarkAnalysis[] | undefined> {
  let text: string;
  try {
    text = await readFile(entry, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = cachedSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.length === schemes ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Written aside and renamed into place, so a parallel build never reads half an entry. */
async function writeCached(entry: string, analyses: MarkAnalysis[]): Promise<void> {
  await mkdir(path.dirname(entry), { recursive: true });
  const staging = `${entry}.${randomUUID()}.tmp`;
  try {
    await writeFile(staging, JSON.stringify(analyses));
    await rename(staging, entry);
  } finally {
    await rm(staging, { force: true });
  }
}

function expectation(file: MarkFile, scheme: PageScheme['scheme']): string {
  const expected = `expected at least ${MIN_MARK_CONTRAST}:1`;
  if (file === 'icon.svg') {
    return (
      `${expected} so the icon stays visible on ${scheme} backgrounds. There is no dark icon, so icon.svg must ` +
      'stand out on both: change the color (a mid-tone works on light and dark), or add an outline.'
    );
  }
  const readable = `${expected} so the logo stays readable in ${scheme} mode.`;
  if (file === 'logo-dark.svg') return `${readable} Change the color.`;
  if (scheme === 'dark') return `${readable} Add logo-dark.svg with lighter colors, or change the color.`;
  return `${readable} Change the color, or outline the shape in a color that stands out from the page.`;
}
