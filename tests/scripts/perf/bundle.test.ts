import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  cssOf,
  lazyGroup,
  measureFiles,
  modulesOfPackage,
  pageReferences,
  sumSizes,
  webFontsIn,
  withStaticImports,
  type ChunkSummary,
} from '../../../scripts/perf/bundle.ts';

/** The head of a baked brand page, shaped as `dist/a-dok/index.html` is. */
const bakedPage = `<!doctype html>
<html lang="de" data-brand="a-dok">
  <head>
    <meta charset="utf-8" />
    <meta name="referrer" content="no-referrer">
    <link rel="icon" href="favicon.ico" sizes="48x48">
    <link rel="icon" href="favicon.svg" type="image/svg+xml">
    <link rel="apple-touch-icon" href="apple-touch-icon.png">
    <link rel="manifest" href="manifest.webmanifest">
    <link rel="preload" href="assets/logo-LIGHT1.svg" as="image" type="image/svg+xml" media="not all and (prefers-color-scheme: dark)">
    <link rel="preload" href="assets/logo-dark-DARK1.svg" as="image" type="image/svg+xml" media="(prefers-color-scheme: dark)">
    <link rel="preload" href="api/config" as="fetch" crossorigin="anonymous">
    <link rel="modulepreload" href="assets/a-dok-Y.js" crossorigin>
    <style>:root{--accent:#0b5cad}</style>
    <title>A-Dok – Anmeldung</title>
    <script type="module" crossorigin src="./assets/index-X.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-Z.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const chunk = (fileName: string, parts: Partial<Omit<ChunkSummary, 'fileName'>> = {}): ChunkSummary => ({
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  css: [],
  moduleIds: [],
  ...parts,
});

const firebase = /[\\/]node_modules[\\/](?:firebase|@firebase)[\\/]/;

describe('pageReferences', () => {
  test('reads the entry script, module preloads, stylesheet and light logo of a baked page, URLs normalised', () => {
    expect(pageReferences(bakedPage)).toEqual({
      scripts: ['assets/index-X.js'],
      modulePreloads: ['assets/a-dok-Y.js'],
      stylesheets: ['assets/index-Z.css'],
      logo: 'assets/logo-LIGHT1.svg',
    });
  });

  test('counts the config fetch preload neither as a logo nor as a script', () => {
    const refs = pageReferences(bakedPage);
    const everything = [...refs.scripts, ...refs.modulePreloads, ...refs.stylesheets, refs.logo];
    expect(everything).not.toContain('api/config');
    // With only the config preload left, there is no logo at all.
    const configOnly = '<link rel="preload" href="api/config" as="fetch" crossorigin="anonymous">';
    expect(pageReferences(configOnly)).toEqual({
      scripts: [],
      modulePreloads: [],
      stylesheets: [],
      logo: undefined,
    });
  });

  test('takes the light logo even when the dark one is listed first', () => {
    const page = [
      '<link rel="preload" href="assets/logo-dark-D.svg" as="image" media="(prefers-color-scheme: dark)">',
      '<link rel="preload" href="assets/logo-L.svg" as="image" media="not all and (prefers-color-scheme: dark)">',
    ].join('\n');
    expect(pageReferences(page).logo).toBe('assets/logo-L.svg');
  });

  test('takes the one logo of a brand without a dark logo, preloaded without media', () => {
    const page = `<head>
    <link rel="preload" href="assets/logo-ONLY.svg" as="image" type="image/svg+xml">
    <link rel="preload" href="api/config" as="fetch" crossorigin="anonymous">
    <script type="module" crossorigin src="./assets/index-X.js"></script>
    </head>`;
    expect(pageReferences(page)).toEqual({
      scripts: ['assets/index-X.js'],
      modulePreloads: [],
      stylesheets: [],
      logo: 'assets/logo-ONLY.svg',
    });
  });

  test('finds nothing in a page without references', () => {
    expect(pageReferences('<!doctype html><html><body><div id="root"></div></body></html>')).toEqual({
      scripts: [],
      modulePreloads: [],
      stylesheets: [],
      logo: undefined,
    });
  });
});

describe('withStaticImports', () => {
  test('follows static imports transitively but not dynamic ones', () => {
    const chunks = [
      chunk('assets/index.js', { imports: ['assets/a.js'], dynamicImports: ['assets/lazy.js'] }),
      chunk('assets/a.js', { imports: ['assets/b.js'] }),
      chunk('assets/b.js'),
      chunk('assets/lazy.js', { imports: ['assets/c.js'] }),
      chunk('assets/c.js'),
    ];
    expect(withStaticImports(chunks, ['assets/index.js']).sort()).toEqual([
      'assets/a.js',
      'assets/b.js',
      'assets/index.js',
    ]);
  });

  test('ends on import cycles and lists each chunk once', () => {
    const chunks = [
      chunk('assets/a.js', { imports: ['assets/b.js'] }),
      chunk('assets/b.js', { imports: ['assets/c.js', 'assets/a.js'] }),
      chunk('assets/c.js', { imports: ['assets/b.js', 'assets/c.js'] }),
    ];
    expect(withStaticImports(chunks, ['assets/a.js', 'assets/c.js']).sort()).toEqual([
      'assets/a.js',
      'assets/b.js',
      'assets/c.js',
    ]);
  });

  test('keeps a start file it has no chunk for, without imports of its own', () => {
    const chunks = [chunk('assets/a.js', { imports: ['assets/b.js'] }), chunk('assets/b.js')];
    expect(withStaticImports(chunks, ['assets/unknown.js']).sort()).toEqual(['assets/unknown.js']);
    expect(withStaticImports(chunks, ['assets/unknown.js', 'assets/a.js']).sort()).toEqual([
      'assets/a.js',
      'assets/b.js',
      'assets/unknown.js',
    ]);
  });

  test('keeps an imported file it has no chunk for', () => {
    const chunks = [
      chunk('assets/a.js', { imports: ['assets/gone.js', 'assets/b.js'] }),
      chunk('assets/b.js'),
    ];
    expect(withStaticImports(chunks, ['assets/a.js']).sort()).toEqual([
      'assets/a.js',
      'assets/b.js',
      'assets/gone.js',
    ]);
  });

  test('starts from nothing to nothing', () => {
    expect(withStaticImports([chunk('assets/a.js')], [])).toEqual([]);
  });
});

describe('cssOf', () => {
  test('collects the stylesheets of the given chunks only, each once', () => {
    const chunks = [
      chunk('assets/a.js', { css: ['assets/a.css', 'assets/shared.css'] }),
      chunk('assets/b.js', { css: ['assets/shared.css'] }),
      chunk('assets/other.js', { css: ['assets/other.css'] }),
      chunk('assets/plain.js'),
    ];
    expect(cssOf(chunks, ['assets/a.js', 'assets/b.js', 'assets/plain.js']).sort()).toEqual([
      'assets/a.css',
      'assets/shared.css',
    ]);
    expect(cssOf(chunks, ['assets/unknown.js'])).toEqual([]);
  });
});

describe('lazyGroup', () => {
  const firstView = [
    'index.html',
    'assets/index.js',
    'assets/vendor.js',
    'assets/index.css',
    'assets/logo.svg',
  ];
  const chunks = [
    chunk('assets/index.js', {
      isEntry: true,
      imports: ['assets/vendor.js'],
      dynamicImports: ['assets/phone.js'],
      css: ['assets/index.css'],
      moduleIds: ['/app/src/main.tsx'],
    }),
    chunk('assets/vendor.js', { moduleIds: ['/app/node_modules/react/index.js'], css: ['assets/index.css'] }),
    chunk('assets/phone.js', {
      imports: ['assets/vendor.js', 'assets/shared.js'],
      css: ['assets/phone.css'],
      moduleIds: [
        '/app/src/features/phone/phone-view.tsx',
        '/app/node_modules/firebase/auth/dist/esm/index.esm.js',
        '/app/node_modules/@firebase/app/dist/esm/index.esm2017.js',
      ],
    }),
    chunk('assets/shared.js', { css: ['assets/shared.css'], moduleIds: ['/app/src/lib/shared.ts'] }),
    chunk('assets/payment.js', { moduleIds: ['/app/node_modules/@paypal/paypal-js/dist/index.js'] }),
  ];

  test("is the package's chunk, its static imports the first view lacks, and their CSS", () => {
    expect(lazyGroup(chunks, firebase, firstView).sort()).toEqual([
      'assets/phone.css',
      'assets/phone.js',
      'assets/shared.css',
      'assets/shared.js',
    ]);
  });

  test('leaves out a chunk, and a stylesheet, the first view has loaded already', () => {
    const group = lazyGroup(chunks, firebase, firstView);
    expect(group).not.toContain('assets/vendor.js');
    expect(group).not.toContain('assets/index.css');
    expect(
      lazyGroup(chunks, firebase, [...firstView, 'assets/shared.js', 'assets/shared.css']).sort(),
    ).toEqual(['assets/phone.css', 'assets/phone.js']);
  });

  test("leaves out a lazy chunk's stylesheet the first view has loaded already", () => {
    const sharingStyles = chunks.map((c) =>
      c.fileName === 'assets/phone.js' ? { ...c, css: ['assets/index.css', 'assets/phone.css'] } : c,
    );
    expect(lazyGroup(sharingStyles, firebase, firstView).sort()).toEqual([
      'assets/phone.css',
      'assets/phone.js',
      'assets/shared.css',
      'assets/shared.js',
    ]);
  });

  test('gathers every chunk holding the package', () => {
    const split = [
      ...chunks,
      chunk('assets/firestore.js', { moduleIds: ['/app/node_modules/@firebase/firestore/x.js'] }),
    ];
    expect(lazyGroup(split, firebase, firstView)).toContain('assets/firestore.js');
  });

  test('is empty when the package is in no chunk, or only in the first view', () => {
    expect(lazyGroup(chunks, /[\\/]node_modules[\\/]nowhere[\\/]/, firstView)).toEqual([]);
    expect(lazyGroup(chunks, /[\\/]node_modules[\\/]react[\\/]/, firstView)).toEqual([]);
  });

  test('matches Windows paths too', () => {
    const windows = [
      chunk('assets/phone.js', { moduleIds: ['C:\\app\\node_modules\\@firebase\\auth\\index.js'] }),
    ];
    expect(lazyGroup(windows, firebase, [])).toEqual(['assets/phone.js']);
  });
});

describe('modulesOfPackage', () => {
  test("lists a package's modules in the given chunks as `chunk: module` lines", () => {
    const chunks = [
      chunk('assets/index.js', {
        moduleIds: ['/app/src/main.tsx', '/app/node_modules/firebase/app/dist/index.js'],
      }),
      chunk('assets/vendor.js', { moduleIds: ['/app/node_modules/@firebase/util/dist/index.js'] }),
      chunk('assets/phone.js', { moduleIds: ['/app/node_modules/@firebase/auth/dist/index.js'] }),
    ];
    expect(modulesOfPackage(chunks, ['assets/index.js', 'assets/vendor.js'], firebase)).toEqual([
      'assets/index.js: /app/node_modules/firebase/app/dist/index.js',
      'assets/vendor.js: /app/node_modules/@firebase/util/dist/index.js',
    ]);
  });

  test('is empty when the package is not in the given chunks', () => {
    const chunks = [
      chunk('assets/index.js', { moduleIds: ['/app/src/main.tsx', '/app/src/firebase-free.ts'] }),
      chunk('assets/phone.js', { moduleIds: ['/app/node_modules/firebase/auth/index.js'] }),
    ];
    expect(modulesOfPackage(chunks, ['assets/index.js'], firebase)).toEqual([]);
  });
});

describe('measureFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bundle-measure-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('measures raw, gzip and brotli bytes per file and sums them', async () => {
    const script = `export const text = ${JSON.stringify('Bitte wählen Sie… '.repeat(300))};\n`;
    const style = '.login{color:#0b5cad;margin:0 auto;}\n'.repeat(100);
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'index.js'), script);
    await writeFile(path.join(dir, 'assets', 'index.css'), style);

    const group = await measureFiles(dir, ['assets/index.js', 'assets/index.css']);

    expect(group.files.map((file) => file.file)).toEqual(['assets/index.js', 'assets/index.css']);
    const [js, css] = group.files;
    // Bytes, not characters: the text holds multi-byte characters.
    expect(js?.raw).toBe(Buffer.byteLength(script));
    expect(js?.raw).toBeGreaterThan(script.length);
    expect(css?.raw).toBe(Buffer.byteLength(style));
    for (const file of group.files) {
      expect(file.gzip).toBeGreaterThan(0);
      expect(file.brotli).toBeGreaterThan(0);
      expect(file.gzip).toBeLessThan(file.raw / 5);
      expect(file.brotli).toBeLessThan(file.raw / 5);
    }
    // As a host would send them: gzip -9 and brotli at quality 11.
    expect(js?.gzip).toBe(gzipSync(script, { level: 9 }).length);
    expect(js?.gzip).toBeLessThan(gzipSync(script, { level: 1 }).length);
    expect(js?.brotli).toBe(
      brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    );
    expect(group.raw).toBe((js?.raw ?? 0) + (css?.raw ?? 0));
    expect(group.gzip).toBe((js?.gzip ?? 0) + (css?.gzip ?? 0));
    expect(group.brotli).toBe((js?.brotli ?? 0) + (css?.brotli ?? 0));
  });

  test('measures nothing as zero', async () => {
    expect(await measureFiles(dir, [])).toEqual({ files: [], raw: 0, gzip: 0, brotli: 0 });
  });

  test('measures each content by itself, whatever folder and name it has', async () => {
    // Brand folders share files by content, but the same name may hold another content.
    const text = (word: string) => `export const words = ${JSON.stringify(`${word} `.repeat(400))};\n`;
    const brotli = (content: string) =>
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    await mkdir(path.join(dir, 'a-dok'));
    await mkdir(path.join(dir, 'caac'));
    await writeFile(path.join(dir, 'a-dok', 'index.js'), text('Anmeldung'));
    await writeFile(path.join(dir, 'caac', 'index.js'), text('Bestätigungscode wird gesendet'));
    await writeFile(path.join(dir, 'caac', 'copy.js'), text('Anmeldung'));

    const [aDok, caac, copy] = (await measureFiles(dir, ['a-dok/index.js', 'caac/index.js', 'caac/copy.js']))
      .files;
    expect(aDok?.brotli).toBe(brotli(text('Anmeldung')));
    expect(caac?.brotli).toBe(brotli(text('Bestätigungscode wird gesendet')));
    expect(caac?.gzip).toBe(gzipSync(text('Bestätigungscode wird gesendet'), { level: 9 }).length);
    expect(caac?.brotli).not.toBe(aDok?.brotli);
    expect(copy).toEqual({ ...aDok, file: 'caac/copy.js' });
  });

  test('rejects a file that is not there rather than counting it as empty', async () => {
    await expect(measureFiles(dir, ['assets/missing.js'])).rejects.toThrow(/ENOENT/);
  });
});

describe('sumSizes', () => {
  test('adds raw, gzip and brotli separately and keeps the files', () => {
    const files = [
      { file: 'assets/a.js', raw: 1000, gzip: 400, brotli: 350 },
      { file: 'assets/a.css', raw: 200, gzip: 90, brotli: 80 },
      { file: 'assets/logo.svg', raw: 3, gzip: 20, brotli: 7 },
    ];
    expect(sumSizes(files)).toEqual({ files, raw: 1203, gzip: 510, brotli: 437 });
  });

  test('sums no files to zero', () => {
    expect(sumSizes([])).toEqual({ files: [], raw: 0, gzip: 0, brotli: 0 });
  });
});

describe('webFontsIn', () => {
  test('finds @font-face rules and font preloads', () => {
    const css = 'body{margin:0}@font-face{font-family:Brand;src:url(./brand.woff2) format("woff2")}p{}';
    const html = '<head><link rel="preload" href="assets/brand.woff2" as="font" crossorigin></head>';
    expect(webFontsIn(html, [css])).toEqual([
      '@font-face{font-family:Brand;src:url(./brand.woff2) format("woff2")}',
      '<link rel="preload" href="assets/brand.woff2" as="font" crossorigin>',
    ]);
  });

  test('finds nothing in a page set in system fonts', () => {
    expect(
      webFontsIn('<link rel="preload" href="api/config" as="fetch">', ['p{font-family:system-ui}']),
    ).toEqual([]);
  });
});
