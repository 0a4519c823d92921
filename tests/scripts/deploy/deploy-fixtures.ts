import { link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_BUILD_META, brandMarker } from '../../../scripts/lib/bake-html.ts';
import { buildContentSecurityPolicy } from '../../../scripts/lib/csp.ts';
import { writeDeployConfigs } from '../../../scripts/lib/deploy-configs.ts';
import { parseDeploySettings, type DeploySettings } from '../../../scripts/lib/deploy-settings.ts';
import { setServedModes } from '../../../scripts/lib/file-modes.ts';
import type { ServedBrand } from '../../../scripts/lib/nginx-config.ts';
import { writeReleaseManifest } from '../../../scripts/lib/release-manifest.ts';
import { REDIRECT_HOSTS_META } from '../../../src/lib/redirect-hosts.ts';
import type { CommandResult, RunCommand } from '../../../scripts/deploy/run-command.ts';
import { validBrandJson, writeBrandFolder } from '../brand-fixtures.ts';
import { LICENSES_FILE } from '../../../scripts/lib/third-party-licenses.ts';

/** Two brands, each on its own domain. */
export const BRANDS: readonly ServedBrand[] = [
  { service: 'alpha-brand', domains: ['login.alpha.example'] },
  { service: 'beta-brand', domains: ['login.beta.example'] },
];

/** Release ids as the build writes them: build time and commit. */
export const RELEASE = {
  a: '20260105T090000Z-aaaaaaa',
  b: '20260112T090000Z-bbbbbbb',
  c: '20260119T090000Z-ccccccc',
} as const;

/** A release built from a tree with uncommitted changes. */
export const DIRTY_RELEASE = '20260126T090000Z-ddddddd-dirty';

export const DAY = 24 * 60 * 60 * 1000;
export const T0 = new Date('2026-02-01T10:00:00Z');
export const daysAfter = (days: number) => new Date(T0.getTime() + days * DAY);

/** A temporary project: brands/, deploy.config.json, a web root, an nginx config folder and a stage. */
export interface DeployWorld {
  dir: string;
  brandsDir: string;
  settingsFile: string;
  settings: DeploySettings;
  webRoot: string;
  configFile: string;
  stage: string;
}

export async function makeDeployWorld(nginx: Partial<DeploySettings['nginx']> = {}): Promise<DeployWorld> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-test-deploy-'));
  const brandsDir = path.join(dir, 'brands');
  for (const brand of BRANDS) {
    await writeBrandFolder(brandsDir, brand.service, {
      'brand.json': JSON.stringify({ ...validBrandJson, domains: brand.domains }),
    });
  }
  const webRoot = path.join(dir, 'www');
  const configFile = path.join(dir, 'nginx', 'conf.d', 'login-gateway.conf');
  const raw = {
    paypal: { clientIdLive: null, clientIdSandbox: 'sb' },
    nginx: {
      webRoot,
      certificateDir: path.join(dir, 'ssl'),
      backend: '127.0.0.1:8081',
      acmeRoot: path.join(dir, 'acme'),
      httpListen: ['80'],
      httpsListen: ['443'],
      publicHttpsPort: 443,
      accessLog: 'off',
      configFile,
      testCommand: ['nginx', '-t'],
      reloadCommand: ['systemctl', 'reload', 'nginx'],
      keepReleases: 5,
      assetRetentionDays: 7,
      ...nginx,
    },
    firebase: {
      projectId: 'login-gateway',
      sitePrefix: 'login-gateway-',
      backendService: 'login-gateway-backend',
      backendRegion: 'europe-west3',
      stageDir: 'stage',
      deployCommand: ['firebase', 'deploy', '--only', 'hosting'],
      emulatorPort: 5005,
      assetRetentionDays: 7,
    },
  };
  const settingsFile = path.join(dir, 'deploy.config.json');
  const text = `${JSON.stringify(raw, null, 2)}\n`;
  await writeFile(settingsFile, text);
  const settings = parseDeploySettings(text, settingsFile);
  return { dir, brandsDir, settingsFile, settings, webRoot, configFile, stage: path.join(dir, 'stage') };
}

