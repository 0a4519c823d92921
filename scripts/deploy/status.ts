import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FirebaseSettings, NginxSettings } from '../lib/deploy-settings.ts';
import { WEB_ROOT_LAYOUT } from '../lib/web-root-layout.ts';
import { describeOwner, isStale, readLock } from './deploy-lock.ts';
import { readHistory, rollbackCandidates, servedRelease, type History } from './history.ts';
import { installedReleases } from './install-release.ts';
import { describeIntent, readJournal } from './journal.ts';
import { readCurrent } from './switch-current.ts';

/** The dry runs' own history in the Firebase store (firebase-target.ts). */
export const DRY_RUN_HISTORY = 'deployments.dry-run.json';

/**
 * What `npm run deploy -- status` says of the nginx web root: the release served (by `current`,
 * the installed config and the history, with a warning when they disagree), the last deploy,
 * every installed release with its age and role, the asset store's size, an unfinished deploy
 * and who holds the lock.
 */
export async function nginxStatus(nginx: NginxSettings, now: Date): Promise<string[]> {
  const root = nginx.webRoot;
  const current = await readCurrent(root);
  const config = await readFile(nginx.configFile, 'utf8').then(configRelease, () => undefined);
  const history = await readHistory(root);
  const recorded = servedRelease(history);
  const agree = current === config && current === recorded;
  const live = agree
    ? `${current ?? 'nothing'} (current, ${nginx.configFile} and deployments.json agree)`
    : `⚠ current → ${current ?? 'nothing'}, ${nginx.configFile} rendered for ${config ?? 'nothing'}, deployments.json says ${recorded ?? 'nothing'}: run \`npm run deploy -- nginx --recover\`, or deploy or roll back`;
  return [`nginx: ${root}`, `  live:        ${live}`, ...(await common(root, history, current, now))];
}

/** The same for the Firebase stage: Hosting's own release history is in the console. */
export async function firebaseStatus(
  firebase: FirebaseSettings,
  stage: string,
  now: Date,
): Promise<string[]> {
  const root = path.join(stage, '.store');
  const history = await readHistory(root);
  const served = servedRelease(history);
  const dry = await readHistory(root, DRY_RUN_HISTORY).catch(() => []);
  const dryServed = servedRelease(dry);
  return [
    `firebase: project ${firebase.projectId}, stage ${stage}`,
    `  live:        ${served ?? 'nothing deployed from this stage'} (by this stage's history; each site's own is in the Firebase console)`,
    ...(dryServed === undefined || dryServed === served
      ? []
      : [`  dry run:     ${dryServed} was staged last by --dry-run (not deployed)`]),
    ...(await common(root, history, served, now)),
  ];
}

async function common(
  root: string,
  history: History,
  served: string | undefined,
  now: Date,
): Promise<string[]> {
  const installed = await installedReleases(root);
  const last = lastChange(history);
  const [target] = rollbackCandidates(history, installed, served);
  const journal = await readJournal(root).catch((error: unknown) =>
    error instanceof Error ? error : undefined,
  );
  const lock = await readLock(root);
  const store = await storeSize(path.join(root, WEB_ROOT_LAYOUT.store));
  const rows = [...installed]
    .sort()
    .reverse()
    .map((release) => {
      const entry = history.find((e) => e.release === release);
      const role =
        release === served
          ? entry === undefined
            ? 'served, not in deployments.json'
            : `served (first served ${age(entry.installedAt, now)} ago)${entry.retiredAt === null ? '' : ', recorded as retired'}`
          : entry === undefined
            ? 'not in deployments.json'
            : entry.retiredAt === null
              ? 'recorded as served in deployments.json, but not served'
              : `retired ${age(entry.retiredAt, now)} ago${entry.withdrawnAt ? ', rolled back from' : ''}`;
      return `    ${release}  ${role}${release === target ? '  ← --rollback goes here' : ''}`;
    });
  return [
    `  last deploy: ${last === undefined ? 'none recorded' : `${last} (${age(last, now)} ago)`}`,
    `  installed:   ${installed.size} release${installed.size === 1 ? '' : 's'}${installed.size === 0 ? '' : ':'}`,
    ...rows,
    `  asset store: ${store.files} files, ${formatBytes(store.bytes)}`,
    `  unfinished:  ${
      journal === undefined
        ? 'none'
        : journal instanceof Error
          ? `⚠ ${journal.message}`
          : `⚠ ${describeIntent(journal)}: run --recover`
    }`,
    `  lock:        ${describeLock(lock)}`,
  ];
}

function describeLock(lock: Awaited<ReturnType<typeof readLock>>): string {
  if (lock === undefined) return 'free';
  if (lock === 'unknown') return 'held (no owner recorded)';
  const stale = isStale(lock) ? ': its process is gone, so the next run takes it over' : '';
  return `held by ${describeOwner(lock)}${stale}`;
}

/** The release id in the config's header (nginx-config.ts writes `#   release:      <id>`). */
function configRelease(text: string): string | undefined {
  return /^#\s+release:\s+(\S+)$/m.exec(text)?.[1];
}

/** When the history last changed: the newest time a release was served or retired. */
function lastChange(history: History): string | undefined {
  const times = history.flatMap((entry) => [entry.installedAt, entry.retiredAt ?? entry.installedAt]);
  return times.sort().at(-1);
}

/** "45 s", "12 min", "5 h", "3 d". */
export function age(since: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(since)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

/** Files and bytes below `dir`, each file once however many names it has. */
async function storeSize(dir: string): Promise<{ files: number; bytes: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const seen = new Set<string>();
  let bytes = 0;
  for (const entry of entries.filter((e) => e.isFile())) {
    const { dev, ino, size } = await stat(path.join(entry.parentPath, entry.name));
    if (seen.has(`${dev}:${ino}`)) continue;
    seen.add(`${dev}:${ino}`);
    bytes += size;
  }
  return { files: entries.filter((e) => e.isFile()).length, bytes };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
