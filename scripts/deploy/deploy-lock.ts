import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { makeServedFolder } from '../lib/file-modes.ts';

/** Held in the web root (or the Firebase store) while a deploy or a rollback changes it. */
export const LOCK_NAME = '.deploy-lock';
/** Inside the lock folder: who holds it. */
const OWNER_FILE = 'owner.json';

const ownerSchema = z.strictObject({
  pid: z.number().int().positive(),
  host: z.string(),
  startedAt: z.iso.datetime(),
  command: z.string(),
});

/** Who holds a lock: the process, its host, when it started and what it runs. */
export type LockOwner = z.infer<typeof ownerSchema>;

/**
 * Runs `work` while holding the lock of `root`: two deploys at once would interleave their
 * swaps, configs and prunes. The lock is a folder holding owner.json (process, host, start),
 * made under a name of its own and renamed into place, so a lock is never seen without its
 * owner. It goes when the work ends, failed or not. A lock whose process is gone (killed, the
 * host rebooted) is stale: on the same host it is taken over and said so; from another host,
 * or without an owner (a deploy before this rule), the refusal names what is known.
 */
export async function withDeployLock<T>(root: string, work: (notes: string[]) => Promise<T>): Promise<T> {
  const lock = path.join(root, LOCK_NAME);
  // What the run is told before its own work (a stale lock taken over); the work adds its own.
  const notes: string[] = [];
  await makeServedFolder(root);
  await takeLock(lock, notes);
  try {
    return await work(notes);
  } finally {
    // Not removed (a failing disk): the next run finds its process gone and takes it over, so
    // the work's own result or error is what this run reports.
    await rm(lock, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The lock's holder, or undefined when no deploy holds it; `unknown` for a lock without owner.json. */
export async function readLock(root: string): Promise<LockOwner | 'unknown' | undefined> {
  const lock = path.join(root, LOCK_NAME);
  if (!(await stat(lock).catch(() => undefined))) return undefined;
  return (await readOwner(lock)) ?? 'unknown';
}

/** "pid 4711 on web1 since …, running …", for messages. */
export function describeOwner(owner: LockOwner): string {
  return `pid ${owner.pid} on ${owner.host} since ${owner.startedAt} (${owner.command})`;
}

/** Whether the process that holds a lock is gone: only known for a lock of this host. */
export function isStale(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function takeLock(lock: string, notes: string[]): Promise<void> {
  const mine = `${lock}.${process.pid}-${randomBytes(4).toString('hex')}`;
  const owner: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(2).join(' ') || 'npm run deploy',
  };
  await mkdir(mine);
  try {
    await writeFile(path.join(mine, OWNER_FILE), `${JSON.stringify(owner, null, 2)}\n`);
    for (let attempt = 0; ; attempt += 1) {
      // rename() onto a folder that has an entry fails: one deploy wins, atomically. An empty
      // one (a lock of a deploy before owner.json) would be replaced, so it is looked for first.
      const empty = (await readdir(lock).catch(() => undefined))?.length === 0;
      const taken =
        !empty &&
        (await rename(mine, lock).then(
          () => true,
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') return false;
            throw error;
          },
        ));
      if (taken) return;
      const held = await readOwner(lock);
      if (attempt === 0 && held !== undefined && isStale(held)) {
        // Moved aside, not removed: two deploys that both find it stale cannot both take it.
        const aside = `${lock}.stale-${held.pid}-${randomBytes(4).toString('hex')}`;
        if (
          await rename(lock, aside).then(
            () => true,
            () => false,
          )
        ) {
          await rm(aside, { recursive: true, force: true });
          notes.push(
            `The deploy lock ${lock} was held by ${describeOwner(held)}, which is no longer running: taken over.`,
          );
        }
        continue;
      }
      throw heldError(lock, held);
    }
  } finally {
    // Gone already once renamed into place; a leftover of a failed attempt is only clutter.
    await rm(mine, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function readOwner(lock: string): Promise<LockOwner | undefined> {
  const text = await readFile(path.join(lock, OWNER_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return ownerSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function heldError(lock: string, owner: LockOwner | undefined): Error {
  if (owner === undefined) {
    return new Error(
      `Another deploy holds ${lock} (it does not say which); nothing was changed. Wait for it, or, if no deploy is running (one was killed), remove that folder and deploy again.`,
    );
  }
  const where =
    owner.host === os.hostname()
      ? 'Wait for it to end'
      : `It runs on another host, so whether it still runs cannot be told from here: wait for it, or, once sure it is gone, remove that folder and deploy again`;
  return new Error(`Another deploy holds ${lock}: ${describeOwner(owner)}; nothing was changed. ${where}.`);
}
