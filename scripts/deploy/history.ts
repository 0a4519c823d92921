import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { RELEASE_ID } from '../lib/release-manifest.ts';
import { WEB_ROOT_LAYOUT } from '../lib/web-root-layout.ts';
import { writeFileAtomically } from './write-atomically.ts';

const deploymentSchema = z.strictObject({
  release: z.string().regex(RELEASE_ID),
  installedAt: z.iso.datetime(),
  /** When it stopped being served; null while it is served. */
  retiredAt: z.iso.datetime().nullable(),
  /**
   * When a rollback (or an undone deploy) took it off: `--rollback` steps past it to the release
   * served before, so rollbacks go back through history instead of between two releases. Only
   * `--rollback --to <id>` or a deploy of it serves it again.
   */
  withdrawnAt: z.iso.datetime().optional(),
  /**
   * The files of each brand's assets/ folder, twins included. They outlive the release folder,
   * which keepReleases prunes: the store keeps these files until the release has been retired
   * for assetRetentionDays.
   */
  assets: z.record(z.string(), z.array(z.string())),
});

const historySchema = z.strictObject({ deployments: z.array(deploymentSchema) });

export type Deployment = z.infer<typeof deploymentSchema>;
/** Which releases were served and when they stopped: one entry per release id. */
export type History = readonly Deployment[];
/** Service → the file names in its assets/ folder. */
export type AssetLists = Record<string, string[]>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function historyFile(root: string, name: string = WEB_ROOT_LAYOUT.history): string {
  return path.join(root, name);
}

/** The history kept in `root`, empty before the first deploy; throws naming the file when it is damaged. */
export async function readHistory(root: string, name?: string): Promise<History> {
  const file = historyFile(root, name);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(
      `${file} is not JSON; restore it or remove it (the asset store then keeps only what the next release names)`,
    );
  }
  const parsed = historySchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`${file} is not a deployment history: ${z.prettifyError(parsed.error)}`);
  return parsed.data.deployments;
}

export async function writeHistory(root: string, history: History, name?: string): Promise<void> {
  await writeFileAtomically(
    historyFile(root, name),
    `${JSON.stringify({ deployments: history }, null, 2)}\n`,
  );
}

/** The history after `release` became the one served at `now`: whatever was served before is retired. */
export function recordServed(history: History, release: string, assets: AssetLists, now: Date): History {
  const at = now.toISOString();
  const retired = history.map((entry) =>
    entry.retiredAt === null && entry.release !== release ? { ...entry, retiredAt: at } : entry,
  );
  const known = retired.some((entry) => entry.release === release);
  if (!known) return [...retired, { release, installedAt: at, retiredAt: null, assets }];
  return retired.map((entry) => {
    if (entry.release !== release) return entry;
    const { withdrawnAt: _withdrawn, ...kept } = entry;
    return { ...kept, retiredAt: null, assets };
  });
}

/**
 * The history after `release` was taken off at `now`, by a rollback or by a deploy that was
 * undone after it may have been served: retired (its assets stay for pages opened meanwhile)
 * and withdrawn, so a plain `--rollback` does not return to it.
 */
export function recordWithdrawn(history: History, release: string, assets: AssetLists, now: Date): History {
  const at = now.toISOString();
  const known = history.some((entry) => entry.release === release);
  if (!known) return [...history, { release, installedAt: at, retiredAt: at, withdrawnAt: at, assets }];
  return history.map((entry) =>
    entry.release === release
      ? {
          ...entry,
          retiredAt: entry.retiredAt ?? at,
          withdrawnAt: at,
          assets: { ...entry.assets, ...assets },
        }
      : entry,
  );
}

export function servedRelease(history: History): string | undefined {
  return history.find((entry) => entry.retiredAt === null)?.release;
}

/** Release ids, the one served first, then the retired ones, most recently retired first. */
export function releasesByRecency(history: History): string[] {
  const retired = history
    .filter((entry) => entry.retiredAt !== null)
    .sort((a, b) => Date.parse(b.retiredAt ?? '') - Date.parse(a.retiredAt ?? ''));
  return [servedRelease(history), ...retired.map((entry) => entry.release)].filter(
    (release) => release !== undefined,
  );
}

