import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import type { BuildKind } from '../lib/csp.ts';
import { brandsPlugin, type BrandSource } from './brands-plugin.ts';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const appRoot = fileURLToPath(new URL('../../src', import.meta.url));
/** The brand preview's page, which only a demo build has; Vite writes it to preview/preview.html. */
const previewHtml = path.join(appRoot, 'preview', 'preview.html');
export const defaultBrandsDir = fileURLToPath(new URL('../../brands', import.meta.url));

/**
 * The one Vite configuration of the shared app, used by vite.config.ts, the build and dev. Only a
 * release leaves the development switches out (__DEMO_BUILD__, src/vite-env.d.ts) and the brand
 * preview (src/preview/, a second page of the same bundle; emit-brand.ts bakes it).
 */
export function createAppConfig(
  brands: BrandSource = { brandsDir: defaultBrandsDir },
  build: BuildKind = 'demo',
): UserConfig {
  return {
    define: { __DEMO_BUILD__: JSON.stringify(build === 'demo') },
    root: appRoot,
    // Relative URLs, so each dist/<service>/ works at whatever path it is deployed.
    base: './',
    plugins: [react(), brandsPlugin(brands)],
    build: {
      target: 'es2022',
      manifest: true,
      // Logos stay files, so a page fetches only the logo of the brand it shows.
      assetsInlineLimit: 0,
      // Every browser that meets the target supports modulepreload natively.
      modulePreload: { polyfill: false },
      ...(build === 'demo' && {
        rolldownOptions: {
          input: { index: path.join(appRoot, 'index.html'), preview: previewHtml },
        },
      }),
    },
  };
}
