import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { brandsPlugin, type BrandSource } from './brands-plugin.ts';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const appRoot = fileURLToPath(new URL('../../src', import.meta.url));
export const defaultBrandsDir = fileURLToPath(new URL('../../brands', import.meta.url));

/** The one Vite configuration of the shared app, used by vite.config.ts, the build and dev. */
export function createAppConfig(brands: BrandSource = { brandsDir: defaultBrandsDir }): UserConfig {
  return {
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
    },
  };
}
