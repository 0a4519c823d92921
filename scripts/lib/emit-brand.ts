import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bakeIndexHtml, brandStylesheet } from './bake-html.ts';
import type { BuildKind } from './csp.ts';
import { writeFavicons } from './favicons.ts';
import { linkTree } from './link-tree.ts';
import { precompressFiles } from './precompress.ts';
import type { Brand } from './load-brands.ts';

/** The shared app as Vite built it once, before any brand is baked in. */
export interface BuiltApp {
  dir: string;
  html: string;
  /** The hashed file Vite emitted for one of a brand's SVGs, relative to the page. */
  assetFile(brand: Brand, file: 'logo.svg' | 'logo-dark.svg'): string;
  /** The chunk holding a brand's runtime data (virtual:brand/<service>). */
  brandModuleFile(brand: Brand): string;
}

/** Writes dist/<service>/: the shared assets, the baked index.html, favicons and manifest. */
export async function emitBrand(
  brand: Brand,
  app: BuiltApp,
  outDir: string,
  cacheDir: string,
  build: BuildKind,
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

  const html = bakeIndexHtml(app.html, {
    ...brand,
    brandStylesheetHref: cssFile,
    logoHref: app.assetFile(brand, 'logo.svg'),
    logoDarkHref: brand.logoDark ? app.assetFile(brand, 'logo-dark.svg') : undefined,
    brandModuleHref: app.brandModuleFile(brand),
    icons: { svg: 'favicon.svg', ico: 'favicon.ico', appleTouch: 'apple-touch-icon.png' },
    manifestHref: 'manifest.webmanifest',
    withContentSecurityPolicy: true,
    build,
  });
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
  await Promise.all([
    writeFile(path.join(dir, cssFile), css),
    writeFile(path.join(dir, 'index.html'), html),
    writeFile(path.join(dir, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`),
  ]);
  // The shared assets came precompressed; these are the brand's own.
  await precompressFiles(
    ['index.html', 'manifest.webmanifest', 'favicon.svg', cssFile].map((f) => path.join(dir, f)),
  );
  return { dir, faviconsFromCache: fromCache };
}
