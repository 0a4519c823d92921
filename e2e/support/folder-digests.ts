import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file below `dir` (its path relative to `dir`) and the sha256 of its bytes: two folders
 * are byte-identical when these are equal, and the keys that differ name what changed.
 */
export async function folderDigests(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  const sums = await Promise.all(
    files.map(async (file) =>
      createHash('sha256')
        .update(await readFile(path.join(dir, file)))
        .digest('hex'),
    ),
  );
  return Object.fromEntries(files.map((file, index) => [file, sums[index] ?? '']));
}

/** The files whose bytes differ between two digests of folders with the same files, sorted. */
export function changedFiles(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before)
    .filter((file) => before[file] !== after[file])
    .sort();
}
