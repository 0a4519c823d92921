import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser fetches; images other than SVG are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.webmanifest', '.json', '.txt']);

/** The encodings written next to each file, best first: what a server may pick from. */
export const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** A `.br` or `.gz` twin of another file: the same content, not a file of its own. */
export function isPrecompressedTwin(file: string): boolean {
  return ENCODINGS.some(({ extension }) => file.endsWith(extension));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) next to every compressible
 * file under dir, so a static host can answer with the smallest encoding without compressing
 * per request (nginx gzip_static/brotli_static, most CDNs, and the demo server). The twins come
 * as a pair or not at all: only when both are smaller than the file. A file with a `.br` twin alone
 * would reach a gzip-only client from nginx without `Vary: Accept-Encoding` (gzip_static adds it
 * only where a `.gz` exists), and a cache would hand that answer to every client.
 */
export async function precompressTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await precompressFiles(files);
}

/** The same for a list of files (a brand's own files, after the shared ones are done once). */
export async function precompressFiles(files: string[]): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      if (br.length >= content.length || gz.length >= content.length) return;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}