/**
 * The releases a rollback may serve, the one `--rollback` takes first: every installed release
 * but the one served (`served`: what the host serves, whatever the history says), not withdrawn
 * by an earlier rollback; those the history knows by when they were retired, newest first, then
 * installed ones it does not know (a lost or damaged history) that were built before the one
 * served, newest build first.
 */
export function rollbackCandidates(
  history: History,
  installed: ReadonlySet<string>,
  served: string | undefined,
): string[] {
  const known = releasesByRecency(history);
  const withdrawn = new Set(history.filter((entry) => entry.withdrawnAt !== undefined).map((e) => e.release));
  // A release the history does not know goes back in time only if it was built before the one served.
  const unknown = [...installed]
    .filter((release) => !known.includes(release) && served !== undefined && release < served)
    .sort()
    .reverse();
  return [...known, ...unknown].filter(
    (release) => release !== served && installed.has(release) && !withdrawn.has(release),
  );
}

/** The release `--rollback` returns to (rollbackCandidates' first), or undefined. */
export function rollbackTarget(
  history: History,
  installed: ReadonlySet<string>,
  served: string | undefined = servedRelease(history),
): string | undefined {
  return rollbackCandidates(history, installed, served)[0];
}

/**
 * The asset names each brand's store must keep: those of the release served and of every
 * release retired less than `retentionDays` ago, for pages opened before the switch.
 */
export function retainedAssets(history: History, now: Date, retentionDays: number): Map<string, Set<string>> {
  const retained = new Map<string, Set<string>>();
  for (const entry of history.filter((deployment) => isRetained(deployment, now, retentionDays))) {
    for (const [service, names] of Object.entries(entry.assets)) {
      const set = retained.get(service) ?? new Set<string>();
      for (const name of names) set.add(name);
      retained.set(service, set);
    }
  }
  return retained;
}

/** The history without releases that can no longer be rolled back to and whose assets are no longer kept. */
export function forgetExpired(
  history: History,
  installed: ReadonlySet<string>,
  now: Date,
  retentionDays: number,
): History {
  return history.filter((entry) => installed.has(entry.release) || isRetained(entry, now, retentionDays));
}

function isRetained(entry: Deployment, now: Date, retentionDays: number): boolean {
  return entry.retiredAt === null || now.getTime() - Date.parse(entry.retiredAt) < retentionDays * DAY_MS;
}

/** What a switch records: the release served, the one before, and whether it is a rollback. */
export interface SwitchRecord {
  /** A rollback withdraws the release it leaves; a switch (`--rollback --to`) does not. */
  operation: 'deploy' | 'rollback' | 'switch';
  release: string;
  previous: string | null;
}

/** The history once a switch is complete: the release served; after a rollback, the one left withdrawn. */
export function recordSwitch(history: History, change: SwitchRecord, assets: AssetLists, now: Date): History {
  const served = recordServed(history, change.release, assets, now);
  if (change.operation !== 'rollback' || change.previous === null || change.previous === change.release)
    return served;
  const left = served.find((entry) => entry.release === change.previous);
  return recordWithdrawn(served, change.previous, left?.assets ?? {}, now);
}

/**
 * The release a rollback serves: the one `to` names when it is installed, else the first of
 * rollbackCandidates; otherwise an error that lists what is installed in `where`.
 */
export function pickRollback(
  to: string | undefined,
  history: History,
  installed: ReadonlySet<string>,
  served: string | undefined,
  where: string,
): string {
  const listed = [...installed].sort().reverse();
  const list =
    listed.length === 0 ? 'none' : listed.map((id) => (id === served ? `${id} (served)` : id)).join(', ');
  if (to !== undefined) {
    if (installed.has(to)) return to;
    throw new Error(`${to} is not installed in ${where}; installed: ${list}.`);
  }
  const [release] = rollbackCandidates(history, installed, served);
  if (release !== undefined) return release;
  throw new Error(
    `Nothing to roll back to: no release served before ${served ?? 'now'} is still installed in ${where} and not rolled back from already (installed: ${list}). To serve one of them, name it: --rollback --to <id>.`,
  );
}
