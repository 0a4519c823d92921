import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { makeServedFolder, setServedModes } from '../lib/file-modes.ts';
import { RELEASE_FILE, type ReleaseManifest } from '../lib/release-manifest.ts';
import { WEB_ROOT_LAYOUT } from '../lib/web-root-layout.ts';

export function releaseFolder(root: string, release: string): string {
  return path.join(root, WEB_ROOT_LAYOUT.releases, release);
}

/**
 * Copies a release's brand folders and release.json into `<root>/releases/<id>`, whole or not at
 * all: the copy is made under a dot name and renamed when complete. Its files are 0644 and its
 * folders 0755 whatever the build left and the umask is (file-modes.ts). An id already installed
 * is reused (the id names one build, so its files are the same), its modes set the same way, for
 * a release installed before they were. Returns its folder.
 */
export async function installRelease(
  releaseDir: string,
  root: string,
  manifest: ReleaseManifest,
): Promise<string> {
  const folder = releaseFolder(root, manifest.release);
  if (await exists(folder)) {
    await setServedModes(folder);
    return folder;
  }
  const partial = path.join(root, WEB_ROOT_LAYOUT.releases, `.${manifest.release}.partial`);
  await rm(partial, { recursive: true, force: true });
  try {
    await makeServedFolder(partial);
    const copies = new Map<string, string>();
    for (const service of manifest.brands) {
      await copyTree(path.join(releaseDir, service), path.join(partial, service), copies);
    }
    await copyFile(path.join(releaseDir, RELEASE_FILE), path.join(partial, RELEASE_FILE));
    // Fresh copies, linked to nothing served yet: setting their modes changes no live file.
    await setServedModes(partial);
    await rename(partial, folder);
  } catch (error) {
    // A full disk: the half copy goes, so the space it took is free again for the operator.
    await rm(partial, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  return folder;
}

/** The ids of the release folders in `<root>/releases/` (not the dot-named ones being copied). */
export async function installedReleases(root: string): Promise<Set<string>> {
  const entries = await readdir(path.join(root, WEB_ROOT_LAYOUT.releases), { withFileTypes: true }).catch(
    () => [],
  );
  return new Set(
    entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((e) => e.name),
  );
}

/** Removes every release folder not in `keep`; returns the ids removed. */
export async function pruneReleases(root: string, keep: ReadonlySet<string>): Promise<string[]> {
  const removed = [...(await installedReleases(root))].filter((release) => !keep.has(release)).sort();
  for (const release of removed) await rm(releaseFolder(root, release), { recursive: true, force: true });
  return removed;
}

/**
 * Copies src into dest. A build's brand folders hard-link the shared assets; a file met again
 * under another name (same device and inode) is linked to its first copy, so an installed
 * release holds one copy of them, not one per brand. It is never linked to the build's own file,
 * which the next build may overwrite in place.
 */
async function copyTree(src: string, dest: string, copies: Map<string, string>): Promise<void> {
  const entries = await readdir(src, { recursive: true, withFileTypes: true });
  await mkdir(dest, { recursive: true });
  for (const entry of entries.filter((e) => e.isDirectory())) {
    await mkdir(path.join(dest, path.relative(src, entry.parentPath), entry.name), { recursive: true });
  }
  for (const entry of entries.filter((e) => e.isFile())) {
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(dest, path.relative(src, entry.parentPath), entry.name);
    const { dev, ino } = await stat(from);
    const first = copies.get(`${dev}:${ino}`);
    if (first === undefined) {
      await copyFile(from, to);
      copies.set(`${dev}:${ino}`, to);
    } else {
      await link(first, to).catch(() => copyFile(first, to));
    }
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
