import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { FAVICON_FILES, squareSvg, writeFavicons } from '../../../scripts/lib/favicons.ts';
import type { SvgFile } from '../../../scripts/lib/load-brands.ts';
import { inspectSvg } from '../../../scripts/lib/svg-check.ts';
import { makeTempDir } from '../brand-fixtures.ts';

const tempDirs: string[] = [];
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await makeTempDir('favicons-');
  tempDirs.push(dir);
  return dir;
}

function svgFile(text: string): SvgFile {
  const { viewBox, problems } = inspectSvg(text);
  if (!viewBox || problems.length > 0) throw new Error(`fixture is not a valid SVG: ${problems.join()}`);
  return { text, viewBox };
}

const square = svgFile(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><circle cx="24" cy="24" r="20" fill="#c00"/></svg>',
);
const wide = svgFile(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 0 200 40" width="200" height="40"><rect x="10" width="200" height="40" fill="#00c"/></svg>',
);

describe('writeFavicons', () => {
  test('writes every favicon file', async () => {
    const [out, cache] = await Promise.all([tempDir(), tempDir()]);
    await writeFavicons({ svg: square, background: '#ffffff' }, out, cache);
    expect((await readdir(out)).sort()).toEqual([...FAVICON_FILES].sort());
  });

  test('fills the touch icons with the background and leaves the ICO sizes transparent', async () => {
    const [out, cache] = await Promise.all([tempDir(), tempDir()]);
    await writeFavicons({ svg: square, background: '#00ff00' }, out, cache);
    const corner = async (file: string) => {
      const { data } = await sharp(path.join(out, file))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 4)];
    };
    expect(await corner('apple-touch-icon.png')).toEqual([0, 255, 0, 255]);
    expect(await corner('icon-512.png')).toEqual([0, 255, 0, 255]);
  });

  test('draws once and then serves the same inputs from the cache', async () => {
    const cache = await tempDir();
    const first = await writeFavicons({ svg: square, background: '#ffffff' }, await tempDir(), cache);
    const second = await writeFavicons({ svg: square, background: '#ffffff' }, await tempDir(), cache);
    expect([first.fromCache, second.fromCache]).toEqual([false, true]);
  });

  test('draws again when the drawing or the background changes', async () => {
    const cache = await tempDir();
    await writeFavicons({ svg: square, background: '#ffffff' }, await tempDir(), cache);
    const otherSvg = svgFile(square.text.replace('#c00', '#0c0'));
    const changedSvg = await writeFavicons({ svg: otherSvg, background: '#ffffff' }, await tempDir(), cache);
    const changedBackground = await writeFavicons(
      { svg: square, background: '#000000' },
      await tempDir(),
      cache,
    );
    expect([changedSvg.fromCache, changedBackground.fromCache]).toEqual([false, false]);
  });

  test('lets brands with the same icon build side by side', async () => {
    const cache = await tempDir();
    const outs = await Promise.all(Array.from({ length: 4 }, () => tempDir()));
    await Promise.all(outs.map((out) => writeFavicons({ svg: wide, background: '#ffffff' }, out, cache)));
    const icos = await Promise.all(outs.map((out) => readFile(path.join(out, 'favicon.ico'))));
    for (const ico of icos) expect(ico.equals(icos[0] ?? Buffer.alloc(0))).toBe(true);
    expect((await readdir(cache)).filter((entry) => entry.includes('.tmp-'))).toEqual([]);
  });
});

describe('squareSvg', () => {
  test('keeps a square drawing as it is', () => {
    expect(squareSvg(square)).toBe(square.text);
  });

  test('centres a wide drawing in a square viewBox and drops its fixed size', () => {
    const result = squareSvg(wide);
    expect(inspectSvg(result).viewBox).toEqual({ x: 10, y: -80, width: 200, height: 200 });
    expect(result).not.toMatch(/<svg[^>]*\s(width|height)=/);
    expect(result).toContain('<rect x="10" width="200" height="40"');
  });

  test('centres a tall drawing the same way', () => {
    const tall = svgFile('<svg viewBox="0 0 20 100"><rect width="20" height="100"/></svg>');
    expect(inspectSvg(squareSvg(tall)).viewBox).toEqual({ x: -40, y: 0, width: 100, height: 100 });
  });
});
