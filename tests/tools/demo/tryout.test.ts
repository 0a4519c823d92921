import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fingerprintBrands } from '../../../scripts/lib/demo-build.ts';
import { loadBrand } from '../../../scripts/lib/load-brands.ts';
import { makeTempDir, writeBrandFolder } from '../../scripts/brand-fixtures.ts';
import { json, makeDemoWorld, send, startDemo, type DemoWorld, type RunningDemo } from './demo-fixtures.ts';
import { createTryouts, TRYOUT_PATH, type Tryouts } from '../../../tools/demo/tryout.ts';
import type { TryoutVerdict } from '../../../tools/demo/tryout-verdict.ts';

let world: DemoWorld;
let cacheDir: string;
let tryouts: Tryouts;
let demo: RunningDemo;
const brandsDir = () => path.join(world.root, 'brands');

beforeAll(async () => {
  [world, cacheDir] = await Promise.all([makeDemoWorld(), makeTempDir('favicons-')]);
  tryouts = createTryouts({ brandsDir: brandsDir(), cacheDir });
  demo = await startDemo(world, { tryouts });
});
afterAll(async () => {
  await demo.stop();
  await tryouts.close();
  await world.remove();
  await rm(cacheDir, { recursive: true, force: true });
});

/** A valid brand folder's files, as a brand manager would have them on their disk. */
async function validFolder(service: string): Promise<Record<string, string>> {
  const dir = await writeBrandFolder(await makeTempDir('folder-'), service);
  const files = await readdir(dir);
  const contents = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  await rm(path.dirname(dir), { recursive: true, force: true });
  return Object.fromEntries(files.map((file, index) => [file, contents[index] ?? '']));
}

/** Posts a folder as the gallery's page does: multipart, from the gallery's own origin. */
async function postFolder(
  name: string,
  files: Record<string, string>,
  headers: Record<string, string | undefined> = {},
  port = demo.port,
) {
  const form = new FormData();
  form.set('name', name);
  for (const [file, content] of Object.entries(files)) form.append('file', new Blob([content]), file);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const sent = {
    'content-type': encoded.headers.get('content-type') ?? '',
    origin: `http://localhost:${port}`,
    'sec-fetch-site': 'same-origin',
    ...headers,
  };
  return send(port, TRYOUT_PATH, {
    method: 'POST',
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: Object.fromEntries(
      Object.entries(sent).filter((entry): entry is [string, string] => !!entry[1]),
    ),
  });
}

async function verdictOf(answer: Awaited<ReturnType<typeof postFolder>>): Promise<TryoutVerdict> {
  expect(answer.status, answer.body).toBe(200);
  return json(answer) as TryoutVerdict;
}

/** The temporary folders of tries on this machine now. */
async function tryFolders(): Promise<string[]> {
  return (await readdir(os.tmpdir())).filter((name) => name.startsWith('login-gateway-tryout-'));
}

describe('the gallery’s tryout endpoint refuses', () => {
  test.each([
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a brand page of the demo', { origin: 'http://a-dok.localhost:PORT', 'sec-fetch-site': 'same-site' }],
    ['a client that names no origin', { origin: undefined, 'sec-fetch-site': undefined }],
  ])('a post from %s with 403, and builds nothing', async (_, headers) => {
    const before = await tryFolders();
    const answer = await postFolder('neu-marke', await validFolder('neu-marke'), {
      ...headers,
      origin: headers.origin?.replace('PORT', String(demo.port)),
    });
    expect(answer.status).toBe(403);
    expect(json(answer)).toEqual({
      error: `Ordner lassen sich nur auf der Markenübersicht selbst ausprobieren (http://localhost:${demo.port}/).`,
    });
    expect(await tryFolders()).toEqual(before);
  });

  test.each([
    ['../x', 400],
    ['a/b.svg', 400],
    ['logo.svg', 413],
  ])('a folder with a file %s (status %i), and writes nothing', async (name, status) => {
    const before = await fingerprintBrands(brandsDir());
    const content = status === 413 ? 'x'.repeat(2 * 1024 * 1024 + 1) : '<svg/>';
    const answer = await postFolder('neu-marke', { 'brand.json': '{}', [name]: content });
    expect(answer.status).toBe(status);
    expect(json(answer)).toEqual({ error: expect.stringContaining(`Datei „${name}“: `) });
    expect(await fingerprintBrands(brandsDir())).toBe(before);
    expect(await readdir(path.dirname(world.root))).not.toContain('x');
  });

  test('a folder of more than a handful of files', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 9 }, (_, index) => [`logo-${index}.svg`, '<svg/>']),
    );
    const answer = await postFolder('neu-marke', files);
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ error: expect.stringMatching(/^Zu viele Dateien \(9\)/) });
  });

  test('a GET, and offers no tryout where the server has none', async () => {
    expect((await send(demo.port, TRYOUT_PATH)).status).toBe(405);
    const withoutTryouts = await startDemo(world);
    try {
      expect((await postFolder('neu-marke', { 'brand.json': '{}' }, {}, withoutTryouts.port)).status).toBe(
        404,
      );
      expect((await send(withoutTryouts.port, '/')).body).not.toContain('/dev/tryout.js');
    } finally {
      await withoutTryouts.stop();
    }
  });
});

