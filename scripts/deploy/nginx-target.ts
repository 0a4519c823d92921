import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadDeploySettings, type NginxSettings } from '../lib/deploy-settings.ts';
import { renderNginxConfig, type ServedBrand } from '../lib/nginx-config.ts';
import { readReleaseManifest } from '../lib/release-manifest.ts';
import { WEB_ROOT_LAYOUT } from '../lib/web-root-layout.ts';
import { addToAssetStore, pruneAssetStore, releaseAssets } from './asset-store.ts';
import { loadCheckedRelease, loadServedBrands } from './checked-release.ts';
import { withDeployLock } from './deploy-lock.ts';
import {
  forgetExpired,
  readHistory,
  pickRollback,
  recordSwitch,
  recordWithdrawn,
  releasesByRecency,
  retainedAssets,
  servedRelease,
  writeHistory,
  type AssetLists,
  type History,
  type SwitchRecord,
} from './history.ts';
import { installedReleases, installRelease, pruneReleases, releaseFolder } from './install-release.ts';
import { clearJournal, describeIntent, readJournal, sha256, writeJournal, type Journal } from './journal.ts';
import { commandFailed, runCommand, type RunCommand } from './run-command.ts';
import { readCurrent, restoreCurrent, switchCurrent } from './switch-current.ts';
import { writeFileAtomically } from './write-atomically.ts';

export interface NginxDeployOptions {
  /** A checked release: `dist/` after `npm run build`. */
  releaseDir: string;
  settingsFile: string;
  brandsDir: string;
  now?: Date;
  run?: RunCommand;
}

export interface NginxRollbackOptions extends Omit<NginxDeployOptions, 'releaseDir'> {
  /** An installed release to serve (`--to <id>`); the one served before when left out. */
  to?: string;
}

export type NginxRecoverOptions = Omit<NginxDeployOptions, 'releaseDir'>;

/** The release now served and the one it replaced (undefined on a first deploy). */
export interface Switched {
  release: string;
  previous: string | undefined;
  /** The brands the release now serves, by their domains. */
  served: readonly ServedBrand[];
  /** What the run found and did first: a stale lock taken over, an unfinished deploy finished or undone. */
  notes: string[];
}

/**
 * Installs a checked release into the web root and serves it: its assets join the store, the
 * config is rendered and tested, `current` is swapped and nginx reloaded. A release already
 * current is only re-rendered, tested and reloaded: that is how a settings or domain change goes
 * live without a build. Afterwards old release folders and expired assets are pruned. An
 * unfinished deploy found first (killed, a full disk) is finished or undone.
 */
export async function deployNginx(options: NginxDeployOptions): Promise<Switched> {
  const { nginx } = (await loadDeploySettings(options.settingsFile)).settings;
  return withDeployLock(nginx.webRoot, (notes) => deployLocked(nginx, options, notes));
}

async function deployLocked(
  nginx: NginxSettings,
  options: NginxDeployOptions,
  notes: string[],
): Promise<Switched> {
  const {
    manifest,
    brands,
    notes: changed,
  } = await loadCheckedRelease(options.releaseDir, options.brandsDir);
  notes.push(...changed);
  const now = options.now ?? new Date();
  const run = options.run ?? runCommand;
  const recovered = await recoverLocked(nginx, now, run);
  if (recovered !== undefined) notes.push(recovered);
  const folder = await installRelease(options.releaseDir, nginx.webRoot, manifest);
  const assets = await addToAssetStore(nginx.webRoot, folder, manifest.brands);
  const previous = await serveRelease(nginx, {
    operation: 'deploy',
    brands,
    release: manifest.release,
    assets,
    now,
    run,
  });
  await prune(nginx, await readHistory(nginx.webRoot), now);
  return { release: manifest.release, previous, served: servedBrands(brands), notes };
}

/** The brands by their service and domains, as the deploy's report names them. */
function servedBrands(brands: readonly ServedBrand[]): ServedBrand[] {
  return brands.map(({ service, domains }) => ({ service, domains }));
}

