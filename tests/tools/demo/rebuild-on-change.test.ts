import { cpSync, rmSync } from 'node:fs';
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BuildResult } from '../../../scripts/lib/build-brands.ts';
import type { DemoBrands } from '../../../tools/demo/demo-server.ts';
import { fingerprintBrands } from '../../../scripts/lib/demo-build.ts';
import { rebuildOnChange, type BrandWatcher } from '../../../tools/demo/rebuild-on-change.ts';
import { makeTempDir, validBrandJson, writeBrandFolder } from '../../scripts/brand-fixtures.ts';

const DEBOUNCE_MS = 50;
const POLL_MS = 10;
const CHECK_MS = 100;

/** A build that succeeds for every valid folder, as buildBrands with skipInvalid answers. */
function builtRows(...services: string[]): BuildResult {
  return {
    ok: true,
    rows: services.map((service) => ({ service, files: 1, gzipBytes: 1 })),
    refreshed: [],
    invalid: [],
    warnings: [],
    faviconsFromCache: 0,
    viteOutput: [],
  };
}

let brandsDir: string;
let watcher: BrandWatcher | undefined;
let served: DemoBrands[];
let failures: string[];
let lines: string[];

beforeEach(async () => {
  brandsDir = await makeTempDir();
  await writeBrandFolder(brandsDir, 'a-dok');
  served = [];
  failures = [];
  lines = [];
});
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  await rm(brandsDir, { recursive: true, force: true });
});

/** Waits until the watcher has seen the change and every rebuild it caused has finished. */
async function afterChange(change: () => Promise<unknown>): Promise<void> {
  await change();
  await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 3));
  await watcher?.settled();
}

/** Watches brands/ with a build that succeeds for a-dok; answers how many builds ran so far. */
async function countBuilds(): Promise<() => number> {
  let builds = 0;
  await watch(async () => {
    builds += 1;
    return builtRows('a-dok');
  });
  return () => builds;
}

/** Watches brands/ as served now, or as built from `builtFrom`. */
async function watch(build: () => Promise<BuildResult>, builtFrom?: string): Promise<void> {
  watcher = await rebuildOnChange({
    brandsDir,
    build,
    serve: (brands) => served.push(brands),
    failed: (message) => failures.push(message),
    log: (line) => lines.push(line),
    builtFrom: builtFrom ?? (await fingerprintBrands(brandsDir)),
    debounceMs: DEBOUNCE_MS,
    pollMs: POLL_MS,
    checkMs: CHECK_MS,
  });
}

describe('rebuilding the demo when brands/ changes', () => {
  test('serves a brand folder added after the start, and lists an invalid one', async () => {
    await watch(async () => builtRows('a-dok', 'caac'));

    await afterChange(async () => {
      await writeBrandFolder(brandsDir, 'caac');
      await writeBrandFolder(brandsDir, 'broken', { 'logo.svg': undefined });
    });

    expect(served).toHaveLength(1);
    expect(served[0]?.brands.map((brand) => brand.service)).toEqual(['a-dok', 'caac']);
    expect(served[0]?.invalid.map((brand) => brand.service)).toEqual(['broken']);
    expect(failures).toEqual([]);
    expect(lines[0]).toBe('brands/ changed: rebuilding the demo…');
    expect(lines[1]).toMatch(/^Rebuilt 2 brand\(s\) in \d+\.\d s; the gallery shows them now\.$/);
    expect(lines[2]).toContain('brands/broken/');
  });

  test('makes one rebuild of changes close together', async () => {
    const builds = await countBuilds();

    await afterChange(async () => {
      for (const accentColor of ['#0b5cad', '#0b5cae', '#0b5caf']) {
        await writeFile(
          path.join(brandsDir, 'a-dok', 'brand.json'),
          JSON.stringify({ ...validBrandJson, accentColor }),
        );
      }
    });

    expect(builds()).toBe(1);
  });

  test('never builds twice at once: a change during a build makes exactly one more', async () => {
    let running = 0;
    let most = 0;
    let builds = 0;
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    await watch(async () => {
      builds += 1;
      running += 1;
      most = Math.max(most, running);
      if (builds === 1) await firstHeld;
      running -= 1;
      return builtRows('a-dok', 'caac', 'cdap');
    });

    await writeBrandFolder(brandsDir, 'caac');
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 3));
    expect(builds).toBe(1);
    // Two separate changes while the first build runs.
    await writeBrandFolder(brandsDir, 'cdap');
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 3));
    await writeFile(path.join(brandsDir, 'cdap', 'brand.json'), JSON.stringify(validBrandJson));
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 3));
    releaseFirst();
    await watcher?.settled();

    expect(builds).toBe(2);
    expect(most).toBe(1);
    expect(served.at(-1)?.brands.map((brand) => brand.service)).toEqual(['a-dok', 'caac', 'cdap']);
  });

  test('keeps serving the previous build when the rebuild fails, and says so to the console and the server', async () => {
    await watch(async () => ({ ok: false, message: 'Vite could not build' }));

    await afterChange(() => writeBrandFolder(brandsDir, 'caac'));

    expect(served).toEqual([]);
    expect(failures).toEqual(['Vite could not build']);
    expect(lines.at(-1)).toBe(
      'The rebuild failed; the server goes on with the previous build.\nVite could not build',
    );
  });

  test('serves only the folders the build wrote', async () => {
    // A folder that turned up after the build read brands/ waits for its own rebuild.
    await watch(async () => builtRows('a-dok'));

    await afterChange(() => writeBrandFolder(brandsDir, 'caac'));

    expect(served.at(-1)?.brands.map((brand) => brand.service)).toEqual(['a-dok']);
  });

  test('rebuilds a change made since the served build, before the watching began', async () => {
    const builtFrom = await fingerprintBrands(brandsDir);
    await writeBrandFolder(brandsDir, 'caac', {
      'brand.json': JSON.stringify({ ...validBrandJson, domains: ['login.caac.example'] }),
    });
    await watch(async () => builtRows('a-dok', 'caac'), builtFrom);
    await watcher?.settled();

    expect(served.at(-1)?.brands.map((brand) => brand.service)).toEqual(['a-dok', 'caac']);
  });

  test("builds nothing while brands/ holds what the served build was made from, editors' hidden files aside", async () => {
    const builds = await countBuilds();

    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    await afterChange(() => writeFile(path.join(brandsDir, 'a-dok', '.brand.json.swp'), 'x'));

    expect(builds()).toBe(0);
  });
});

