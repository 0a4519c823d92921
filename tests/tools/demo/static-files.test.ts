import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressTree } from '../../../scripts/lib/precompress.ts';
import { acceptedEncodings } from '../../../tools/demo/static-files.ts';
import {
  PAGE_POLICY,
  makeDemoWorld,
  send,
  startDemo,
  type DemoWorld,
  type RunningDemo,
} from './demo-fixtures.ts';

const SCRIPT = 'assets/big-abc12345.js';
const SCRIPT_TEXT = `export const text = ${JSON.stringify('Code erneut senden. '.repeat(500))};\n`;

let world: DemoWorld;
let demo: RunningDemo;

beforeAll(async () => {
  world = await makeDemoWorld();
  const brandDir = path.join(world.distDir, 'a-dok');
  await writeFile(path.join(brandDir, SCRIPT), SCRIPT_TEXT);
  await precompressTree(brandDir);
  demo = await startDemo(world);
});
afterAll(async () => {
  await demo.stop();
  await world.remove();
});

/** A GET with this Accept-Encoding, or none; `bytes` is the body as it went over the wire. */
function fetchRaw(target: string, acceptEncoding?: string) {
  return send(
    demo.port,
    target,
    acceptEncoding === undefined ? {} : { headers: { 'accept-encoding': acceptEncoding } },
  );
}

describe('precompressed twins', () => {
  test('sends brotli to a browser that accepts it, with the plain type and Vary', async () => {
    const answer = await fetchRaw(`/a-dok/${SCRIPT}`, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(answer.bytes).toString()).toBe(SCRIPT_TEXT);
  });

  test('sends gzip when brotli is not accepted', async () => {
    const answer = await fetchRaw(`/a-dok/${SCRIPT}`, 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.bytes).toString()).toBe(SCRIPT_TEXT);
  });

  test('sends the plain file without Accept-Encoding, or when every coding is refused', async () => {
    for (const header of [undefined, 'br;q=0, gzip;q=0', 'identity']) {
      const answer = await fetchRaw(`/a-dok/${SCRIPT}`, header);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.body).toBe(SCRIPT_TEXT);
    }
  });

  test('keeps the page policy header when the page goes out compressed', async () => {
    const answer = await fetchRaw('/a-dok/', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-security-policy']).toBe(`${PAGE_POLICY}; frame-ancestors 'none'`);
    expect(brotliDecompressSync(answer.bytes).toString()).toContain('<html lang="de" data-brand="a-dok">');
  });

  test('never serves a twin by its own name', async () => {
    expect((await fetchRaw(`/a-dok/${SCRIPT}.br`)).status).toBe(404);
    expect((await fetchRaw(`/a-dok/${SCRIPT}.gz`)).status).toBe(404);
  });

  test('sends no Vary for a file without twins', async () => {
    const answer = await fetchRaw('/a-ident/', 'br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
  });
});

describe('acceptedEncodings', () => {
  test.each([
    ['gzip, deflate, br', ['gzip', 'deflate', 'br']],
    ['br;q=1.0, gzip;q=0.5', ['br', 'gzip']],
    ['BR , Gzip', ['br', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['gzip;q=0.0', []],
    ['', []],
  ])('%j → %j', (header, expected) => {
    expect([...acceptedEncodings(header)]).toEqual(expected);
  });
});
