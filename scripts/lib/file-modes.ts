import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The modes of whatever a deploy installs: the owner writes, everyone else (nginx's workers)
 * reads. Set outright, never left to the release's modes or the umask: a build made under umask 0
 * has world-writable files, whose bytes any local user could swap for a script on every brand
 * domain; one made under umask 077 has files nginx cannot read.
 */
export const SERVED_MODES = { file: 0o644, folder: 0o755 } as const;

const WRITABLE_BY_OTHERS = 0o022;

/**
 * Gives `dir` and every folder below it 0755 and every file 0644, touching only those that differ.
 * Symbolic links are left alone: chmod follows them, and a release holds none. A hard-linked
 * file's mode is its other names' too (the asset store, older releases); 0644 only takes write
 * bits away and leaves the file readable, so a page served from another release still gets it.
 */
export async function setServedModes(dir: string): Promise<void> {
  await setMode(dir, SERVED_MODES.folder);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await setMode(file, SERVED_MODES.folder);
    else if (entry.isFile()) await setMode(file, SERVED_MODES.file);
  }
}

/**
 * Makes `dir` with its missing parents (mkdir -p), each folder it makes 0755: mkdir's own mode
 * passes through the umask. A folder that was there keeps its mode: it may be the operator's.
 */
export async function makeServedFolder(dir: string): Promise<void> {
  const target = path.resolve(dir);
  const first = await mkdir(target, { recursive: true });
  if (first === undefined) return;
  for (let folder = target; folder.length >= first.length; folder = path.dirname(folder)) {
    await setMode(folder, SERVED_MODES.folder);
  }
}

/**
 * The files and folders below `dir` (not `dir` itself) that their group or everyone may write,
 * as sorted POSIX paths relative to it: anyone who can write there can change what is served.
 */
export async function writableEntries(dir: string): Promise<string[]> {
  const writable: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    // A symbolic link's own mode is always 0777 and means nothing.
    if (!entry.isFile() && !entry.isDirectory()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (((await lstat(file)).mode & WRITABLE_BY_OTHERS) !== 0) {
      writable.push(path.relative(dir, file).split(path.sep).join('/'));
    }
  }
  return writable.sort();
}

async function setMode(file: string, mode: number): Promise<void> {
  if (((await lstat(file)).mode & 0o7777) !== mode) await chmod(file, mode);
}
