import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pngToIco from 'png-to-ico';
import sharp from 'sharp';
import { z } from 'zod';
import type { SvgFile } from './load-brands.ts';

/** Raise when the way icons are drawn changes, so cached icons are drawn anew. */
const RECIPE_VERSION = 2;
const TOOL_VERSIONS = {
  sharp: sharp.versions,
  pngToIco: z.object({ version: z.string() }).parse(createRequire(import.meta.url)('png-to-ico/package.json'))
    .version,
};
const ICO_SIZES = [16, 32, 48];
const PNG_ICONS = [
  { file: 'apple-touch-icon.png', size: 180 },
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
];
/** Every file writeFavicons puts into a brand folder. */
export const FAVICON_FILES = ['favicon.ico', 'favicon.svg', ...PNG_ICONS.map((icon) => icon.file)];

export interface FaviconSource {
  /** icon.svg when the brand has one, otherwise its logo, centred on a square. */
  svg: SvgFile;
  /** Fills the transparent parts of the touch icons, which iOS would otherwise show black. */
  background: string;
}

/** Draws of this process, so brands with the same icon wait for one draw instead of racing. */
const drawing = new Map<string, Promise<void>>();

/**
 * Writes the favicon set into outDir. Drawn icons are cached by a hash of their inputs, so a
 * brand whose source did not change costs one file copy per icon on rebuild.
 */
export async function writeFavicons(
  source: FaviconSource,
  outDir: string,
  cacheDir: string,
): Promise<{ fromCache: boolean }> {
  const key = createHash('sha256')
    .update(
      JSON.stringify({ RECIPE_VERSION, TOOL_VERSIONS, svg: source.svg.text, background: source.background }),
    )
    .digest('hex')
    .slice(0, 32);
  const cached = path.join(cacheDir, key);
  const fromCache = await hasAll(cached, FAVICON_FILES);
  if (!fromCache) {
    let draw = drawing.get(cached);
    if (!draw) {
      draw = drawInto(source, cacheDir, cached).finally(() => drawing.delete(cached));
      drawing.set(cached, draw);
    }
    await draw;
  }
  await mkdir(outDir, { recursive: true });
  await Promise.all(FAVICON_FILES.map((file) => copyFile(path.join(cached, file), path.join(outDir, file))));
  return { fromCache };
}

async function drawInto(source: FaviconSource, cacheDir: string, dir: string): Promise<void> {
  // Drawn into a private folder and renamed into place, so a parallel or interrupted build
  // never sees a half-written cache entry.
  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(`${dir}.tmp-`);
  const svg = Buffer.from(squareSvg(source.svg));
  const icoPngs = await Promise.all(ICO_SIZES.map((size) => drawSquare(svg, size)));
  await Promise.all([
    writeFile(path.join(staging, 'favicon.svg'), svg),
    writeFile(path.join(staging, 'favicon.ico'), await pngToIco(icoPngs)),
    ...PNG_ICONS.map(async ({ file, size }) =>
      writeFile(path.join(staging, file), await drawSquare(svg, size, source.background)),
    ),
  ]);
  await rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
    await rm(staging, { recursive: true, force: true });
    // Another build process finished the same entry first; its icons are the same.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
}

/**
 * The drawing with its viewBox widened to a square around it, so a wide wordmark used as a
 * favicon is centred instead of being squeezed or cut by the browser.
 */
export function squareSvg({ text, viewBox: { x, y, width, height } }: SvgFile): string {
  if (width === height) return text;
  const side = Math.max(width, height);
  const box = `${x - (side - width) / 2} ${y - (side - height) / 2} ${side} ${side}`;
  return text.replace(/<svg\b[^>]*>/, (tag) =>
    tag
      .replace(/\s(width|height)\s*=\s*("[^"]*"|'[^']*')/g, '')
      .replace(/(\sviewBox\s*=\s*)("[^"]*"|'[^']*')/, `$1"${box}"`),
  );
}

/** A square PNG of the drawing, transparent around it unless a background is given. */
async function drawSquare(svg: Buffer, size: number, background?: string): Promise<Buffer> {
  const { width = size, height = size } = await sharp(svg).metadata();
  // Rasterise at a density that gives at least `size` pixels on the short side, then fit.
  const density = Math.min(2400, Math.ceil((72 * size) / Math.min(width, height)));
  const image = sharp(svg, { density }).resize(size, size, {
    fit: 'contain',
    background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
  });
  return (background ? image.flatten({ background }) : image).png().toBuffer();
}

async function hasAll(dir: string, files: string[]): Promise<boolean> {
  const present = await readdir(dir).catch((): string[] => []);
  return files.every((file) => present.includes(file));
}
