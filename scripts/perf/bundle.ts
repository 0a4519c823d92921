import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ViteOutput } from '../lib/build-brands.ts';

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface SizeGroup {
  files: FileSize[];
  raw: number;
  gzip: number;
  brotli: number;
}

/** One JavaScript chunk of the shared app, as the performance budgets need to see it. */
export interface ChunkSummary {
  /** Relative to a brand folder, e.g. `assets/index-abc123.js`. */
  fileName: string;
  isEntry: boolean;
  /** The chunks it imports statically: they load with it. */
  imports: string[];
  dynamicImports: string[];
  /** The stylesheets that load with it. */
  css: string[];
  /** Every source module bundled into it (absolute paths, or `\0virtual:` ids). */
  moduleIds: string[];
}

/** What a brand's index.html makes the browser fetch before view 0 can show. */
export interface PageReferences {
  scripts: string[];
  modulePreloads: string[];
  stylesheets: string[];
  /** The logo preloaded for the light color scheme, the one a first visit most often gets. */
  logo: string | undefined;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Reads the references out of a baked index.html (relative URLs, normalised to `assets/…`). */
export function pageReferences(html: string): PageReferences {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const hrefs = (predicate: (tag: string) => boolean, name = 'href') =>
    tags.filter(predicate).flatMap((tag) => {
      const value = attribute(tag, name);
      return value === undefined ? [] : [path.posix.normalize(value)];
    });
  const logos = hrefs(
    (tag) =>
      tag.includes('rel="preload"') &&
      tag.includes('as="image"') &&
      !/media="\(prefers-color-scheme: dark\)"/.test(tag),
  );
  return {
    scripts: hrefs((tag) => tag.startsWith('<script') && tag.includes('type="module"'), 'src'),
    modulePreloads: hrefs((tag) => tag.includes('rel="modulepreload"')),
    stylesheets: hrefs((tag) => tag.includes('rel="stylesheet"')),
    logo: logos[0],
  };
}

/** The chunks of a Vite build, with what loads with each. */
export function summarizeChunks(output: ViteOutput): ChunkSummary[] {
  const outputs = Array.isArray(output) ? output : 'output' in output ? [output] : [];
  return outputs.flatMap(({ output: files }) =>
    files.flatMap((file) =>
      file.type === 'chunk'
        ? [
            {
              fileName: file.fileName,
              isEntry: file.isEntry,
              imports: file.imports,
              dynamicImports: file.dynamicImports,
              css: [...(file.viteMetadata?.importedCss ?? [])],
              moduleIds: file.moduleIds,
            },
          ]
        : [],
    ),
  );
}

/** The chunks start loads with: the given ones and, transitively, what they import statically. */
export function withStaticImports(chunks: ChunkSummary[], start: string[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  start.forEach(visit);
  return [...seen];
}

/** The stylesheets Vite attached to these chunks. */
export function cssOf(chunks: ChunkSummary[], files: string[]): string[] {
  const wanted = new Set(files);
  return [...new Set(chunks.filter((chunk) => wanted.has(chunk.fileName)).flatMap((chunk) => chunk.css))];
}

/**
 * The chunks (with their CSS) that hold a package's modules, plus what they import that the
 * first view has not loaded already: what reaching that step downloads.
 */
export function lazyGroup(chunks: ChunkSummary[], pattern: RegExp, firstView: string[]): string[] {
  const loaded = new Set(firstView);
  const holding = chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
  const js = withStaticImports(
    chunks,
    holding.map((chunk) => chunk.fileName),
  ).filter((file) => !loaded.has(file));
  return [...js, ...cssOf(chunks, js).filter((file) => !loaded.has(file))];
}

/** The modules of a package found in the given chunks, as `chunk: module` lines. */
export function modulesOfPackage(chunks: ChunkSummary[], files: string[], pattern: RegExp): string[] {
  const wanted = new Set(files);
  return chunks
    .filter((chunk) => wanted.has(chunk.fileName))
    .flatMap((chunk) =>
      chunk.moduleIds.filter((id) => pattern.test(id)).map((id) => `${chunk.fileName}: ${id}`),
    );
}

/** Bytes of each file as stored, and as gzip -9 and brotli 11 would send it. */
export async function measureFiles(dir: string, files: string[]): Promise<SizeGroup> {
  const sizes = await Promise.all(
    files.map(async (file) => {
      const content = await readFile(path.join(dir, file));
      return { file, raw: content.length, ...compressedSizes(content) };
    }),
  );
  return sumSizes(sizes);
}

/**
 * Every brand folder holds the same shared script and styles: brotli 11 takes about half a
 * second on each copy, so each content is compressed once per process.
 */
const compressedByContent = new Map<string, { gzip: number; brotli: number }>();

function compressedSizes(content: Buffer): { gzip: number; brotli: number } {
  const key = createHash('sha256').update(content).digest('hex');
  let sizes = compressedByContent.get(key);
  if (!sizes) {
    sizes = {
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length,
    };
    compressedByContent.set(key, sizes);
  }
  return sizes;
}

export function sumSizes(files: FileSize[]): SizeGroup {
  const total = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((sum, file) => sum + file[key], 0);
  return { files, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') };
}

export function isScriptOrStyle(file: string): boolean {
  return file.endsWith('.js') || file.endsWith('.css');
}

/** `@font-face` rules in the stylesheets and font preloads in the page, as short excerpts. */
export function webFontsIn(html: string, stylesheets: string[]): string[] {
  const rules = stylesheets.flatMap((css) => css.match(/@font-face\s*\{[^}]*\}/g) ?? []);
  const preloads = html.match(/<link\b[^>]*\bas="font"[^>]*>/g) ?? [];
  return [...rules, ...preloads].map((text) => text.slice(0, 120));
}
