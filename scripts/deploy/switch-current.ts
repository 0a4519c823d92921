import { readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { WEB_ROOT_LAYOUT } from '../lib/web-root-layout.ts';

/** The id of the release `current` points at, or undefined before the first deploy. */
export async function readCurrent(webRoot: string): Promise<string | undefined> {
  const target = await readlink(path.join(webRoot, WEB_ROOT_LAYOUT.current)).catch(() => undefined);
  return target === undefined ? undefined : path.basename(target);
}

/**
 * Points `current` at `releases/<id>` in one step: the new link is made under a temporary name
 * and renamed over the old one, so nginx never finds `current` missing. The link is relative,
 * so the web root can move.
 */
export async function switchCurrent(webRoot: string, release: string): Promise<void> {
  const temporary = path.join(webRoot, `.${WEB_ROOT_LAYOUT.current}.next`);
  await rm(temporary, { force: true });
  await symlink(path.join(WEB_ROOT_LAYOUT.releases, release), temporary);
  await rename(temporary, path.join(webRoot, WEB_ROOT_LAYOUT.current));
}

/** Puts `current` back where it pointed (or removes it when there was nothing before). */
export async function restoreCurrent(webRoot: string, release: string | undefined): Promise<void> {
  if (release === undefined) await rm(path.join(webRoot, WEB_ROOT_LAYOUT.current), { force: true });
  else await switchCurrent(webRoot, release);
}