/**
 * Serves an installed release again, with the same journal, test, reload and undo as a deploy:
 * the one served before the current (stepping back through history: the release left is
 * withdrawn, so a second rollback goes further back), or the one `to` names.
 */
export async function rollbackNginx(options: NginxRollbackOptions): Promise<Switched> {
  const { nginx } = (await loadDeploySettings(options.settingsFile)).settings;
  return withDeployLock(nginx.webRoot, (notes) => rollbackLocked(nginx, options, notes));
}

async function rollbackLocked(
  nginx: NginxSettings,
  options: NginxRollbackOptions,
  notes: string[],
): Promise<Switched> {
  const brands = await loadServedBrands(options.brandsDir);
  const now = options.now ?? new Date();
  const run = options.run ?? runCommand;
  const recovered = await recoverLocked(nginx, now, run);
  if (recovered !== undefined) notes.push(recovered);
  const history = await readHistory(nginx.webRoot);
  const installed = await installedReleases(nginx.webRoot);
  const current = await readCurrent(nginx.webRoot);
  const release = pickRollback(
    options.to,
    history,
    installed,
    current,
    path.join(nginx.webRoot, WEB_ROOT_LAYOUT.releases),
  );
  const folder = releaseFolder(nginx.webRoot, release);
  const manifest = await readReleaseManifest(folder);
  // Its assets may have left the store by age; the release folder still has them.
  const assets = await addToAssetStore(nginx.webRoot, folder, manifest.brands);
  // Domains come from brands/ as they are now; a brand the old release lacks is not served.
  const served = brands.filter((brand) => manifest.brands.includes(brand.service));
  const previous = await serveRelease(nginx, {
    operation: options.to === undefined ? 'rollback' : 'switch',
    brands: served,
    release,
    assets,
    now,
    run,
  });
  return { release, previous, served: servedBrands(served), notes };
}

/**
 * Finishes or undoes a deploy or rollback that did not end (a journal is left), under the lock.
 * Says what was found and done, or that nothing was unfinished.
 */
export async function recoverNginx(options: NginxRecoverOptions): Promise<{ notes: string[] }> {
  const { nginx } = (await loadDeploySettings(options.settingsFile)).settings;
  return withDeployLock(nginx.webRoot, async (notes) => {
    const said = await recoverLocked(nginx, options.now ?? new Date(), options.run ?? runCommand);
    notes.push(
      said ??
        `Nothing unfinished in ${nginx.webRoot}: ${(await readCurrent(nginx.webRoot)) ?? 'no release'} is served, as deployments.json says.`,
    );
    return { notes };
  });
}

interface Switch {
  operation: SwitchRecord['operation'];
  brands: readonly ServedBrand[];
  release: string;
  assets: AssetLists;
  now: Date;
  run: RunCommand;
}

/**
 * Switches to `release` with a journal: it records what is about to happen (and keeps the config
 * installed before on disk) before anything changes, and goes when the history records the
 * switch. Then: install the config, test it, point `current` at the release, reload nginx,
 * record. A step that fails undoes the ones before and the error says so; should the undo fail
 * too, the journal stays and the error says what the host serves and to run `--recover`.
 * Returns the release `current` pointed at before.
 */
async function serveRelease(nginx: NginxSettings, change: Switch): Promise<string | undefined> {
  const { webRoot, configFile } = nginx;
  const previous = await readCurrent(webRoot);
  // A damaged history stops the run here, before anything served changes, not at the record.
  await readHistory(webRoot);
  const text = renderNginxConfig(change.brands, nginx, change.release);
  const old = await readFile(configFile, 'utf8').catch(() => undefined);
  const journal = await writeJournal(
    webRoot,
    {
      target: 'nginx',
      operation: change.operation,
      release: change.release,
      previous: previous ?? null,
      configFile,
      nextConfigSha256: sha256(text),
    },
    old,
    change.now,
  );
  let reloaded = false;
  try {
    await writeFileAtomically(configFile, text);
    const test = await change.run(nginx.testCommand);
    if (test.code !== 0) throw new StepFailed(commandFailed(nginx.testCommand, test, ''));
    await switchCurrent(webRoot, change.release);
    const reload = await change.run(nginx.reloadCommand);
    if (reload.code !== 0) throw new StepFailed(commandFailed(nginx.reloadCommand, reload, ''));
    reloaded = true;
    await writeHistory(
      webRoot,
      recordSwitch(await readHistory(webRoot), journal.intent, change.assets, change.now),
    );
  } catch (error) {
    const failure = error instanceof StepFailed ? error.cause : error;
    let undone: string;
    try {
      undone = await undo(nginx, journal, { reload: reloaded, run: change.run, now: change.now });
    } catch (undoError) {
      throw await unfinished(nginx, journal, failure, undoError);
    }
    throw appendToMessage(failure, undone);
  }
  // The switch is recorded: a journal left here (a failed removal) is finished by the next run.
  await clearJournal(webRoot).catch(() => undefined);
  return previous;
}

