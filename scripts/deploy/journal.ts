import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { RELEASE_ID } from '../lib/release-manifest.ts';

/**
 * Where a deploy writes what it is about to do before it changes what is served: in the web
 * root (or the Firebase store), beside the lock, never where nginx's include finds it. A journal
 * that is there when no deploy runs is an unfinished one (killed, a full disk, a power cut): the
 * next run reads it, says what state the host is in, and finishes or undoes it.
 */
export const JOURNAL_NAME = '.deploy-journal';
const INTENT_FILE = 'intent.json';
/** The config that was installed before, byte for byte; absent when there was none. */
const PREVIOUS_CONFIG_FILE = 'previous-config';

const intentSchema = z.strictObject({
  target: z.enum(['nginx', 'firebase']),
  /** A deploy, a rollback (which withdraws the release it leaves) or a switch to a named one. */
  operation: z.enum(['deploy', 'rollback', 'switch']),
  /** The release being switched to. */
  release: z.string().regex(RELEASE_ID),
  /** The release served before, which an undo puts back; null on a first deploy. */
  previous: z.string().regex(RELEASE_ID).nullable(),
  /** nginx: the config file being replaced, and the sha-256 of the text replacing it. */
  configFile: z.string().optional(),
  nextConfigSha256: z.string().optional(),
  startedAt: z.iso.datetime(),
  pid: z.number().int(),
  host: z.string(),
});

export type Intent = z.infer<typeof intentSchema>;

export interface Journal {
  intent: Intent;
  /** The config installed before the switch, kept on disk until it is complete. */
  previousConfig: string | undefined;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Writes the journal whole or not at all: assembled under a name of its own and renamed into
 * place, so a journal that is there is complete. Throws when one is there already.
 */
export async function writeJournal(
  root: string,
  intent: Omit<Intent, 'startedAt' | 'pid' | 'host'>,
  previousConfig: string | undefined,
  now: Date,
): Promise<Journal> {
  const full: Intent = { ...intent, startedAt: now.toISOString(), pid: process.pid, host: os.hostname() };
  // Under the deploy lock: no other run writes one; a leftover of a killed run goes first.
  const partial = path.join(root, `${JOURNAL_NAME}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    if (previousConfig !== undefined)
      await writeFile(path.join(partial, PREVIOUS_CONFIG_FILE), previousConfig);
    await writeFile(path.join(partial, INTENT_FILE), `${JSON.stringify(full, null, 2)}\n`);
    await rename(partial, journalDir(root));
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return { intent: full, previousConfig };
}

/** The unfinished deploy's journal, or undefined. A damaged one throws, naming the folder. */
export async function readJournal(root: string): Promise<Journal | undefined> {
  const dir = journalDir(root);
  const text = await readFile(path.join(dir, INTENT_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  let intent: Intent;
  try {
    intent = intentSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new Error(
      `${dir} holds no readable journal of a deploy (${error instanceof Error ? error.message : String(error)}); check current, the config and deployments.json by hand, then remove it`,
      { cause: error },
    );
  }
  const previousConfig = await readFile(path.join(dir, PREVIOUS_CONFIG_FILE), 'utf8').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );
  return { intent, previousConfig };
}

/** Removes the journal once what it says is done or undone; and leftovers of one never completed. */
export async function clearJournal(root: string): Promise<void> {
  await rm(journalDir(root), { recursive: true, force: true });
}

/** "the deploy of X (started … by pid … on …)", for messages. */
export function describeIntent({ intent }: Journal): string {
  return `the ${intent.operation} of ${intent.release} on ${intent.target} (started ${intent.startedAt} by pid ${intent.pid} on ${intent.host})`;
}

function journalDir(root: string): string {
  return path.join(root, JOURNAL_NAME);
}
