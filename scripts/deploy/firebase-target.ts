import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDeploySettings, type FirebaseSettings } from '../lib/deploy-settings.ts';
import { setServedModes } from '../lib/file-modes.ts';
import { renderFirebaseJson, renderFirebaserc } from '../lib/firebase-hosting.ts';
import { DEPLOY_FILES } from '../lib/deploy-configs.ts';
import { linkTree } from '../lib/link-tree.ts';
import type { ServedBrand } from '../lib/nginx-config.ts';
import { healthAnswer, readReleaseManifest } from '../lib/release-manifest.ts';
import { addToAssetStore, pruneAssetStore, storedAssetsDir } from './asset-store.ts';
import { loadCheckedRelease, loadServedBrands } from './checked-release.ts';
import { firebaseCommandLine } from './firebase-cli.ts';
import { withDeployLock } from './deploy-lock.ts';
import {
  forgetExpired,
  historyFile,
  pickRollback,
  readHistory,
  recordSwitch,
  releasesByRecency,
  retainedAssets,
  servedRelease,
  writeHistory,
  type AssetLists,
  type History,
  type SwitchRecord,
} from './history.ts';
import { installedReleases, installRelease, pruneReleases, releaseFolder } from './install-release.ts';
import { clearJournal, describeIntent, readJournal, writeJournal } from './journal.ts';
import { commandFailed, runCommand, type RunCommand } from './run-command.ts';
import { DRY_RUN_HISTORY } from './status.ts';

/** Inside the stage, where the releases, the asset store and the history stay between deploys. */
export const STAGE_STORE = '.store';
/** What Hosting serves as /healthz on every site: the status and the release id (healthAnswer). */
const HEALTH_FILE = 'healthz';
/**
 * Release folders the stage keeps: the one served and the one a rollback restages. Hosting keeps
 * its own history of every site's versions; the assets stay by age, in the store.
 */
const KEEP_RELEASES = 2;

export interface FirebaseDeployOptions {
  releaseDir: string;
  settingsFile: string;
  brandsDir: string;
  /**
   * Assembles the stage but runs no deploy command; records in the dry runs' own history
   * (deployments.dry-run.json), so a series of dry runs stages what real deploys would keep.
   */
  dryRun?: boolean;
  now?: Date;
  run?: RunCommand;
}

export interface FirebaseRollbackOptions extends Omit<FirebaseDeployOptions, 'releaseDir'> {
  /** A staged release to deploy again (`--to <id>`); the one deployed before when left out. */
  to?: string;
}

export type FirebaseRecoverOptions = Omit<FirebaseDeployOptions, 'releaseDir' | 'dryRun'>;

export interface Published {
  release: string;
  /** The release deployed before, by this stage's history. */
  previous: string | undefined;
  stage: string;
  /** The deploy command as run (or, dry, to be run) in the stage: the pinned CLI by its path. */
  command: readonly string[];
  deployed: boolean;
  /** The brands the release serves, by their domains. */
  served: readonly ServedBrand[];
  /** What the run found and did first: a stale lock taken over, an unfinished deploy finished. */
  notes: string[];
}

/**
 * Stages a checked release for Firebase Hosting and runs the deploy command there. Hosting
 * replaces every file of a site on each deploy, so each site's folder also carries every asset
 * the releases of the last `assetRetentionDays` named: a page opened before still finds its chunks.
 */
export async function deployFirebase(options: FirebaseDeployOptions): Promise<Published> {
  const { firebase, stage, command } = await loadFirebaseSettings(options.settingsFile);
  const {
    manifest,
    brands,
    notes: changed,
  } = await loadCheckedRelease(options.releaseDir, options.brandsDir);
  await refuseForeignStage(stage);
  const root = path.join(stage, STAGE_STORE);
  return withDeployLock(root, async (notes) => {
    notes.unshift(...changed);
    const said = await recoverLocked({ ...options, firebase, stage, command }, options.dryRun ?? false);
    if (said !== undefined) notes.push(said);
    const folder = await installRelease(options.releaseDir, root, manifest);
    const assets = await addToAssetStore(root, folder, manifest.brands);
    const release = manifest.release;
    const change = { operation: 'deploy' as const, brands, release, assets };
    return { ...(await publish({ ...options, firebase, stage, command, ...change })), notes };
  });
}