/** A step's own failure (a command's), as opposed to an exception from the file system. */
class StepFailed extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}

/**
 * Puts back what the journal says was there: the config (or none), `current`, and, when nginx
 * may have loaded the new config (`reload`), tests and reloads it. A release that may have been
 * served meanwhile is recorded as withdrawn, so the store keeps its assets for pages opened on
 * it. Removes the journal. Returns what it did, for the message.
 */
async function undo(
  nginx: NginxSettings,
  journal: Journal,
  { reload, run, now }: { reload: boolean; run: RunCommand; now: Date },
): Promise<string> {
  const { intent, previousConfig } = journal;
  const onDisk = await readFile(nginx.configFile, 'utf8').catch(() => undefined);
  const current = await readCurrent(nginx.webRoot);
  const mayHaveServed =
    current === intent.release || (onDisk !== undefined && sha256(onDisk) === intent.nextConfigSha256);
  if (onDisk !== previousConfig) {
    if (previousConfig === undefined) await rm(nginx.configFile, { force: true });
    else await writeFileAtomically(nginx.configFile, previousConfig);
  }
  const previous = intent.previous ?? undefined;
  if (current !== previous && current === intent.release) await restoreCurrent(nginx.webRoot, previous);
  if (reload && previousConfig !== undefined) {
    const test = await run(nginx.testCommand);
    if (test.code !== 0)
      throw commandFailed(nginx.testCommand, test, 'The old config is back but fails its test.');
    const again = await run(nginx.reloadCommand);
    if (again.code !== 0)
      throw commandFailed(
        nginx.reloadCommand,
        again,
        'The old config and current are back but nginx was not reloaded.',
      );
  }
  if (mayHaveServed && intent.previous !== intent.release && current === intent.release) {
    const folder = releaseFolder(nginx.webRoot, intent.release);
    const manifest = await readReleaseManifest(folder).catch(() => undefined);
    const assets = manifest === undefined ? {} : await releaseAssets(folder, manifest.brands);
    await writeHistory(
      nginx.webRoot,
      recordWithdrawn(await readHistory(nginx.webRoot), intent.release, assets, now),
    );
  }
  await clearJournal(nginx.webRoot);
  const config = `the old ${nginx.configFile} is back`;
  if (intent.previous === intent.release)
    return `The config ${previousConfig === undefined ? 'is removed' : 'is as before'}${reload ? ' and nginx reloaded' : ''}; ${intent.release} is still served.`;
  if (current !== intent.release)
    return `The old ${nginx.configFile} is back${reload ? ', tested and reloaded' : ''}; nothing is switched.`;
  return `current points at ${previous ?? 'nothing'} again and ${config}${reload ? ', and nginx is reloaded' : ''}.`;
}

/** The error for a step that failed and an undo that failed too: the host's state and what to run. */
async function unfinished(
  nginx: NginxSettings,
  journal: Journal,
  failure: unknown,
  undoError: unknown,
): Promise<Error> {
  const state = await describeState(nginx, journal).catch(() => 'unknown');
  return new Error(
    `${messageOf(failure)}\nPutting back what was there failed too: ${messageOf(undoError)}\nNow: ${state}. The journal of ${describeIntent(journal)} stays; once the cause is fixed (space freed, nginx running), run \`npm run deploy -- nginx --recover\`: it finishes or undoes it.`,
    { cause: failure },
  );
}

