import { copyFile, link, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { makeServedFolder, setServedModes } from '../lib/file-modes.ts';
import { brandStoreDir, WEB_ROOT_LAYOUT } from '../lib/web-root-layout.ts';
import type { AssetLists } from './history.ts';

/** Where the store keeps one brand's asset files. */
export function storedAssetsDir(root: string, service: string): string {
  return path.join(brandStoreDir(root, service), 'assets');
}

/**
 * Adds every file of each brand's assets/ folder in an installed release (twins included) to
 * `<root>/store/<service>/assets/`, as a hard link to the release's file or a copy where links
 * fail. Asset names are content hashes, so a name already stored with other bytes means a broken
 * build or an edited store: that stops the deploy. Each brand's store ends 0644 for files and
 * 0755 for folders, also what a deploy before that rule left there. Returns the names per brand.
 */
export async function addToAssetStore(
  root: string,
  releaseFolder: string,
  services: readonly string[],
): Promise<AssetLists> {
  const lists: AssetLists = {};
  for (const service of services) {
    const from = path.join(releaseFolder, service, 'assets');
    const to = storedAssetsDir(root, service);
    await makeServedFolder(to);
    const names = await fileNames(from);
    for (const name of names) await storeFile(path.join(from, name), path.join(to, name));
    await setServedModes(brandStoreDir(root, service));
    lists[service] = names;
  }
  return lists;
}

/** The files of each brand's assets/ folder in an installed release, as addToAssetStore lists them. */
export async function releaseAssets(releaseFolder: string, services: readonly string[]): Promise<AssetLists> {
  const lists: AssetLists = {};
  for (const service of services)
    lists[service] = await fileNames(path.join(releaseFolder, service, 'assets'));
  return lists;
}

/** Removes every stored asset file that `keep` does not name for its brand; returns how many. */
export async function pruneAssetStore(
  root: string,
  keep: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<number> {
  let removed = 0;
  const services = await readdir(path.join(root, WEB_ROOT_LAYOUT.store)).catch(() => []);
  for (const service of services) {
    const dir = storedAssetsDir(root, service);
    for (const name of await fileNames(dir)) {
      if (keep.get(service)?.has(name)) continue;
      await rm(path.join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

async function storeFile(from: string, to: string): Promise<void> {
  const stored = await stat(to).catch(() => undefined);
  if (stored === undefined) {
    await link(from, to).catch(() => copyFile(from, to));
    return;
  }
  const source = await stat(from);
  if (stored.dev === source.dev && stored.ino === source.ino) return;
  if (!(await readFile(from)).equals(await readFile(to))) {
    throw new Error(
      `${to} is already stored with other bytes than ${from}. Asset names are content hashes, so the build or the store is broken; nothing was switched.`,
    );
  }
}

async function fileNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}
