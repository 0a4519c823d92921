import type { Dirent } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { z } from 'zod';
import { createAppConfig, START_CONFIG_CHUNK } from '../vite/app-config.ts';
import { brandMarker } from './bake-html.ts';
import type { BuildKind } from './csp.ts';
import { takesPayments } from '../../src/lib/services.ts';
import type { PayPalClientIds } from './bake-html.ts';
import { PAYPAL_ENV } from './deploy-settings.ts';
import { emitBrand, type BuiltApp } from './emit-brand.ts';
import { loadBrands, type Brand, type InvalidBrand } from './load-brands.ts';
import { setServedModes } from './file-modes.ts';
import { isPrecompressedTwin, precompressTree } from './precompress.ts';
import { formatInvalidBrands, type BrandReportRow } from './report.ts';

export interface BuildOptions {
  brandsDir: string;
  outDir: string;
  cacheDir: string;
  /**
   * Build this brand. Other folders' problems do not stop it; the other brand folders already in
   * outDir are refreshed with the new shared app, since it carries every brand's data.
   */
  only?: string;
  /** Build every valid brand and report the invalid ones instead of failing (the demo server). */
  skipInvalid?: boolean;
  /** A release by default; a demo build keeps the development switches (docs/deploy.md). */
  build?: BuildKind;
  /**
   * PayPal's client ids, baked into the pages of brands that take payments only. A release
   * refuses to build such a brand without a live id.
   */
  paypal?: PayPalClientIds;
  /** The brands of the last release, which keep a contested domain (default: load-brands.ts's). */
  released?: ReadonlySet<string>;
  /**
   * Files of the previous release beside the brand folders (release.json, the host configs). They
   * go with the earlier brand folders, once the build starts writing, so that a build that fails
   * after that never leaves new folders beside old configs.
   */
  releaseFiles?: readonly string[];
}

export type BuildResult =
  | {
      ok: true;
      /** The brands built, or with --brand the one asked for; refreshed folders are not rows. */
      rows: BrandReportRow[];
      /** Folders of other brands this build rewrote with its shared app (one-brand builds). */
      refreshed: string[];
      /** Folders that could not be built; the build went on without them. */
      invalid: InvalidBrand[];
      /** Warnings of the brands built, e.g. a favicon cut from the logo. */
      warnings: BrandWarnings[];
      faviconsFromCache: number;
      /** Vite's output for the shared app, which the performance measurements read (scripts/perf/). */
      viteOutput: ViteOutput;
    }
  | { ok: false; message: string };

export interface BrandWarnings {
  service: string;
  warnings: string[];
}

export type ViteOutput = Awaited<ReturnType<typeof build>>;

const viteManifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), name: z.string().optional(), imports: z.array(z.string()).optional() }),
);

/**
 * Builds the shared app once with Vite, then emits one deployable folder per brand. A release
 * (no `only`, no `skipInvalid`) must be whole, so any invalid folder fails it; a one-brand build
 * and the demo server build what they can and report the rest (docs/decisions/010).
 */
