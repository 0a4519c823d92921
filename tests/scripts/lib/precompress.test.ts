import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { isPrecompressedTwin, precompressTree } from '../../../scripts/lib/precompress.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const script = `export const text = ${JSON.stringify('Bitte warten... '.repeat(200))};\n`;

test('writes brotli and gzip twins that decode to the very same bytes', async () => {
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), script);
  await precompressTree(dir);
  const file = path.join(dir, 'assets', 'index-abc.js');
  expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
  expect((await readFile(`${file}.br`)).length).toBeLessThan(script.length / 10);
});

test('leaves images and files that would not get smaller alone', async () => {
  await writeFile(path.join(dir, 'icon-192.png'), Buffer.alloc(4096, 7));
  await writeFile(path.join(dir, 'tiny.css'), 'a{}');
  await precompressTree(dir);
  expect((await readdir(dir)).sort()).toEqual(['icon-192.png', 'tiny.css']);
});

test('tells twins from files', () => {
  expect(isPrecompressedTwin('index-abc.js.br')).toBe(true);
  expect(isPrecompressedTwin('index.html.gz')).toBe(true);
  expect(isPrecompressedTwin('index-abc.js')).toBe(false);
  expect(isPrecompressedTwin('brand.json')).toBe(false);
});