/** Restages the release deployed before the current one and deploys it. */
export async function rollbackFirebase(options: FirebaseRollbackOptions): Promise<Published> {
  const { firebase, stage, command } = await loadFirebaseSettings(options.settingsFile);
  const brands = await loadServedBrands(options.brandsDir);
  const root = path.join(stage, STAGE_STORE);
  return withDeployLock(root, async (notes) => {
    const dryRun = options.dryRun ?? false;
    const said = await recoverLocked({ ...options, firebase, stage, command }, dryRun);
    if (said !== undefined) notes.push(said);
    const history = await startingHistory(root, dryRun);
    const where = path.join(root, 'releases');
    const release = pickRollback(
      options.to,
      history,
      await installedReleases(root),
      servedRelease(history),
      where,
    );
    const staged = await stagedRelease(root, release, brands);
    return {
      ...(await publish({
        ...options,
        firebase,
        stage,
        command,
        operation: options.to === undefined ? 'rollback' : 'switch',
        ...staged,
      })),
      notes,
    };
  });
}

/**
 * Finishes a deploy that did not end (a journal is left in the store): whether Hosting took it is
 * not known here, so the release it was deploying is staged and deployed again (Hosting takes
 * the same files twice without harm) and recorded. Says what it found and did.
 */
export async function recoverFirebase(options: FirebaseRecoverOptions): Promise<{ notes: string[] }> {
  const { firebase, stage, command } = await loadFirebaseSettings(options.settingsFile);
  const root = path.join(stage, STAGE_STORE);
  return withDeployLock(root, async (notes) => {
    const said = await recoverLocked({ ...options, firebase, stage, command }, false);
    notes.push(
      said ??
        `Nothing unfinished in ${root}: ${servedRelease(await readHistory(root)) ?? 'nothing'} is deployed, by its history.`,
    );
    return { notes };
  });
}

interface Settled {
  firebase: FirebaseSettings;
  stage: string;
  command: readonly string[];
  brandsDir: string;
  now?: Date;
  run?: RunCommand;
}

async function recoverLocked(settled: Settled, dryRun: boolean): Promise<string | undefined> {
  const root = path.join(settled.stage, STAGE_STORE);
  const journal = await readJournal(root);
  if (journal === undefined) return undefined;
  const what = `An unfinished run was found: ${describeIntent(journal)}.`;
  if (dryRun)
    return `${what} A dry run leaves it; run \`npm run deploy -- firebase --recover\` to finish it.`;
  const { intent } = journal;
  if (!(await installedReleases(root)).has(intent.release)) {
    await clearJournal(root);
    return `${what} Its release is no longer staged, so it cannot be deployed again; its journal is removed and the history says ${servedRelease(await readHistory(root)) ?? 'nothing'} is deployed. Deploy again to be sure of what Hosting serves.`;
  }
  const brands = await loadServedBrands(settled.brandsDir);
  const staged = await stagedRelease(root, intent.release, brands);
  await publish({ ...settled, ...staged, operation: intent.operation, previousOverride: intent.previous });
  return `${what} Finished: ${intent.release} is staged and deployed again, and recorded.`;
}

/** An installed release's assets (back into the store) and the brands of brands/ it holds. */
async function stagedRelease(root: string, release: string, brands: readonly ServedBrand[]) {
  const folder = releaseFolder(root, release);
  const manifest = await readReleaseManifest(folder);
  const assets = await addToAssetStore(root, folder, manifest.brands);
  return { release, assets, brands: brands.filter((brand) => manifest.brands.includes(brand.service)) };
}

/**
 * The history a run starts from: a dry run's is the dry runs' own file once there is one (a real
 * deploy removes it), so it starts from what real deploys recorded.
 */
async function startingHistory(root: string, dryRun: boolean): Promise<History> {
  const dry = dryRun && existsSync(historyFile(root, DRY_RUN_HISTORY));
  return readHistory(root, dry ? DRY_RUN_HISTORY : undefined);
}

interface Publication {
  firebase: FirebaseSettings;
  stage: string;
  command: readonly string[];
  operation: SwitchRecord['operation'];
  brands: readonly ServedBrand[];
  release: string;
  assets: AssetLists;
  dryRun?: boolean;
  /**
   * A recovery's: the release deployed before the unfinished run, as its journal says, which
   * stays until this run records what Hosting took.
   */
  previousOverride?: string | null;
  now?: Date;
  run?: RunCommand;
}

/**
 * Stages the release with every retained asset and deploys it: a journal says so before the
 * deploy command runs and goes once the history records it, so a run killed meanwhile is
 * finished by the next (recoverLocked). A dry run stages and records in its own history only.
 */