describe('a brand folder deleted and copied back, as a brand manager did to brands/wdnews/', () => {
  /** wdnews's brand.json with this accent; its own domain, which no other brand may share. */
  const brandJson = (accentColor: string) =>
    JSON.stringify({ ...validBrandJson, domains: ['login.wdnews.example'], accentColor });

  const changedCopy = (accentColor: string) =>
    writeBrandFolder(copies, 'wdnews', { 'brand.json': brandJson(accentColor) });

  const writeAccent = (accentColor: string) =>
    writeFile(path.join(brandsDir, 'wdnews', 'brand.json'), brandJson(accentColor));

  let copies: string;
  beforeEach(async () => {
    copies = await makeTempDir('copies-');
    await writeBrandFolder(brandsDir, 'wdnews', { 'brand.json': brandJson('#0b5cad') });
  });
  afterEach(() => rm(copies, { recursive: true, force: true }));

  /** Waits for a rebuild that serves wdnews with this accent, or without wdnews (undefined). */
  async function servedAccent(expected: string | undefined): Promise<void> {
    await vi.waitFor(
      () => {
        const last = served.at(-1);
        expect(last, 'no rebuild yet').toBeDefined();
        expect(last?.brands.find((brand) => brand.service === 'wdnews')?.accentColor).toBe(expected);
      },
      { timeout: 10_000, interval: 10 },
    );
    await watcher?.settled();
  }

  test.each([
    [
      '`rm -rf` and `cp -r` at once',
      async (copy: string) => {
        // Both in one turn of the event loop, as a shell's `rm -rf … && cp -r …` is to this process.
        rmSync(path.join(brandsDir, 'wdnews'), { recursive: true, force: true });
        cpSync(copy, path.join(brandsDir, 'wdnews'), { recursive: true });
      },
    ],
    [
      'deleting it, a rebuild without it, and copying it back',
      async (copy: string) => {
        await rm(path.join(brandsDir, 'wdnews'), { recursive: true, force: true });
        await servedAccent(undefined);
        await cp(copy, path.join(brandsDir, 'wdnews'), { recursive: true });
      },
    ],
  ])('follows the folder through five rounds of %s, and every edit after', async (_, replace) => {
    await watch(async () => builtRows('a-dok', 'wdnews'));

    for (const round of [1, 2, 3, 4, 5]) {
      await replace(await changedCopy(`#0b5ca${round}`));
      await servedAccent(`#0b5ca${round}`);

      // fs.watch's recursive mode, and chokidar on inotify, lost the new folder: edits went unseen.
      await writeAccent(`#0b5cb${round}`);
      await servedAccent(`#0b5cb${round}`);
    }
  });
});
