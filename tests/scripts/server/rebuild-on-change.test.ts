import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../../scripts/lib/build-brands.ts';
import type { DemoBrands } from '../../../scripts/server/demo-server.ts';
import { rebuildOnChange, type BrandWatcher } from '../../../scripts/server/rebuild-on-change.ts';
import { makeTempDir, validBrandJson, writeBrandFolder } from '../brand-fixtures.ts';

const DEBOUNCE_MS = 50;

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
let lines: string[];

beforeEach(async () => {
  brandsDir = await makeTempDir();
  await writeBrandFolder(brandsDir, 'a-dok');
  served = [];
  lines = [];
});
afterEach(async () => {
  watcher?.close();
  watcher = undefined;
  await rm(brandsDir, { recursive: true, force: true });
});

/** Waits until the watcher has seen the change and every rebuild it caused has finished. */
async function afterChange(change: () => Promise<unknown>): Promise<void> {
  await change();
  await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 3));
  await watcher?.settled();
}

function watch(build: () => Promise<BuildResult>): void {
  watcher = rebuildOnChange({
    brandsDir,
    build,
    serve: (brands) => served.push(brands),
    log: (line) => lines.push(line),
    debounceMs: DEBOUNCE_MS,
  });
}

describe('rebuilding the demo when brands/ changes', () => {
  test('serves a brand folder added after the start, and lists an invalid one', async () => {
    watch(async () => builtRows('a-dok', 'caac'));

    await afterChange(async () => {
      await writeBrandFolder(brandsDir, 'caac');
      await writeBrandFolder(brandsDir, 'broken', { 'logo.svg': undefined });
    });

    expect(served).toHaveLength(1);
    expect(served[0]?.brands.map((brand) => brand.service)).toEqual(['a-dok', 'caac']);
    expect(served[0]?.invalid.map((brand) => brand.service)).toEqual(['broken']);
    expect(lines[0]).toBe('brands/ changed: rebuilding the demo…');
    expect(lines[1]).toMatch(/^Rebuilt 2 brand\(s\) in \d+\.\d s; the gallery shows them now\.$/);
    expect(lines[2]).toContain('brands/broken/');
  });

  test('makes one rebuild of changes close together', async () => {
    let builds = 0;
    watch(async () => {
      builds += 1;
      return builtRows('a-dok');
    });

    await afterChange(async () => {
      for (const accentColor of ['#0b5cad', '#0b5cae', '#0b5caf']) {
        await writeFile(
          path.join(brandsDir, 'a-dok', 'brand.json'),
          JSON.stringify({ ...validBrandJson, accentColor }),
        );
      }
    });

    expect(builds).toBe(1);
  });

  test('never builds twice at once: a change during a build makes exactly one more', async () => {
    let running = 0;
    let most = 0;
    let builds = 0;
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    watch(async () => {
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

  test('keeps serving the previous build when the rebuild fails, and says so', async () => {
    watch(async () => ({ ok: false, message: 'Vite could not build' }));

    await afterChange(() => writeBrandFolder(brandsDir, 'caac'));

    expect(served).toEqual([]);
    expect(lines.at(-1)).toBe(
      'The rebuild failed; the server goes on with the previous build.\nVite could not build',
    );
  });

  test('serves only the folders the build wrote', async () => {
    // A folder that turned up after the build read brands/ waits for its own rebuild.
    watch(async () => builtRows('a-dok'));

    await afterChange(() => writeBrandFolder(brandsDir, 'caac'));

    expect(served.at(-1)?.brands.map((brand) => brand.service)).toEqual(['a-dok']);
  });

  test("ignores editors' hidden files", async () => {
    let builds = 0;
    watch(async () => {
      builds += 1;
      return builtRows('a-dok');
    });

    await afterChange(() => writeFile(path.join(brandsDir, 'a-dok', '.brand.json.swp'), 'x'));

    expect(builds).toBe(0);
  });
});
