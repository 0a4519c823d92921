import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pngToIco from 'png-to-ico';
import sharp from 'sharp';

/** Raise when the way icons are drawn changes, so cached icons are drawn anew. */
const RECIPE_VERSION = 1;
const ICO_SIZES = [16, 32, 48];
const PNG_ICONS = [
  { file: 'apple-touch-icon.png', size: 180 },
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
];
/** Every file writeFavicons puts into a brand folder. */
export const FAVICON_FILES = ['favicon.ico', 'favicon.svg', ...PNG_ICONS.map((icon) => icon.file)];

export interface FaviconSource {
  /** icon.svg when the brand has one, otherwise its logo, drawn centred on a square. */
  svg: string;
  /** Fills the transparent parts of the touch icons, which iOS would otherwise show black. */
  background: string;
}

/**
 * Writes the favicon set into outDir. Drawn icons are cached by a hash of their inputs, so a
 * brand whose source did not change costs two file copies per icon on rebuild.
 */
export async function writeFavicons(
  source: FaviconSource,
  outDir: string,
  cacheDir: string,
): Promise<{ fromCache: boolean }> {
  const key = createHash('sha256')
    .update(JSON.stringify({ RECIPE_VERSION, sharp: sharp.versions.sharp, ...source }))
    .digest('hex')
    .slice(0, 32);
  const cached = path.join(cacheDir, key);
  const fromCache = await hasAll(cached, FAVICON_FILES);
  if (!fromCache) await drawInto(source, cached);
  await mkdir(outDir, { recursive: true });
  await Promise.all(FAVICON_FILES.map((file) => copyFile(path.join(cached, file), path.join(outDir, file))));
  return { fromCache };
}

async function drawInto(source: FaviconSource, dir: string): Promise<void> {
  // Drawn into a private folder and renamed into place, so a parallel or interrupted build
  // never leaves a half-written cache entry behind.
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  await mkdir(staging, { recursive: true });
  const svg = Buffer.from(source.svg);
  const icoPngs = await Promise.all(ICO_SIZES.map((size) => drawSquare(svg, size)));
  await Promise.all([
    writeFile(path.join(staging, 'favicon.svg'), svg),
    writeFile(path.join(staging, 'favicon.ico'), await pngToIco(icoPngs)),
    ...PNG_ICONS.map(async ({ file, size }) =>
      writeFile(path.join(staging, file), await drawSquare(svg, size, source.background)),
    ),
  ]);
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
    // Another build finished the same entry first; its icons are identical.
    await rm(staging, { recursive: true, force: true });
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
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