export async function removeDeployWorld(world: DeployWorld): Promise<void> {
  await rm(world.dir, { recursive: true, force: true });
}

export interface ReleaseFixture {
  /** Asset files every brand folder shares (hard links, as the build makes them), by name. */
  assets: Record<string, string>;
  brands?: readonly ServedBrand[];
  demo?: boolean;
}

/**
 * Writes a release as `npm run build` does, small: per brand an index.html the release check
 * accepts, the licences file and assets/ with each file's .br and .gz twins, release.json (dirty
 * when the id says so) and the host configs.
 * Returns its folder.
 */
export async function writeRelease(
  world: DeployWorld,
  release: string,
  fixture: ReleaseFixture,
): Promise<string> {
  const dir = path.join(world.dir, 'builds', release);
  const brands = fixture.brands ?? BRANDS;
  const [first, ...others] = brands;
  if (!first) throw new Error('a release fixture needs a brand');
  await rm(dir, { recursive: true, force: true });
  for (const { service } of brands) {
    await mkdir(path.join(dir, service, 'assets'), { recursive: true });
    await writeFile(path.join(dir, service, 'index.html'), page(service, fixture.demo ?? false));
    await writeFile(
      path.join(dir, service, LICENSES_FILE),
      'react (MIT)\n\nPermission is hereby granted …\n',
    );
  }
  for (const [name, text] of Object.entries(fixture.assets)) {
    for (const file of [name, `${name}.br`, `${name}.gz`]) {
      const shared = path.join(dir, first.service, 'assets', file);
      await writeFile(shared, file === name ? text : `${file} of ${text}`);
      for (const { service } of others) await link(shared, path.join(dir, service, 'assets', file));
    }
  }
  await writeReleaseManifest(dir, {
    status: 'ok',
    release,
    commit: release.split('-')[1] ?? '',
    dirty: release.endsWith('-dirty'),
    builtAt: '2026-01-05T09:00:00Z',
    brands: brands.map((brand) => brand.service).sort(),
  });
  await writeDeployConfigs(dir, brands, world.settings, release);
  // 0644 and 0755, as a release has them, whatever umask the tests run under.
  await setServedModes(dir);
  return dir;
}

function page(service: string, demo: boolean): string {
  const policy = buildContentSecurityPolicy(service, 'release').replaceAll('&', '&amp;');
  return [
    '<!doctype html>',
    brandMarker(service),
    `<head><meta http-equiv="Content-Security-Policy" content="${policy}">`,
    `<meta name="${REDIRECT_HOSTS_META}" content="${service}.example">${demo ? DEMO_BUILD_META : ''}</head>`,
    '<body><div id="root"></div></body></html>',
    '',
  ].join('\n');
}

/** Gives every brand of brands/ another domain, as a brand manager's change would. */
export async function moveDomains(world: DeployWorld, suffix: string): Promise<ServedBrand[]> {
  const moved = BRANDS.map((brand) => ({
    service: brand.service,
    domains: brand.domains.map((domain) => domain.replace('.example', `-${suffix}.example`)),
  }));
  for (const brand of moved) {
    const file = path.join(world.brandsDir, brand.service, 'brand.json');
    const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...json, domains: brand.domains }));
  }
  return moved;
}

export interface FakeCommands {
  run: RunCommand;
  /** Each command run, as `cwd: command` (cwd only when given). */
  calls: string[];
  /** What a command (joined with spaces) answers instead of success. */
  answers: Map<string, CommandResult>;
}

/** A command runner that records the commands and succeeds, unless told otherwise. */
export function fakeCommands(): FakeCommands {
  const calls: string[] = [];
  const answers = new Map<string, CommandResult>();
  const run: RunCommand = (command, cwd) => {
    const line = command.join(' ');
    calls.push(cwd === undefined ? line : `${cwd}: ${line}`);
    return Promise.resolve(answers.get(line) ?? { code: 0, output: '' });
  };
  return { run, calls, answers };
}