export async function buildBrands({
  brandsDir,
  outDir,
  cacheDir,
  only,
  skipInvalid = false,
  build = 'release',
  paypal = {},
  releaseFiles = [],
  released,
}: BuildOptions): Promise<BuildResult> {
  const { brands, invalid } = await loadBrands(brandsDir, { released });
  const onlyInvalid = invalid.find((brand) => brand.service === only);
  if (onlyInvalid) return { ok: false, message: formatInvalidBrands([onlyInvalid]) };
  if (invalid.length > 0 && only === undefined && !skipInvalid) {
    return { ok: false, message: formatInvalidBrands(invalid) };
  }
  const selected = only === undefined ? brands : brands.filter((brand) => brand.service === only);
  if (only !== undefined && selected.length === 0) {
    return {
      ok: false,
      message: `unknown brand "${only}"; the brands are: ${[...brands, ...invalid]
        .map((b) => b.service)
        .sort()
        .join(', ')}`,
    };
  }

  // A release bakes PayPal's live id into the pages of paying brands. A one-brand build needs it
  // only for its own brand: a paying brand it would refresh is left out, its folder removed.
  const withoutLiveId = (brand: Brand) => build === 'release' && !paypal.live && takesPayments(brand.service);
  const blocking = only === undefined ? brands.filter(withoutLiveId) : selected.filter(withoutLiveId);
  if (blocking.length > 0) {
    const paying = blocking.map((brand) => brand.service);
    return {
      ok: false,
      message: `${paying.join(', ')} ${paying.length > 1 ? 'take' : 'takes'} payments, but the release has no PayPal live client id: set paypal.clientIdLive in deploy.config.json or ${PAYPAL_ENV.live} (its first paying visitor would see "Die Zahlung konnte nicht geladen werden").`,
    };
  }

  // Staged inside outDir, so that the brand folders can hard-link the shared assets.
  await mkdir(outDir, { recursive: true });
  const stagingDir = await mkdtemp(path.join(outDir, '.staging-'));
  try {
    const app = await buildApp(brands, stagingDir, build);
    // Every earlier brand folder goes: the ones this build does not write would keep the old
    // shared app, with old data of the brand just built.
    const earlier = await removeBrandFolders(outDir);
    await Promise.all(releaseFiles.map((file) => rm(path.join(outDir, file), { force: true })));
    const earlierOthers =
      only === undefined ? [] : brands.filter((b) => b.service !== only && earlier.includes(b.service));
    const refreshed = earlierOthers.filter((brand) => !withoutLiveId(brand));
    const dropped: BrandWarnings[] = earlierOthers.filter(withoutLiveId).map(({ service }) => ({
      service,
      warnings: [
        `not refreshed, and its earlier folder removed from ${path.basename(outDir)}/: it takes payments and this build has no PayPal live client id (${PAYPAL_ENV.live} or paypal.clientIdLive in deploy.config.json); a build of ${service} or of all brands needs one`,
      ],
    }));
    const emitted = await Promise.all(
      [...selected, ...refreshed].map((brand) => emitBrand(brand, app, outDir, cacheDir, build, paypal)),
    );
    // Whatever the umask: release-check refuses a file its group or everyone may write.
    await Promise.all(emitted.map(({ dir }) => setServedModes(dir)));
    const rows = await Promise.all(
      emitted
        .slice(0, selected.length)
        .map(async ({ dir }) => ({ service: path.basename(dir), ...(await measureFolder(dir)) })),
    );
    return {
      ok: true,
      rows,
      refreshed: refreshed.map((brand) => brand.service),
      invalid,
      warnings: [
        ...selected
          .filter((b) => b.warnings.length > 0)
          .map(({ service, warnings }) => ({ service, warnings })),
        ...dropped,
      ],
      faviconsFromCache: emitted.slice(0, selected.length).filter((e) => e.faviconsFromCache).length,
      viteOutput: app.viteOutput,
    };
  } finally {
    await rm(stagingDir, { recursive: true, force: true });
  }
}

async function buildApp(
  brands: Brand[],
  outDir: string,
  kind: BuildKind,
): Promise<BuiltApp & { viteOutput: ViteOutput }> {
  const config = createAppConfig({ brands }, kind);
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'warn',
    build: { ...config.build, outDir, emptyOutDir: true },
  });
  const manifest = viteManifestSchema.parse(
    JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')),
  );
  // Once for the shared files, which every brand folder then links, twins included.
  await precompressTree(path.join(outDir, 'assets'));
  const appRoot = config.root ?? '.';
  return {
    viteOutput: output,
    dir: outDir,
    html: await readFile(path.join(outDir, 'index.html'), 'utf8'),
    assetFile(brand, file) {
      const key = path.relative(appRoot, path.join(brand.dir, file)).split(path.sep).join('/');
      const entry = manifest[key];
      if (!entry) throw new Error(`Vite emitted no asset for ${key}`);
      return entry.file;
    },
    startConfigFile: startConfigFile(manifest),
    brandModuleFile(brand) {
      const entry = Object.entries(manifest).find(([key]) => key.endsWith(`virtual:brand/${brand.service}`));
      if (!entry) throw new Error(`Vite emitted no module for brand ${brand.service}`);
      return entry[1].file;
    },
  };
}

/** The chunk of the page's first script: the one chunk of that name, which imports nothing. */
function startConfigFile(
  manifest: Record<string, { file: string; name?: string; imports?: string[] }>,
): string {
  const chunks = Object.values(manifest).filter((entry) => entry.name === START_CONFIG_CHUNK);
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk)
    throw new Error(`Vite emitted ${chunks.length} ${START_CONFIG_CHUNK} chunks`);
  if (chunk.imports?.length)
    throw new Error(`${chunk.file} imports ${chunk.imports.join(', ')}: it must start alone`);
  return chunk.file;
}

/**
 * Clears what an earlier build emitted, including brands deleted since or now invalid, but
 * nothing else, and names the folders it removed: an
 * --out-dir pointed at the wrong folder must not cost its contents. A folder is ours when its
 * index.html carries the brand marker bakeIndexHtml writes for that very folder name.
 */
async function removeBrandFolders(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { withFileTypes: true }).catch((): Dirent[] => []);
  const removed = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => {
        const dir = path.join(outDir, entry.name);
        const html = await readFile(path.join(dir, 'index.html'), 'utf8').catch(() => '');
        if (!html.includes(brandMarker(entry.name))) return [];
        await rm(dir, { recursive: true, force: true });
        return [entry.name];
      }),
  );
  return removed.flat();
}

/** Files and their gzip size; a precompressed twin is another encoding of a file, not a file. */
async function measureFolder(dir: string): Promise<{ files: number; gzipBytes: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && !isPrecompressedTwin(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = await Promise.all(files.map(async (file) => gzipSync(await readFile(file)).length));
  return { files: files.length, gzipBytes: sizes.reduce((sum, size) => sum + size, 0) };
}
