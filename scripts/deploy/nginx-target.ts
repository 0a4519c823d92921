import path from 'node:path';
import { loadDeploySettings, type NginxSettings } from '../lib/deploy-settings.ts';
import { renderNginxConfig, type ServedBrand } from '../lib/nginx-config.ts';
import { readReleaseManifest } from '../lib/release-manifest.ts';
import { WEB_ROOT_LAYOUT } from '../lib/web-root-layout.ts';
import { addToAssetStore, pruneAssetStore } from './asset-store.ts';
import { loadCheckedRelease, loadServedBrands } from './checked-release.ts';
import { installConfigFile } from './config-file.ts';
import { withDeployLock } from './deploy-lock.ts';
import {
  forgetExpired,
  readHistory,
  recordServed,
  releasesByRecency,
  retainedAssets,
  rollbackTarget,
  writeHistory,
  type History,
} from './history.ts';
import { installedReleases, installRelease, pruneReleases, releaseFolder } from './install-release.ts';
import { commandFailed, runCommand, type RunCommand } from './run-command.ts';
import { readCurrent, restoreCurrent, switchCurrent } from './switch-current.ts';

export interface NginxDeployOptions {
  /** A checked release: `dist/` after `npm run build`. */
  releaseDir: string;
  settingsFile: string;
  brandsDir: string;
  now?: Date;
  run?: RunCommand;
}

export type NginxRollbackOptions = Omit<NginxDeployOptions, 'releaseDir'>;

/** The release now served and the one it replaced (undefined on a first deploy). */
export interface Switched {
  release: string;
  previous: string | undefined;
  /** The brands the release now serves, by their domains. */
  served: readonly ServedBrand[];
}

/**
 * Installs a checked release into the web root and serves it: its assets join the store, the
 * config is rendered and tested, `current` is swapped and nginx reloaded. A release already
 * current is only re-rendered, tested and reloaded: that is how a settings or domain change goes
 * live without a build. Afterwards old release folders and expired assets are pruned.
 */
export async function deployNginx(options: NginxDeployOptions): Promise<Switched> {
  const { nginx } = (await loadDeploySettings(options.settingsFile)).settings;
  return withDeployLock(nginx.webRoot, () => deployLocked(nginx, options));
}

async function deployLocked(nginx: NginxSettings, options: NginxDeployOptions): Promise<Switched> {
  const { manifest, brands } = await loadCheckedRelease(options.releaseDir, options.brandsDir);
  const now = options.now ?? new Date();
  const folder = await installRelease(options.releaseDir, nginx.webRoot, manifest);
  const assets = await addToAssetStore(nginx.webRoot, folder, manifest.brands);
  const previous = await serveRelease(nginx, brands, manifest.release, options.run ?? runCommand);
  const history = recordServed(await readHistory(nginx.webRoot), manifest.release, assets, now);
  // Recorded before pruning, so an interrupted prune loses no record of what is served.
  await writeHistory(nginx.webRoot, history);
  await prune(nginx, history, now);
  return { release: manifest.release, previous, served: servedBrands(brands) };
}

/** The brands by their service and domains, as the deploy's report names them. */
function servedBrands(brands: readonly ServedBrand[]): ServedBrand[] {
  return brands.map(({ service, domains }) => ({ service, domains }));
}

/**
 * Serves again the release that was current before (the most recently retired one whose folder
 * is still installed), with the same test, reload and restore steps as a deploy.
 */
export async function rollbackNginx(options: NginxRollbackOptions): Promise<Switched> {
  const { nginx } = (await loadDeploySettings(options.settingsFile)).settings;
  return withDeployLock(nginx.webRoot, () => rollbackLocked(nginx, options));
}

async function rollbackLocked(nginx: NginxSettings, options: NginxRollbackOptions): Promise<Switched> {
  const brands = await loadServedBrands(options.brandsDir);
  const history = await readHistory(nginx.webRoot);
  const release = rollbackTarget(history, await installedReleases(nginx.webRoot));
  if (release === undefined) {
    throw new Error(
      `Nothing to roll back to: no release served before ${(await readCurrent(nginx.webRoot)) ?? 'now'} is still installed in ${path.join(nginx.webRoot, WEB_ROOT_LAYOUT.releases)}`,
    );
  }
  const folder = releaseFolder(nginx.webRoot, release);
  const manifest = await readReleaseManifest(folder);
  // Its assets may have left the store by age; the release folder still has them.
  const assets = await addToAssetStore(nginx.webRoot, folder, manifest.brands);
  // Domains come from brands/ as they are now; a brand the old release lacks is not served.
  const served = brands.filter((brand) => manifest.brands.includes(brand.service));
  const previous = await serveRelease(nginx, served, release, options.run ?? runCommand);
  await writeHistory(nginx.webRoot, recordServed(history, release, assets, options.now ?? new Date()));
  return { release, previous, served: servedBrands(served) };
}

/**
 * Installs the config for `release`, tests it, points `current` at the release and reloads
 * nginx. When the test or the reload fails, the config and `current` are put back as they were
 * and the error carries the command's output. Returns the release `current` pointed at before.
 */
async function serveRelease(
  nginx: NginxSettings,
  brands: readonly ServedBrand[],
  release: string,
  run: RunCommand,
): Promise<string | undefined> {
  const previous = await readCurrent(nginx.webRoot);
  const restoreConfig = await installConfigFile(nginx.configFile, renderNginxConfig(brands, nginx, release));
  const test = await run(nginx.testCommand);
  if (test.code !== 0) {
    await restoreConfig();
    throw commandFailed(nginx.testCommand, test, `The old ${nginx.configFile} is back; nothing is switched.`);
  }
  await switchCurrent(nginx.webRoot, release).catch(async (error: unknown) => {
    await restoreConfig();
    throw error;
  });
  const reload = await run(nginx.reloadCommand);
  if (reload.code !== 0) {
    await restoreCurrent(nginx.webRoot, previous);
    await restoreConfig();
    throw commandFailed(
      nginx.reloadCommand,
      reload,
      `current points at ${previous ?? 'nothing'} again and the old ${nginx.configFile} is back.`,
    );
  }
  return previous;
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
