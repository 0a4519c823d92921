import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { getAllVersions } from 'baseline-browser-mapping';
import browserslist from 'browserslist';
import type { UserConfig } from 'vite';
import type { BuildKind } from '../lib/csp.ts';
import { VITE_LICENSES_JSON } from '../lib/third-party-licenses.ts';
import { oldestOfEach } from '../lib/versions.ts';
import { brandsPlugin, type BrandSource } from './brands-plugin.ts';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const appRoot = fileURLToPath(new URL('../../src', import.meta.url));
/** Where the build keeps the favicons it drew, by the drawing's content (scripts/lib/favicons.ts). */
export const faviconCacheDir = path.join(projectRoot, 'node_modules', '.cache', 'login-gateway', 'favicons');
/** The brand preview's page, which only a demo build has; Vite writes it to preview/preview.html. */
const previewHtml = path.join(appRoot, 'preview', 'preview.html');
/**
 * brands/, or the folder BRANDS_DIR names: every command and test reads its brands from here, so
 * the suite can check another set of brands (tests/scripts/brand-set.test.ts adds and removes one).
 */
export const defaultBrandsDir = process.env.BRANDS_DIR
  ? path.resolve(process.env.BRANDS_DIR)
  : fileURLToPath(new URL('../../brands', import.meta.url));

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
    experimental: {
      // The brands' images a script names (their logos and icons, brands-plugin.ts) are named
      // relative to the page, as in the markup the build pre-renders (scripts/lib/prerender.ts),
      // where Vite would compute an absolute URL at runtime that the markup cannot know. Every
      // page of a brand folder (index.html, preview.html) is at its top, where "assets/" is.
      // Chunks and stylesheets keep Vite's URLs, relative to the script that loads them.
      renderBuiltUrl: (filename, { hostType, type }) =>
        hostType === 'js' && type === 'asset' && filename.endsWith('.svg')
          ? { runtime: JSON.stringify(filename) }
          : undefined,
    },
    build: {
      // Lowers the JS syntax (Oxc) and the CSS (Lightning CSS, cssTarget follows target) to the
      // browser range; neither adds polyfills, which is why lint checks the APIs against it too.
      target: browserTargets(),
      manifest: true,
      // The bundled packages and their licence texts, which emit-brand.ts ships in every brand folder.
      license: { fileName: VITE_LICENSES_JSON },
      // Logos stay files, so a page fetches only the logo of the brand it shows.
      assetsInlineLimit: 0,
      // Every browser that meets the target supports modulepreload natively.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        ...(build === 'demo' && { input: { index: path.join(appRoot, 'index.html'), preview: previewHtml } }),
        output: {
          // The page's first script, a chunk of its own with no imports, which bake-html.ts loads
          // async in <head> and the app's entry imports: it starts the config request.
          codeSplitting: {
            groups: [
              {
                debugName: START_CONFIG_CHUNK,
                name: (moduleId: string) => (START_CONFIG_MODULES.test(moduleId) ? START_CONFIG_CHUNK : null),
              },
            ],
          },
        },
      },
    },
  };
}

/** The chunk of the page's first script and the modules in it; build-brands.ts finds it by name. */
export const START_CONFIG_CHUNK = 'start-config';
const START_CONFIG_MODULES =
  /[\\/]src[\\/](start-config|lib[\\/](config-request|page-api-url|query-rules|read-text|redirect-hosts|safe-url|services)|app[\\/](first-view|frame-guard|progress-keys|start-rule)|types[\\/]login-method)\.ts$/;

/** Vite's name for each browserslist family; Samsung Internet goes by its Chromium instead. */
const TARGET_NAMES: Readonly<Record<string, string>> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  android: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
};

/**
 * `build.target` for the browsers package.json's `browserslist` names (by default): the oldest
 * version of each, as Oxc and Lightning CSS spell it (`chrome132`, `ios18.2`). Chrome and Firefox
 * for Android and Android's WebView count as their desktop twins, Samsung Internet as the
 * Chromium it is built on. A browser without such a name fails the build instead of being
 * dropped, as browserslist-to-esbuild drops Samsung Internet.
 */
export function browserTargets(
  browsers: readonly string[] = browserslist(undefined, { path: projectRoot }),
): string[] {
  return [...oldestOfEach(browsers.map(targetOf))].map(([name, version]) => `${name}${version}`).sort();
}

function targetOf(entry: string): [name: string, version: string] {
  const [family = '', versions = ''] = entry.split(' ');
  // A joined range such as `ios_saf 18.5-18.7` starts at its first version.
  const version = versions.split('-')[0] ?? '';
  const [name, targetVersion] =
    family === 'samsung'
      ? ['chrome', samsungInternetChromium().get(Number(version))]
      : [TARGET_NAMES[family], version];
  if (name === undefined || targetVersion === undefined || !/^\d+(?:\.\d+)?$/.test(targetVersion)) {
    throw new Error(
      `No build target for "${entry}": no Vite name for it here (Samsung Internet: update baseline-browser-mapping).`,
    );
  }
  return [name, targetVersion];
}

let samsungInternetVersions: Map<number, string> | undefined;

/** Samsung Internet's version → the Chromium version it is built on, from Baseline's data. */
function samsungInternetChromium(): Map<number, string> {
  if (samsungInternetVersions === undefined) {
    const all = getAllVersions({ includeDownstreamBrowsers: true, suppressWarnings: true });
    samsungInternetVersions = new Map(
      (Array.isArray(all) ? all : []).flatMap(({ browser, version, engine_version }) =>
        browser === 'samsunginternet_android' && engine_version !== undefined
          ? [[Number(version), engine_version] as const]
          : [],
      ),
    );
  }
  return samsungInternetVersions;
}
