import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../../scripts/lib/build-brands.ts';
import { PREVIEW_FILE } from '../../../scripts/lib/emit-brand.ts';
import {
  APP_INPUTS,
  compareWithStamp,
  readDemoInputs,
  reasonsToBuild,
  recordingBuild,
  type DemoInputs,
  type DemoStamp,
} from '../../../scripts/lib/demo-build.ts';
import { makeTempDir, validBrandJson, writeBrandFolder } from '../brand-fixtures.ts';

const NOW: DemoInputs = { app: 'app-1', brands: { 'a-dok': 'a-1', caac: 'c-1' } };
const STAMP: DemoStamp = {
  app: 'app-1',
  brands: { 'a-dok': { inputs: 'a-1', pageMtimeMs: 1000 }, caac: { inputs: 'c-1', pageMtimeMs: 2000 } },
};
const PAGES = { 'a-dok': 1000, caac: 2000 };
const SERVICES = ['a-dok', 'caac'];

describe('whether npm start builds the demo before it serves', () => {
  test.each<[string, DemoInputs, DemoStamp | undefined, Record<string, number | undefined>, string[]]>([
    ['nothing changed since npm start built it', NOW, STAMP, PAGES, []],
    [
      'a brand folder changed while npm start was stopped',
      { ...NOW, brands: { ...NOW.brands, 'a-dok': 'a-2' } },
      STAMP,
      PAGES,
      ['a-dok: changed since the last demo build'],
    ],
    [
      'a brand that was invalid at the last build has an older folder',
      NOW,
      { ...STAMP, brands: { caac: { inputs: 'c-1', pageMtimeMs: 2000 } } },
      PAGES,
      ['a-dok: changed since the last demo build'],
    ],
    [
      'a brand has no folder, or no preview, yet',
      NOW,
      STAMP,
      { ...PAGES, caac: undefined },
      ['caac: no dist-demo/ folder or preview yet'],
    ],
    [
      'another build (npm run build -- --demo) wrote a folder since',
      NOW,
      STAMP,
      { ...PAGES, caac: 2500 },
      ['caac: built by another command since'],
    ],
    [
      'the app changed',
      { ...NOW, app: 'app-2' },
      STAMP,
      PAGES,
      [`the app (${APP_INPUTS.join(', ')}) changed`],
    ],
    [
      'dist-demo/ has no record (built before npm start kept one, or by hand)',
      NOW,
      undefined,
      PAGES,
      ['no record of what dist-demo/ was built from'],
    ],
    [
      'there is no dist-demo/ at all',
      NOW,
      undefined,
      { 'a-dok': undefined, caac: undefined },
      ['a-dok, caac: no dist-demo/ folder or preview yet'],
    ],
  ])('%s', (_, now, stamp, pages, reasons) => {
    expect(compareWithStamp(SERVICES, now, stamp, pages)).toEqual(reasons);
  });
});

describe('the record of what the demo was built from', () => {
  let root: string;
  let brandsDir: string;
  let distDir: string;

  beforeEach(async () => {
    root = await makeTempDir('inputs-');
    brandsDir = path.join(root, 'brands');
    distDir = path.join(root, 'dist-demo');
    await writeBrandFolder(brandsDir, 'a-dok', { 'brand.json': brandJson('#0b5cad') });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  function brandJson(accentColor: string): string {
    return JSON.stringify({ ...validBrandJson, accentColor });
  }

  /** Writes a page and a preview for each brand, as buildBrands does; `during` runs meanwhile. */
  function fakeBuild(during: () => Promise<unknown> = async () => {}): () => Promise<BuildResult> {
    return async () => {
      await during();
      await mkdir(path.join(distDir, 'a-dok'), { recursive: true });
      for (const file of ['index.html', PREVIEW_FILE])
        await writeFile(path.join(distDir, 'a-dok', file), `<html data-brand="a-dok"></html>`);
      return {
        ok: true,
        rows: [{ service: 'a-dok', files: 2, gzipBytes: 1 }],
        refreshed: [],
        invalid: [],
        warnings: [],
        faviconsFromCache: 0,
        viteOutput: [],
      };
    };
  }

  const reasons = async () => (await reasonsToBuild({ brandsDir, distDir, services: ['a-dok'] })).reasons;

  test('holds what npm start built, until a brand file changes', async () => {
    expect(await reasons()).toEqual(['a-dok: no dist-demo/ folder or preview yet']);
    await recordingBuild({ brandsDir, distDir, build: fakeBuild() })();
    expect(await reasons()).toEqual([]);

    await writeFile(path.join(brandsDir, 'a-dok', 'brand.json'), brandJson('#0b5cae'));

    expect(await reasons()).toEqual(['a-dok: changed since the last demo build']);
  });

  test("takes no editor's hidden file for a change", async () => {
    await recordingBuild({ brandsDir, distDir, build: fakeBuild() })();

    await writeFile(path.join(brandsDir, 'a-dok', '.brand.json.swp'), 'x');

    expect(await reasons()).toEqual([]);
  });

  test('records the brand folder as it was when the build began', async () => {
    const build = fakeBuild(() =>
      writeFile(path.join(brandsDir, 'a-dok', 'brand.json'), brandJson('#0b5cae')),
    );

    await recordingBuild({ brandsDir, distDir, build })();

    expect(await reasons()).toEqual(['a-dok: changed since the last demo build']);
  });

  test('knows a folder another build wrote since', async () => {
    await recordingBuild({ brandsDir, distDir, build: fakeBuild() })();

    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(distDir, 'a-dok', 'index.html'), later, later);

    expect(await reasons()).toEqual(['a-dok: built by another command since']);
  });

  test('records nothing of a build that failed', async () => {
    await recordingBuild({ brandsDir, distDir, build: fakeBuild() })();
    await writeFile(path.join(brandsDir, 'a-dok', 'brand.json'), brandJson('#0b5cae'));

    await recordingBuild({
      brandsDir,
      distDir,
      build: async () => ({ ok: false, message: 'Vite could not build' }),
    })();

    expect(await reasons()).toEqual(['a-dok: changed since the last demo build']);
  });

  test("reads the app's sources and packages as one input", async () => {
    await mkdir(path.join(root, 'src'), { recursive: true });
    await writeFile(path.join(root, 'src', 'main.tsx'), 'export {};\n');
    await writeFile(path.join(root, 'package-lock.json'), '{}\n');
    const before = await readDemoInputs(brandsDir, root);

    await writeFile(path.join(root, 'src', 'main.tsx'), 'export const changed = true;\n');
    const after = await readDemoInputs(brandsDir, root);

    expect(after.app).not.toBe(before.app);
    expect(after.brands).toEqual(before.brands);
  });
});
