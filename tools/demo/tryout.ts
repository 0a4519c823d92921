import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildBrands } from '../../scripts/lib/build-brands.ts';
import { PREVIEW_FILE } from '../../scripts/lib/emit-brand.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { releasedBrands } from '../../scripts/lib/released-brands.ts';
import type { TryoutUpload } from './tryout-upload.ts';
import { groupByFile, type TryoutVerdict } from './tryout-verdict.ts';

/** Where the gallery posts a folder, and below which the built try is served (`/<id>/…`). */
export const TRYOUT_PATH = '/dev/tryout';

export interface Tryouts {
  /** Tries a folder, after the try that runs; its result replaces the try before, whatever it is. */
  run(upload: TryoutUpload): Promise<TryoutVerdict>;
  /** The built brand folder of the current try, when `id` names it. */
  builtFolder(id: string): { service: string; dir: string } | undefined;
  /** Removes what the tries left; a try that runs removes its own when it ends. */
  close(): Promise<void>;
}

interface Try {
  id: string;
  /** The try's temporary folder: the copy of brands/ and the build. */
  root: string;
  service: string;
  dir: string;
}

/**
 * Tries a brand folder before it is written to brands/: a copy of brands/ with the folder in it,
 * in a temporary folder of its own, checked by the same loadBrands and built by the same
 * one-brand buildBrands as `npm run build -- --demo --brand <service>`. brands/ is only read.
 * Tries run one at a time, since each builds the whole app with Vite; the latest one is served.
 */
export function createTryouts({ brandsDir, cacheDir }: { brandsDir: string; cacheDir: string }): Tryouts {
  let current: Try | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Checks and builds the folder in `root`; answers the verdict, and the try when it builds. */
  async function checkAndBuild(upload: TryoutUpload, root: string): Promise<[TryoutVerdict, Try?]> {
    const started = performance.now();
    const seconds = () => Math.round((performance.now() - started) / 100) / 10;
    const brands = path.join(root, 'brands');
    await cp(brandsDir, brands, { recursive: true });
    const folder = path.join(brands, upload.name);
    const replaces = (await stat(folder).catch(() => undefined)) !== undefined;
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder);
    await Promise.all(upload.files.map((file) => writeFile(path.join(folder, file.name), file.bytes)));
    const base = { name: upload.name, replaces };
    const sent = upload.files.map((file) => file.name);

    // The folders committed in the checkout keep their domains, as in brands/ (released-brands.ts).
    const released = await releasedBrands(brandsDir);
    const loaded = await loadBrands(brands, { released });
    const refused = loaded.invalid.find((brand) => brand.service === upload.name);
    if (refused) {
      return [
        { ...base, outcome: 'refused', seconds: seconds(), problems: groupByFile(refused.problems, sent) },
      ];
    }
    const brand = loaded.brands.find((candidate) => candidate.service === upload.name);
    if (!brand) throw new Error(`loadBrands skipped the folder ${upload.name}`);
    const outDir = path.join(root, 'out');
    const built = await buildBrands({
      brandsDir: brands,
      outDir,
      cacheDir,
      only: brand.service,
      build: 'demo',
      released,
    });
    if (!built.ok) return [{ ...base, outcome: 'failed', seconds: seconds(), message: built.message }];

    const id = randomBytes(6).toString('hex');
    const previewUrl = new URL(`${TRYOUT_PATH}/${id}/${PREVIEW_FILE}`, 'http://localhost');
    previewUrl.searchParams.set('service', brand.service);
    const verdict: TryoutVerdict = {
      ...base,
      outcome: 'builds',
      seconds: seconds(),
      warnings: groupByFile(brand.warnings, sent),
      previewUrl: `${previewUrl.pathname}${previewUrl.search}`,
    };
    return [verdict, { id, root, service: brand.service, dir: path.join(outDir, brand.service) }];
  }

  async function tryFolder(upload: TryoutUpload): Promise<TryoutVerdict> {
    const root = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-tryout-'));
    const remove = (dir: string) => rm(dir, { recursive: true, force: true });
    const [verdict, built] = await checkAndBuild(upload, root).catch(async (error: unknown) => {
      await remove(root);
      throw error;
    });
    const replaced = current;
    current = closed ? undefined : built;
    await Promise.all(
      [replaced?.root, current ? undefined : root].flatMap((dir) => (dir ? [remove(dir)] : [])),
    );
    return verdict;
  }

  return {
    run(upload) {
      const result = queue.then(() => tryFolder(upload));
      queue = result.catch(() => undefined);
      return result;
    },
    builtFolder: (id) => (current?.id === id ? { service: current.service, dir: current.dir } : undefined),
    async close() {
      closed = true;
      const last = current;
      current = undefined;
      if (last) await rm(last.root, { recursive: true, force: true });
    },
  };
}
