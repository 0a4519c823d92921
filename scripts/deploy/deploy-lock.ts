import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { makeServedFolder } from '../lib/file-modes.ts';

/** Held in the web root (or the Firebase store) while a deploy or a rollback changes it. */
export const LOCK_NAME = '.deploy-lock';

/**
 * Runs `work` while holding the lock of `root`: two deploys at once would interleave their
 * swaps, configs and prunes. The lock is a folder, made atomically by mkdir, removed when the
 * work ends, failed or not. A deploy that was killed leaves it behind; the refusal says so.
 */
export async function withDeployLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(root, LOCK_NAME);
  await makeServedFolder(root);
  try {
    await mkdir(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = await stat(lock).then(
      ({ mtime }) => ` since ${mtime.toISOString()}`,
      () => '',
    );
    throw new Error(
      `Another deploy holds ${lock}${since}; nothing was changed. Wait for it, or, if no deploy is running (one was killed), remove that folder and deploy again.`,
      { cause: error },
    );
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
