import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DeploySettings } from './deploy-settings.ts';
import { renderFirebaseJson, renderFirebaserc } from './firebase-hosting.ts';
import { renderNginxConfig, type ServedBrand } from './nginx-config.ts';

/**
 * The host configs a release carries next to its brand folders, for review and for
 * `npm run release-check`: rendered from deploy.config.json as `npm run deploy` renders them when
 * it installs the release (it renders them again then, so a changed setting needs no build).
 */
export const DEPLOY_FILES = {
  nginx: 'login-gateway.nginx.conf',
  firebaseJson: 'firebase.json',
  firebaserc: '.firebaserc',
} as const;

/**
 * The nginx config, firebase.json and .firebaserc of a release, by file name. Throws on what the
 * settings cannot serve (a site id too long), so a build renders them before it writes anything.
 */
export function renderDeployConfigs(
  brands: readonly ServedBrand[],
  settings: Pick<DeploySettings, 'nginx' | 'firebase'>,
  release: string,
): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    [DEPLOY_FILES.nginx]: renderNginxConfig(brands, settings.nginx, release),
    [DEPLOY_FILES.firebaseJson]: json(renderFirebaseJson(brands, settings.firebase, release)),
    [DEPLOY_FILES.firebaserc]: json(renderFirebaserc(brands, settings.firebase)),
  };
}

/** Writes the nginx config, firebase.json and .firebaserc into a release's folder. */
export async function writeDeployConfigs(
  outDir: string,
  brands: readonly ServedBrand[],
  settings: Pick<DeploySettings, 'nginx' | 'firebase'>,
  release: string,
): Promise<void> {
  const files = renderDeployConfigs(brands, settings, release);
  await Promise.all(Object.entries(files).map(([file, text]) => writeFile(path.join(outDir, file), text)));
}
