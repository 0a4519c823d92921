import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { buildBrands, type BuildResult } from './build-brands.ts';
import { PREVIEW_FILE } from './emit-brand.ts';
import { faviconCacheDir, projectRoot } from '../vite/app-config.ts';

/**
 * What the demo build is made of besides brands/: the shared app, the build code and the
 * packages. A change in them rebuilds the demo when `npm start` starts; while it runs, only
 * brands/ is followed (docs/demo.md).
 */
export const APP_INPUTS = ['package.json', 'package-lock.json', 'src', 'scripts/lib', 'scripts/vite'];

/** Beside the brand folders of dist-demo/, where no URL of the demo server reaches. */
export const STAMP_FILE = 'built-from.json';

/** What the demo build was made from: written by `npm start` after each build that succeeds. */
const stampSchema = z.object({
  app: z.string(),
  brands: z.record(
    z.string(),
    // The page's time ties the entry to the folder it describes: another build rewrites it.
    z.object({ inputs: z.string(), pageMtimeMs: z.number() }),
  ),
});
export type DemoStamp = z.infer<typeof stampSchema>;

export interface DemoInputs {
  app: string;
  /** A hash of each folder of brands/, valid or not. */
  brands: Record<string, string>;
}

export async function readDemoInputs(brandsDir: string, root = projectRoot): Promise<DemoInputs> {
  const [app, brands] = await Promise.all([hashFiles(root, APP_INPUTS), hashBrandFolders(brandsDir)]);
  return { app, brands };
}

/** One hash of all of brands/, which rebuild-on-change.ts compares. */
export async function fingerprintBrands(brandsDir: string): Promise<string> {
  return fingerprint(await hashBrandFolders(brandsDir));
}

/** The fingerprint of brand folders' hashes read before (readDemoInputs). */
export function fingerprint(brands: DemoInputs['brands']): string {
  return createHash('sha256').update(JSON.stringify(brands)).digest('hex');
}

async function hashBrandFolders(brandsDir: string): Promise<Record<string, string>> {
  const folders = (await readdir(brandsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const hashes = await Promise.all(folders.map((folder) => hashFiles(path.join(brandsDir, folder), ['.'])));
  return Object.fromEntries(folders.map((folder, index) => [folder, hashes[index] ?? '']));
}

/** Every file of the inputs below root, by its path from root and its content. */
async function hashFiles(root: string, inputs: string[]): Promise<string> {
  const files = (await Promise.all(inputs.map((input) => listFiles(root, input)))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // A file deleted meanwhile is simply not there.
    const content = await readFile(path.join(root, file)).catch(() => undefined);
    if (content) hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** Hidden files are no input: loadBrands and the watcher skip them, editors leave them. */
async function listFiles(root: string, input: string): Promise<string[]> {
  const full = path.join(root, input);
  const info = await stat(full).catch(() => undefined);
  if (info?.isFile()) return [input];
  if (!info?.isDirectory()) return [];
  const entries = await readdir(full, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.')));
}

/**
 * The demo build of `npm start` into distDir: every valid brand, whatever else is broken (an
 * invalid folder only shows on the gallery), with the record of what it was made from.
 */
export function buildDemo({ brandsDir, distDir }: { brandsDir: string; distDir: string }) {
  return recordingBuild({
    brandsDir,
    distDir,
    build: () =>
      buildBrands({
        brandsDir,
        outDir: distDir,
        cacheDir: faviconCacheDir,
        build: 'demo',
        skipInvalid: true,
      }),
  });
}

/**
 * A demo build that records what it was made from. The inputs are read before the build, so
 * a change during it differs from the record and is built at the next start.
 */
export function recordingBuild({
  brandsDir,
  distDir,
  build,
}: {
  brandsDir: string;
  distDir: string;
  build: () => Promise<BuildResult>;
}): () => Promise<BuildResult> {
  return async () => {
    const inputs = await readDemoInputs(brandsDir);
    const result = await build();
    if (result.ok) {
      const services = result.rows.map((row) => row.service);
      const pages = await readBuiltPages(distDir, services);
      const brands = Object.fromEntries(
        services.flatMap((service) => {
          const pageMtimeMs = pages[service];
          const brandInputs = inputs.brands[service];
          return pageMtimeMs === undefined || brandInputs === undefined
            ? []
            : [[service, { inputs: brandInputs, pageMtimeMs }]];
        }),
      );
      const stamp: DemoStamp = { app: inputs.app, brands };
      await writeFile(path.join(distDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    }
    return result;
  };
}

/** Why the demo must be built before it is served; none when dist-demo/ holds the current state. */
export async function reasonsToBuild({
  brandsDir,
  distDir,
  services,
}: {
  brandsDir: string;
  distDir: string;
  services: string[];
}): Promise<{ reasons: string[]; inputs: DemoInputs }> {
  const [inputs, stamp, pages] = await Promise.all([
    readDemoInputs(brandsDir),
    readStamp(distDir),
    readBuiltPages(distDir, services),
  ]);
  return { reasons: compareWithStamp(services, inputs, stamp, pages), inputs };
}

/**
 * The decision of reasonsToBuild: every valid brand needs its folder with the preview, built by
 * `npm start` (the page's time as recorded) from the brand folder and the app as they are now.
 */
export function compareWithStamp(
  services: string[],
  now: DemoInputs,
  stamp: DemoStamp | undefined,
  /** The time of each brand's built page; undefined where the page or the preview is missing. */
  pages: Record<string, number | undefined>,
): string[] {
  const unbuilt = services.filter((service) => pages[service] === undefined);
  const built = services.filter((service) => pages[service] !== undefined);
  const line = (list: string[], why: string) => (list.length > 0 ? [`${list.join(', ')}: ${why}`] : []);
  if (!stamp) {
    const unrecorded = built.length > 0 ? ['no record of what dist-demo/ was built from'] : [];
    return [...line(unbuilt, 'no dist-demo/ folder or preview yet'), ...unrecorded];
  }
  const changed = built.filter((service) => stamp.brands[service]?.inputs !== now.brands[service]);
  const rewritten = built.filter(
    (service) => !changed.includes(service) && stamp.brands[service]?.pageMtimeMs !== pages[service],
  );
  return [
    ...(stamp.app === now.app ? [] : [`the app (${APP_INPUTS.join(', ')}) changed`]),
    ...line(unbuilt, 'no dist-demo/ folder or preview yet'),
    ...line(changed, 'changed since the last demo build'),
    ...line(rewritten, 'built by another command since'),
  ];
}

async function readStamp(distDir: string): Promise<DemoStamp | undefined> {
  const text = await readFile(path.join(distDir, STAMP_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return stampSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

async function readBuiltPages(
  distDir: string,
  services: string[],
): Promise<Record<string, number | undefined>> {
  const times = await Promise.all(
    services.map(async (service) => {
      const [page, preview] = await Promise.all(
        ['index.html', PREVIEW_FILE].map((file) =>
          stat(path.join(distDir, service, file)).catch(() => undefined),
        ),
      );
      return page && preview ? page.mtimeMs : undefined;
    }),
  );
  return Object.fromEntries(services.map((service, index) => [service, times[index]]));
}
