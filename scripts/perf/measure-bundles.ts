import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildBrands } from '../lib/build-brands.ts';
import { createAppConfig } from '../vite/app-config.ts';
import { BUDGETS } from './budgets.ts';
import {
  cssOf,
  summarizeChunks,
  webFontsIn,
  isScriptOrStyle,
  lazyGroup,
  measureFiles,
  modulesOfPackage,
  pageReferences,
  sumSizes,
  withStaticImports,
  type ChunkSummary,
  type SizeGroup,
} from './bundle.ts';

const floorRoot = fileURLToPath(new URL('./floor', import.meta.url));

export interface FirstView {
  service: string;
  /** HTML, JS, CSS and the logo: everything view 0 needs but the config answer. */
  all: SizeGroup;
  /** The JS and CSS alone, which the budget limits. */
  scriptsAndStyles: SizeGroup;
  /** Modules of lazy-only packages found in first-view chunks: must stay empty. */
  forbidden: string[];
  /** `@font-face` rules and font preloads the first view carries: must stay empty. */
  webFonts: string[];
}

export interface BundleReport {
  /** Every brand's first view, largest JS+CSS first. */
  firstViews: FirstView[];
  /** A bare React 19 app, same Vite config: its HTML and JS+CSS. */
  floor: { all: SizeGroup; scriptsAndStyles: SizeGroup };
  /** What each lazy-only package's step downloads on top of the first view, by package name. */
  lazy: Record<string, SizeGroup>;
}

/** Builds every brand and the React floor into temporary folders and measures what loads when. */
export async function measureBundles(options: {
  brandsDir: string;
  cacheDir: string;
}): Promise<BundleReport> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-bench-'));
  try {
    // A release as shipped; the id only fills a-ident's meta tag, which no measured bundle holds.
    const result = await buildBrands({ ...options, outDir, paypal: { live: 'measurement-only' } });
    if (!result.ok) throw new Error(`the build failed:\n${result.message}`);
    const chunks = summarizeChunks(result.viteOutput);
    const firstViews = await Promise.all(
      result.rows.map(({ service }) => measureFirstView(path.join(outDir, service), service, chunks)),
    );
    firstViews.sort((a, b) => b.scriptsAndStyles.gzip - a.scriptsAndStyles.gzip);
    const [anyView] = firstViews;
    if (!anyView) throw new Error('the build emitted no brand');
    const anyDir = path.join(outDir, anyView.service);
    const loaded = anyView.all.files.map((file) => file.file);
    const lazy: Record<string, SizeGroup> = {};
    for (const { name, pattern } of BUDGETS.lazyOnlyPackages) {
      lazy[name] = await measureFiles(anyDir, lazyGroup(chunks, pattern, loaded));
    }
    return { firstViews, floor: await measureFloor(), lazy };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

async function measureFirstView(dir: string, service: string, chunks: ChunkSummary[]): Promise<FirstView> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const refs = pageReferences(html);
  const js = withStaticImports(chunks, [...refs.scripts, ...refs.modulePreloads]);
  const css = [...new Set([...refs.stylesheets, ...cssOf(chunks, js)])];
  const all = await measureFiles(dir, ['index.html', ...js, ...css, ...(refs.logo ? [refs.logo] : [])]);
  const forbidden = BUDGETS.lazyOnlyPackages.flatMap(({ pattern }) => modulesOfPackage(chunks, js, pattern));
  const styles = await Promise.all(css.map((file) => readFile(path.join(dir, file), 'utf8')));
  return {
    service,
    all,
    scriptsAndStyles: sumSizes(all.files.filter((f) => isScriptOrStyle(f.file))),
    forbidden,
    webFonts: webFontsIn(html, styles),
  };
}

async function measureFloor(): Promise<BundleReport['floor']> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-floor-'));
  try {
    const config = createAppConfig(undefined, 'release');
    const output = await build({
      ...config,
      root: floorRoot,
      configFile: false,
      logLevel: 'warn',
      build: { ...config.build, outDir, emptyOutDir: true },
    });
    const chunks = summarizeChunks(output);
    const refs = pageReferences(await readFile(path.join(outDir, 'index.html'), 'utf8'));
    const js = withStaticImports(chunks, [...refs.scripts, ...refs.modulePreloads]);
    const css = [...new Set([...refs.stylesheets, ...cssOf(chunks, js)])];
    const all = await measureFiles(outDir, ['index.html', ...js, ...css]);
    return { all, scriptsAndStyles: sumSizes(all.files.filter((f) => isScriptOrStyle(f.file))) };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
