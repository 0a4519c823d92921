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

export function historyFile(root: string): string {
  return path.join(root, WEB_ROOT_LAYOUT.history);
}

/** The history kept in `root`, empty before the first deploy; throws naming the file when it is damaged. */
export async function readHistory(root: string): Promise<History> {
  const file = historyFile(root);
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

export async function writeHistory(root: string, history: History): Promise<void> {
  await writeFileAtomically(historyFile(root), `${JSON.stringify({ deployments: history }, null, 2)}\n`);
}

/** The history after `release` became the one served at `now`: whatever was served before is retired. */
export function recordServed(history: History, release: string, assets: AssetLists, now: Date): History {
  const at = now.toISOString();
  const retired = history.map((entry) =>
    entry.retiredAt === null && entry.release !== release ? { ...entry, retiredAt: at } : entry,
  );
  const known = retired.some((entry) => entry.release === release);
  if (!known) return [...retired, { release, installedAt: at, retiredAt: null, assets }];
  return retired.map((entry) => (entry.release === release ? { ...entry, retiredAt: null, assets } : entry));
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

/** The release a rollback returns to: the most recently retired one whose folder is still installed. */
export function rollbackTarget(history: History, installed: ReadonlySet<string>): string | undefined {
  const served = servedRelease(history);
  return releasesByRecency(history).find((release) => release !== served && installed.has(release));
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