/** current, the config on disk and the history, as a recovery finds them. */
async function describeState(nginx: NginxSettings, journal: Journal): Promise<string> {
  const current = await readCurrent(nginx.webRoot);
  const onDisk = await readFile(nginx.configFile, 'utf8').catch(() => undefined);
  const config =
    onDisk === undefined
      ? 'no config'
      : sha256(onDisk) === journal.intent.nextConfigSha256
        ? `the config for ${journal.intent.release}`
        : onDisk === journal.previousConfig
          ? 'the config from before'
          : 'a config of neither';
  const history = await readHistory(nginx.webRoot).catch(() => undefined);
  const recorded = history === undefined ? 'unreadable' : (servedRelease(history) ?? 'nothing');
  return `current → ${current ?? 'nothing'}, ${nginx.configFile} holds ${config}, deployments.json says ${recorded} is served`;
}

/**
 * What a run finds when a journal is left: a switch that is complete but for removing the
 * journal (done), one complete on disk but maybe not reloaded or recorded (finished: tested,
 * reloaded, recorded), or one that stopped before `current` and the config both changed (undone,
 * nginx reloaded with the old config). Returns what it found and did, or undefined.
 */
async function recoverLocked(nginx: NginxSettings, now: Date, run: RunCommand): Promise<string | undefined> {
  const journal = await readJournal(nginx.webRoot);
  if (journal === undefined) return undefined;
  const { intent } = journal;
  const found = await describeState(nginx, journal);
  const what = `An unfinished run was found: ${describeIntent(journal)}; ${found}.`;
  const current = await readCurrent(nginx.webRoot);
  const onDisk = await readFile(nginx.configFile, 'utf8').catch(() => undefined);
  const switched =
    current === intent.release && onDisk !== undefined && sha256(onDisk) === intent.nextConfigSha256;
  const history = await readHistory(nginx.webRoot);
  if (switched && servedRelease(history) === intent.release) {
    await clearJournal(nginx.webRoot);
    return `${what} It had finished; its journal is removed.`;
  }
  const installed = await installedReleases(nginx.webRoot);
  if (switched && installed.has(intent.release)) {
    const test = await run(nginx.testCommand);
    const reload = test.code === 0 ? await run(nginx.reloadCommand) : undefined;
    if (test.code === 0 && reload?.code === 0) {
      const folder = releaseFolder(nginx.webRoot, intent.release);
      const manifest = await readReleaseManifest(folder);
      const assets = await releaseAssets(folder, manifest.brands);
      await writeHistory(nginx.webRoot, recordSwitch(history, journal.intent, assets, now));
      await clearJournal(nginx.webRoot);
      return `${what} Finished: the config tested, nginx reloaded, deployments.json records ${intent.release} as served.`;
    }
    const failed = reload ?? test;
    const command = reload === undefined ? nginx.testCommand : nginx.reloadCommand;
    const undone = await undo(nginx, journal, { reload: true, run, now });
    return `${what} Finishing it failed (${commandFailed(command, failed, '').message.trim()}), so it is undone: ${undone}`;
  }
  const undone = await undo(nginx, journal, { reload: true, run, now });
  return `${what} Undone: ${undone}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function appendToMessage(error: unknown, aftermath: string): Error {
  const message = messageOf(error).replace(/\n*$/, '');
  return new Error(`${message}\n${aftermath}`, { cause: error });
}

/**
 * Keeps the newest `keepReleases` release folders (the one served and the rollback target
 * first) and the assets of releases served or retired within `assetRetentionDays`.
 */
async function prune(nginx: NginxSettings, history: History, now: Date): Promise<void> {
  const installed = await installedReleases(nginx.webRoot);
  const keep = new Set(
    releasesByRecency(history)
      .filter((id) => installed.has(id))
      .slice(0, nginx.keepReleases),
  );
  await pruneReleases(nginx.webRoot, keep);
  await pruneAssetStore(nginx.webRoot, retainedAssets(history, now, nginx.assetRetentionDays));
  await writeHistory(nginx.webRoot, forgetExpired(history, keep, now, nginx.assetRetentionDays));
}