describe('a folder tried on the gallery', () => {
  test('is built and previewed beside a copy of brands/, which stays as it was', async () => {
    const before = await fingerprintBrands(brandsDir());

    const verdict = await verdictOf(await postFolder('neu-marke', await validFolder('neu-marke')));

    expect(verdict).toEqual({
      name: 'neu-marke',
      replaces: false,
      outcome: 'builds',
      seconds: expect.any(Number),
      warnings: [{ file: 'icon.svg', messages: [expect.stringMatching(/^icon\.svg: missing; /)] }],
      previewUrl: expect.stringMatching(/^\/dev\/tryout\/[0-9a-f]{12}\/preview\.html\?service=neu-marke$/),
    });
    expect(await fingerprintBrands(brandsDir())).toBe(before);
    expect(await readdir(brandsDir())).not.toContain('neu-marke');

    const previewUrl = verdict.outcome === 'builds' ? verdict.previewUrl : '';
    const preview = await send(demo.port, previewUrl, { host: `localhost:${demo.port}` });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('data-brand="neu-marke"');
    expect(preview.body).toContain('<div id="login-gateway-preview"></div>');
    // The gallery frames it, and it frames itself: both of the gallery's origin.
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.headers['content-security-policy']).toMatch(
      /; frame-src 'self' [^;]+;.*; frame-ancestors 'self'$/,
    );
    expect(preview.body).not.toContain('live-reload');
    const script = /<script type="module" crossorigin src="\.\/(assets\/preview-[\w-]+\.js)">/.exec(
      preview.body,
    )?.[1];
    expect((await send(demo.port, previewUrl.replace(/preview\.html.*/, script ?? 'none'))).status).toBe(200);
    const standIn = await send(demo.port, previewUrl.replace(/preview\.html.*/, 'dev/paypal/sdk/js'));
    expect(standIn.body).toContain('paypal');
  }, 120_000);

  test('in place of the brands/ folder of its name', async () => {
    const files = await validFolder('a-dok');
    const verdict = await verdictOf(await postFolder('a-dok', files));
    expect(verdict).toMatchObject({ name: 'a-dok', replaces: true, outcome: 'builds' });
  }, 120_000);

  test('that is broken gets the build’s problems, by file, worded as the build words them', async () => {
    const files = {
      'brand.json': JSON.stringify({ name: 'Kaputt', accentColor: '#12' }),
      'Logo final.png': 'png',
    };
    const verdict = await verdictOf(await postFolder('Kaputte Marke', files));

    // The same folder in brands/, as the build reads it.
    const dir = await makeTempDir('broken-');
    await writeBrandFolder(dir, 'Kaputte Marke', { ...files, 'logo.svg': undefined });
    const built = await loadBrand(path.join(dir, 'Kaputte Marke'));
    await rm(dir, { recursive: true, force: true });
    const problems = 'problems' in built ? built.problems : [];

    expect(verdict.outcome).toBe('refused');
    const groups = verdict.outcome === 'refused' ? verdict.problems : [];
    expect(groups.map(({ file }) => file)).toEqual([null, 'brand.json', 'logo.svg', 'Logo final.png']);
    expect(groups.flatMap(({ messages }) => messages).sort()).toEqual([...problems].sort());
    expect(groups[0]?.messages).toEqual([
      expect.stringMatching(/^folder name "Kaputte Marke" is not a service key/),
    ]);
  }, 60_000);

  test('is replaced by the next, its preview and temporary folder gone; the last goes when the server stops', async () => {
    const own = createTryouts({ brandsDir: brandsDir(), cacheDir });
    const running = await startDemo(world, { tryouts: own });
    const before = await tryFolders();
    const newFolders = async () => (await tryFolders()).filter((name) => !before.includes(name));
    try {
      const first = await verdictOf(
        await postFolder('erste-marke', await validFolder('erste-marke'), {}, running.port),
      );
      const firstUrl = first.outcome === 'builds' ? first.previewUrl : '';
      expect(await newFolders()).toHaveLength(1);

      const second = await verdictOf(
        await postFolder('zweite-marke', { 'brand.json': '{}' }, {}, running.port),
      );
      expect(second.outcome).toBe('refused');
      expect((await send(running.port, firstUrl)).status).toBe(404);
      expect(await newFolders()).toEqual([]);

      const third = await verdictOf(
        await postFolder('dritte-marke', await validFolder('dritte-marke'), {}, running.port),
      );
      expect(third.outcome).toBe('builds');
      expect(await newFolders()).toHaveLength(1);
    } finally {
      await running.stop();
      await own.close();
    }
    expect(await newFolders()).toEqual([]);
  }, 180_000);
});
