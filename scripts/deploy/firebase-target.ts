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
  readHistory,
  recordServed,
  releasesByRecency,
  retainedAssets,
  rollbackTarget,
  servedRelease,
  writeHistory,
  type AssetLists,
} from './history.ts';
import { installedReleases, installRelease, pruneReleases, releaseFolder } from './install-release.ts';
import { commandFailed, runCommand, type RunCommand } from './run-command.ts';

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
  /** Assembles the stage but runs no deploy command and records nothing. */
  dryRun?: boolean;
  now?: Date;
  run?: RunCommand;
}

export type FirebaseRollbackOptions = Omit<FirebaseDeployOptions, 'releaseDir'>;

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
}

/**
 * Stages a checked release for Firebase Hosting and runs the deploy command there. Hosting
 * replaces every file of a site on each deploy, so each site's folder also carries every asset
 * the releases of the last `assetRetentionDays` named: a page opened before still finds its chunks.
 */
export async function deployFirebase(options: FirebaseDeployOptions): Promise<Published> {
  const { firebase, stage, command } = await loadFirebaseSettings(options.settingsFile);
  const { manifest, brands } = await loadCheckedRelease(options.releaseDir, options.brandsDir);
  await refuseForeignStage(stage);
  const root = path.join(stage, STAGE_STORE);
  return withDeployLock(root, async () => {
    const folder = await installRelease(options.releaseDir, root, manifest);
    const assets = await addToAssetStore(root, folder, manifest.brands);
    return publish({ ...options, firebase, stage, command, brands, release: manifest.release, assets });
  });
}

/** Restages the release deployed before the current one and deploys it. */
export async function rollbackFirebase(options: FirebaseRollbackOptions): Promise<Published> {
  const { firebase, stage, command } = await loadFirebaseSettings(options.settingsFile);
  const brands = await loadServedBrands(options.brandsDir);
  const root = path.join(stage, STAGE_STORE);
  return withDeployLock(root, async () => {
    const history = await readHistory(root);
    const release = rollbackTarget(history, await installedReleases(root));
    if (release === undefined) {
      throw new Error(
        `Nothing to roll back to: no release deployed before ${servedRelease(history) ?? 'now'} is still staged in ${path.join(root, 'releases')}`,
      );
    }
    const folder = releaseFolder(root, release);
    const manifest = await readReleaseManifest(folder);
    const assets = await addToAssetStore(root, folder, manifest.brands);
    const served = brands.filter((brand) => manifest.brands.includes(brand.service));
    return publish({ ...options, firebase, stage, command, brands: served, release, assets });
  });
}

interface Publication {
  firebase: FirebaseSettings;
  stage: string;
  command: readonly string[];
  brands: readonly ServedBrand[];
  release: string;
  assets: AssetLists;
  dryRun?: boolean;
  now?: Date;
  run?: RunCommand;
}

async function publish(publication: Publication): Promise<Published> {
  const { firebase, stage, command, release } = publication;
  const root = path.join(stage, STAGE_STORE);
  const now = publication.now ?? new Date();
  const history = await readHistory(root);
  const previous = servedRelease(history);
  const next = recordServed(history, release, publication.assets, now);
  const retained = retainedAssets(next, now, firebase.assetRetentionDays);
  await assembleStage(stage, publication.brands, release, retained, firebase);
  const result = {
    release,
    previous,
    stage,
    command,
    served: publication.brands.map(({ service, domains }) => ({ service, domains })),
  };
  if (publication.dryRun) return { ...result, deployed: false };

  const deploy = await (publication.run ?? runCommand)(command, stage);
  if (deploy.code !== 0) {
    throw commandFailed(
      command,
      deploy,
      `Hosting serves what it served before (${previous ?? 'nothing from here'}).`,
    );
  }
  const installed = await installedReleases(root);
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