async function publish(publication: Publication): Promise<Omit<Published, 'notes'>> {
  const { firebase, stage, command, release, operation } = publication;
  const root = path.join(stage, STAGE_STORE);
  const now = publication.now ?? new Date();
  const dryRun = publication.dryRun ?? false;
  const history = await startingHistory(root, dryRun);
  const previous =
    publication.previousOverride === undefined
      ? servedRelease(history)
      : (publication.previousOverride ?? undefined);
  const next = recordSwitch(
    history,
    { operation, release, previous: previous ?? null },
    publication.assets,
    now,
  );
  const retained = retainedAssets(next, now, firebase.assetRetentionDays);
  await assembleStage(stage, publication.brands, release, retained, firebase);
  const result = {
    release,
    previous,
    stage,
    command,
    served: publication.brands.map(({ service, domains }) => ({ service, domains })),
  };
  const installed = await installedReleases(root);
  if (dryRun) {
    await writeHistory(
      root,
      forgetExpired(next, installed, now, firebase.assetRetentionDays),
      DRY_RUN_HISTORY,
    );
    return { ...result, deployed: false };
  }

  if (publication.previousOverride === undefined)
    await writeJournal(
      root,
      { target: 'firebase', operation, release, previous: previous ?? null },
      undefined,
      now,
    );
  const deploy = await (publication.run ?? runCommand)(command, stage);
  if (deploy.code !== 0) {
    // A recovery's journal stays: the run it finishes may have reached Hosting.
    if (publication.previousOverride === undefined) await clearJournal(root);
    throw commandFailed(
      command,
      deploy,
      `Hosting serves what it served before (${previous ?? 'nothing from here'}).`,
    );
  }
  await writeHistory(root, next);
  await clearJournal(root);
  // Dry runs start again from what is deployed.
  await rm(historyFile(root, DRY_RUN_HISTORY), { force: true });
  const keep = new Set(
    releasesByRecency(next)
      .filter((id) => installed.has(id))
      .slice(0, KEEP_RELEASES),
  );
  await pruneReleases(root, keep);
  await pruneAssetStore(root, retained);
  await writeHistory(root, forgetExpired(next, keep, now, firebase.assetRetentionDays));
  return { ...result, deployed: true };
}

/**
 * Rebuilds everything in the stage but the store: per brand the release's folder, every
 * retained asset of that brand and `healthz`; then firebase.json and .firebaserc.
 * Files are hard links into the store, so a stage costs directory entries, not copies. What is
 * uploaded is 0644 and 0755 like an nginx install, so no local user can change it on the way.
 */
async function assembleStage(
  stage: string,
  brands: readonly ServedBrand[],
  release: string,
  retained: ReadonlyMap<string, ReadonlySet<string>>,
  firebase: FirebaseSettings,
): Promise<void> {
  const root = path.join(stage, STAGE_STORE);
  const folder = releaseFolder(root, release);
  for (const entry of await readdir(stage)) {
    if (entry !== STAGE_STORE) await rm(path.join(stage, entry), { recursive: true, force: true });
  }
  for (const { service } of brands) {
    const site = path.join(stage, service);
    await linkTree(path.join(folder, service), site);
    await mkdir(path.join(site, 'assets'), { recursive: true });
    for (const name of retained.get(service) ?? []) {
      const to = path.join(site, 'assets', name);
      if (await stat(to).catch(() => undefined)) continue;
      const from = path.join(storedAssetsDir(root, service), name);
      await link(from, to).catch(() => copyFile(from, to));
    }
    await writeFile(path.join(site, HEALTH_FILE), healthAnswer(release));
  }
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  await writeFile(
    path.join(stage, DEPLOY_FILES.firebaseJson),
    json(renderFirebaseJson(brands, firebase, release)),
  );
  await writeFile(path.join(stage, DEPLOY_FILES.firebaserc), json(renderFirebaserc(brands, firebase)));
  await setServedModes(stage);
}

/**
 * Each deploy empties the stage but for .store/, so a folder that already holds files but no
 * .store/ (a mistyped stageDir such as "." or "dist") is refused rather than emptied.
 */
async function refuseForeignStage(stage: string): Promise<void> {
  const entries = await readdir(stage).catch((): string[] => []);
  if (entries.length > 0 && !entries.includes(STAGE_STORE)) {
    throw new Error(
      `${stage} holds files but is no deploy stage (it has no ${STAGE_STORE}/): set firebase.stageDir to a folder of its own, such as .deploy/firebase`,
    );
  }
}

/**
 * The Firebase settings, the stage folder resolved against the settings file's folder, and the
 * deploy command as it will run: a CLI that is not installed stops the deploy before it stages.
 */
async function loadFirebaseSettings(
  settingsFile: string,
): Promise<{ firebase: FirebaseSettings; stage: string; command: string[] }> {
  const { settings, file } = await loadDeploySettings(settingsFile);
  return {
    firebase: settings.firebase,
    stage: path.resolve(path.dirname(file), settings.firebase.stageDir),
    command: firebaseCommandLine(settings.firebase.deployCommand),
  };
}
