import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Puts every file of src into dest as a hard link, or as a copy where a link cannot be made
 * (another file system, or one without links). Fifteen brand folders share one set of assets:
 * linking them costs a directory entry each instead of a megabyte of writes per brand.
 * Only regular files are taken: the source is a build's output, which holds no symlinks.
 */
export async function linkTree(src: string, dest: string): Promise<void> {
  const entries = await readdir(src, { recursive: true, withFileTypes: true });
  const dirs = new Set([
    dest,
    ...entries.filter((e) => e.isDirectory()).map((e) => target(e.parentPath, e.name)),
  ]);
  for (const dir of dirs) await mkdir(dir, { recursive: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const from = path.join(entry.parentPath, entry.name);
        const to = target(entry.parentPath, entry.name);
        // A file already there may be a link to an earlier source: replace it, never write through it.
        await rm(to, { force: true });
        await link(from, to).catch(() => copyFile(from, to));
      }),
  );

  function target(parent: string, name: string): string {
    return path.join(dest, path.relative(src, parent), name);
  }
}
