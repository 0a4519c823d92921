import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** One hash of all of brands/, which rebuild-on-change.ts compares. */
export async function fingerprintBrands(brandsDir: string): Promise<string> {
  return createHash('sha256')
    .update(JSON.stringify(await hashBrandFolders(brandsDir)))
    .digest('hex');
}

async function hashBrandFolders(brandsDir: string): Promise<Record<string, string>> {
  const folders = (await readdir(brandsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const hashes = await Promise.all(folders.map((folder) => hashFiles(path.join(brandsDir, folder), ['.'])));
  return Object.fromEntries(folders.map((folder, index) => [folder, hashes[index] ?? '']));
}

/** Every file of the inputs below root, by its path from root and its content. */
async function hashFiles(root: string, inputs: string[]): Promise<string> {
  const files = (await Promise.all(inputs.map((input) => listFiles(root, input)))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // A file deleted meanwhile is simply not there.
    const content = await readFile(path.join(root, file)).catch(() => undefined);
    if (content) hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** Hidden files are no input: loadBrands and the watcher skip them, editors leave them. */
async function listFiles(root: string, input: string): Promise<string[]> {
  const full = path.join(root, input);
  const info = await stat(full).catch(() => undefined);
  if (info?.isFile()) return [input];
  if (!info?.isDirectory()) return [];
  const entries = await readdir(full, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.')));
}
