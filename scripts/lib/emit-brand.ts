import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bakeIndexHtml, brandStylesheet, type BrandPage, type PayPalClientIds } from './bake-html.ts';
import { buildContentSecurityPolicy, type BuildKind } from './csp.ts';
import { escapeHtml } from './escape-html.ts';
import { writeFavicons } from './favicons.ts';
import { linkTree } from './link-tree.ts';
import { precompressFiles } from './precompress.ts';
import type { Brand } from './load-brands.ts';
import { LICENSES_FILE, readThirdPartyLicenses } from './third-party-licenses.ts';
import { prerenderFirstViews } from './prerender.ts';
import { runtimeBrand, type BrandAsset } from '../vite/brands-plugin.ts';

/** The shared app as Vite built it once, before any brand is baked in. */
export interface BuiltApp {
  dir: string;
  html: string;
  /** The hashed file Vite emitted for one of a brand's SVGs, relative to the page. */
  assetFile(brand: Brand, file: BrandAsset): string;
  /** The chunk holding a brand's runtime data (virtual:brand/<service>). */
  brandModuleFile(brand: Brand): string;
  /** The page's first script, which starts the config request (src/start-config.ts). */
  startConfigFile: string;
}

/**
 * Writes dist/<service>/: the shared assets, the baked index.html, favicons, manifest and the
 * bundled packages' licences.
 */
export async function emitBrand(
  brand: Brand,
  app: BuiltApp,
  outDir: string,
  cacheDir: string,
  build: BuildKind,
  paypal: PayPalClientIds = {},
): Promise<{ dir: string; faviconsFromCache: boolean }> {
  const dir = path.join(outDir, brand.service);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await linkTree(path.join(app.dir, 'assets'), path.join(dir, 'assets'));

  const background = brand.backgroundColor ?? '#ffffff';
  const { fromCache } = await writeFavicons({ svg: brand.icon ?? brand.logo, background }, dir, cacheDir);

  // Named by its content like Vite's assets, so a host may cache it as long as they.
  const css = brandStylesheet(brand);
  const cssFile = `assets/brand-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;

  const page: BrandPage = {
    ...brand,
    brandStylesheetHref: cssFile,
    logoHref: app.assetFile(brand, 'logo.svg'),
    logoDarkHref: brand.logoDark ? app.assetFile(brand, 'logo-dark.svg') : undefined,
    brandModuleHref: app.brandModuleFile(brand),
    startConfigHref: app.startConfigFile,
    icons: { svg: 'favicon.svg', ico: 'favicon.ico', appleTouch: 'apple-touch-icon.png' },
    manifestHref: 'manifest.webmanifest',
    withContentSecurityPolicy: true,
    build,
    paypal,
    firstViews: prerenderFirstViews(runtimeBrand(brand, (file) => app.assetFile(brand, file))),
  };
  const html = bakeIndexHtml(app.html, page);
  const manifest = {
    name: brand.title,
    short_name: brand.name,
    lang: 'de',
    start_url: `./?${new URLSearchParams({ service: brand.service })}`,
    scope: './',
    display: 'browser',
    theme_color: brand.themeColor,
    background_color: background,
    icons: [
      { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  const ownFiles = ['index.html', 'manifest.webmanifest', 'favicon.svg', cssFile, LICENSES_FILE];
  await Promise.all([
    writeFile(path.join(dir, cssFile), css),
    writeFile(path.join(dir, 'index.html'), html),
    writeFile(path.join(dir, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`),
    writeFile(path.join(dir, LICENSES_FILE), await readThirdPartyLicenses(app.dir)),
  ]);
  if (build === 'demo') {
    const template = await readFile(path.join(app.dir, PREVIEW_BUILT), 'utf8');
    await writeFile(path.join(dir, PREVIEW_FILE), bakePreviewHtml(template, page));
    ownFiles.push(PREVIEW_FILE);
  }
  // The shared assets came precompressed; these are the brand's own.
  await precompressFiles(ownFiles.map((f) => path.join(dir, f)));
  return { dir, faviconsFromCache: fromCache };
}

/** Where Vite writes the brand preview's page (src/preview/preview.html), in a demo build only. */
const PREVIEW_BUILT = path.join('preview', 'preview.html');
/** Where a brand folder has it: next to index.html, so its relative URLs resolve the same way. */
export const PREVIEW_FILE = 'preview.html';

/**
 * The brand preview's page (docs/demo.md), baked like index.html with the brand's head and
 * policy, except that it preloads nothing and starts no config request (it calls no backend, and
 * each of its frames shows one of the two logos) and that its policy lets it frame itself, which
 * the page of every view does.
 */
export function bakePreviewHtml(template: string, page: BrandPage): string {
  // Vite wrote the page one folder down; the brand folder has it beside index.html.
  const moved = template.replaceAll('"../assets/', '"./assets/');
  if (moved === template) throw new Error('preview.html names no ../assets/ file to move');
  const policy = buildContentSecurityPolicy(page.service, page.build);
  const framing = policy.replace(/(^|; )frame-src /, "$1frame-src 'self' ");
  const baked = bakeIndexHtml(moved, {
    ...page,
    manifestHref: undefined,
    startConfigHref: undefined,
    firstViews: undefined,
  })
    .replace(/\n\s*<link rel="preload"[^>]*>/g, '')
    .replace(`content="${escapeHtml(policy)}"`, () => `content="${escapeHtml(framing)}"`);
  if (!baked.includes(escapeHtml(framing)) || framing === policy)
    throw new Error("the preview's policy could not be widened to frame-src 'self'");
  return baked;
}
