import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { pinnedFirebaseCli } from '../../../scripts/deploy/firebase-cli.ts';
import { deployFirebase, rollbackFirebase } from '../../../scripts/deploy/firebase-target.ts';
import { writableEntries } from '../../../scripts/lib/file-modes.ts';
import { renderFirebaseJson, renderFirebaserc } from '../../../scripts/lib/firebase-hosting.ts';
import { healthAnswer } from '../../../scripts/lib/release-manifest.ts';
import { projectRoot } from '../../../scripts/vite/app-config.ts';
import {
  BRANDS,
  daysAfter,
  fakeCommands,
  makeDeployWorld,
  RELEASE,
  removeDeployWorld,
  T0,
  writeRelease,
  type DeployWorld,
  type FakeCommands,
} from './deploy-fixtures.ts';

let world: DeployWorld;
let commands: FakeCommands;
beforeEach(async () => {
  world = await makeDeployWorld();
  commands = fakeCommands();
});
afterEach(async () => {
  await removeDeployWorld(world);
});

const A_ASSETS = { 'index-AAAA.js': 'export const a = 1;\n' };
const B_ASSETS = { 'index-BBBB.js': 'export const b = 2;\n' };
const C_ASSETS = { 'index-CCCC.js': 'export const c = 3;\n' };
/** The settings' `firebase deploy --only hosting`, as it runs: the project's CLI by its path. */
const DEPLOY_COMMAND = [process.execPath, pinnedFirebaseCli(), 'deploy', '--only', 'hosting'];
const DEPLOY = DEPLOY_COMMAND.join(' ');

async function deploy(
  release: keyof typeof RELEASE,
  assets: Record<string, string>,
  now = T0,
  dryRun = false,
) {
  const releaseDir = await writeRelease(world, RELEASE[release], { assets });
  return deployFirebase({
    releaseDir,
    settingsFile: world.settingsFile,
    brandsDir: world.brandsDir,
    dryRun,
    now,
    run: commands.run,
  });
}
function rollback(now = T0) {
  return rollbackFirebase({
    settingsFile: world.settingsFile,
    brandsDir: world.brandsDir,
    now,
    run: commands.run,
  });
}

const staged = async (service = 'alpha-brand') =>
  (await readdir(path.join(world.stage, service, 'assets')))
    .filter((name) => !/\.(br|gz)$/.test(name))
    .sort();
/** The release a site's /healthz names; it names nothing else. */
const healthz = async (service = 'alpha-brand') => {
  const body = await readFile(path.join(world.stage, service, 'healthz'), 'utf8');
  const { release } = JSON.parse(body) as { release: string };
  expect(body).toBe(healthAnswer(release));
  return release;
};
const readJson = async (file: string): Promise<unknown> =>
  JSON.parse(await readFile(path.join(world.stage, file), 'utf8'));

describe('deployFirebase', () => {
  test('stages every brand, the release id as healthz and the rendered configs, then deploys from the stage', async () => {
    expect(await deploy('a', A_ASSETS)).toEqual({
      release: RELEASE.a,
      previous: undefined,
      stage: world.stage,
      command: DEPLOY_COMMAND,
      deployed: true,
      served: BRANDS,
      notes: [],
    });

    expect((await readdir(world.stage)).sort()).toEqual([
      '.firebaserc',
      '.store',
      ...BRANDS.map((b) => b.service),
      'firebase.json',
    ]);
    for (const { service } of BRANDS) {
      expect(await readFile(path.join(world.stage, service, 'index.html'), 'utf8')).toContain(
        `data-brand="${service}"`,
      );
      expect(await staged(service)).toEqual(['index-AAAA.js']);
      expect(await healthz(service)).toBe(RELEASE.a);
    }
    expect(await readJson('firebase.json')).toEqual(
      renderFirebaseJson(BRANDS, world.settings.firebase, RELEASE.a),
    );
    expect(await readJson('.firebaserc')).toEqual(renderFirebaserc(BRANDS, world.settings.firebase));
    expect(commands.calls).toEqual([`${world.stage}: ${DEPLOY}`]);
  });

  test('each site also carries the assets of the release before, for pages opened before the deploy', async () => {
    await deploy('a', A_ASSETS);
    expect(await deploy('b', B_ASSETS, daysAfter(1))).toMatchObject({
      release: RELEASE.b,
      previous: RELEASE.a,
    });

    expect(await healthz('beta-brand')).toBe(RELEASE.b);
    expect(await staged('beta-brand')).toEqual(['index-AAAA.js', 'index-BBBB.js']);
    expect(await readJson('firebase.json')).toEqual(
      renderFirebaseJson(BRANDS, world.settings.firebase, RELEASE.b),
    );
  });

  test('an asset leaves the sites once the release that named it has been retired longer than the retention', async () => {
    await deploy('a', A_ASSETS);
    await deploy('b', B_ASSETS, daysAfter(1));
    await deploy('c', C_ASSETS, daysAfter(7.5));
    // A retired 6.5 days ago, B now.
    expect(await staged()).toEqual(['index-AAAA.js', 'index-BBBB.js', 'index-CCCC.js']);

    await deploy('c', C_ASSETS, daysAfter(8.5));
    expect(await staged()).toEqual(['index-BBBB.js', 'index-CCCC.js']);
    expect(await readdir(path.join(world.stage, '.store', 'store', 'alpha-brand', 'assets'))).not.toContain(
      'index-AAAA.js',
    );
  });

  test('--dry-run stages the release but runs nothing and records only in the dry runs’ own history', async () => {
    await deploy('a', A_ASSETS);
    expect(await deploy('b', B_ASSETS, daysAfter(1), true)).toMatchObject({
      release: RELEASE.b,
      previous: RELEASE.a,
      deployed: false,
    });

    expect(await healthz()).toBe(RELEASE.b);
    expect(commands.calls).toEqual([`${world.stage}: ${DEPLOY}`]);
    // A second dry run stages what a real deploy would: b's assets stay beside c's, as a's do.
    expect(await deploy('c', C_ASSETS, daysAfter(2), true)).toMatchObject({ previous: RELEASE.b });
    expect(await staged()).toEqual(['index-AAAA.js', 'index-BBBB.js', 'index-CCCC.js']);
    expect(commands.calls).toHaveLength(1);
    // The next deploy still replaces A, the release deployed, and dry runs start again from it.
    expect(await deploy('b', B_ASSETS, daysAfter(3))).toMatchObject({ previous: RELEASE.a });
    expect(await readdir(path.join(world.stage, '.store'))).not.toContain('deployments.dry-run.json');
    expect(await deploy('c', C_ASSETS, daysAfter(4), true)).toMatchObject({ previous: RELEASE.b });
  });

  test('a failing deploy command is told with its output and recorded as nothing deployed', async () => {
    await deploy('a', A_ASSETS);
    commands.answers.set(DEPLOY, {
      code: 1,
      output: 'Error: Failed to authenticate, have you run firebase login?\n',
    });

    await expect(deploy('b', B_ASSETS, daysAfter(1))).rejects.toThrow(
      new Error(
        `\`${DEPLOY}\` failed (exit 1):\n  Error: Failed to authenticate, have you run firebase login?\nHosting serves what it served before (20260105T090000Z-aaaaaaa).`,
      ),
    );
    commands.answers.clear();
    expect(await deploy('c', C_ASSETS, daysAfter(2))).toMatchObject({ previous: RELEASE.a });
  });
});

describe('rollbackFirebase', () => {
  test('restages the release deployed before and deploys it', async () => {
    await deploy('a', A_ASSETS);
    await deploy('b', B_ASSETS, daysAfter(1));

    expect(await rollback(daysAfter(2))).toMatchObject({
      release: RELEASE.a,
      previous: RELEASE.b,
      deployed: true,
    });

    expect(await healthz()).toBe(RELEASE.a);
    expect(await staged()).toEqual(['index-AAAA.js', 'index-BBBB.js']);
    expect(await readJson('firebase.json')).toEqual(
      renderFirebaseJson(BRANDS, world.settings.firebase, RELEASE.a),
    );
    expect(commands.calls).toEqual(Array(3).fill(`${world.stage}: ${DEPLOY}`));
  });

  test('says there is nothing to roll back to after a single deploy', async () => {
    await deploy('a', A_ASSETS);
    await expect(rollback()).rejects.toThrow(
      /^Nothing to roll back to: no release served before 20260105T090000Z-aaaaaaa/,
    );
    expect(commands.calls).toHaveLength(1);
  });
});

test('a stage folder that holds other files (a mistyped stageDir) is refused, not emptied', async () => {
  const releaseDir = await writeRelease(world, RELEASE.a, { assets: A_ASSETS });
  const settings = JSON.parse(await readFile(world.settingsFile, 'utf8')) as {
    firebase: { stageDir: string };
  };
  settings.firebase.stageDir = 'brands';
  await writeFile(world.settingsFile, JSON.stringify(settings));

  await expect(
    deployFirebase({
      releaseDir,
      settingsFile: world.settingsFile,
      brandsDir: world.brandsDir,
      run: commands.run,
    }),
  ).rejects.toThrow(`${world.brandsDir} holds files but is no deploy stage (it has no .store/)`);
  expect((await readdir(world.brandsDir)).sort()).toEqual(BRANDS.map((brand) => brand.service));
  expect(commands.calls).toEqual([]);
});

test('a deploy while another holds the stage is refused before it changes anything, and the lock goes with the deploy', async () => {
  await deploy('a', A_ASSETS);
  const lock = path.join(world.stage, '.store', '.deploy-lock');
  await mkdir(lock);
  await expect(deploy('b', B_ASSETS, daysAfter(1))).rejects.toThrow(/^Another deploy holds \S+\.deploy-lock/);
  await expect(rollback(daysAfter(1))).rejects.toThrow(/^Another deploy holds/);
  expect(commands.calls).toEqual([`${world.stage}: ${DEPLOY}`]);
  await rm(lock, { recursive: true });
  expect((await deploy('b', B_ASSETS, daysAfter(1))).release).toBe(RELEASE.b);
  expect(await readdir(path.join(world.stage, '.store'))).not.toContain('.deploy-lock');
});

describe('the deploy command', () => {
  async function setDeployCommand(command: string[]) {
    const settings = JSON.parse(await readFile(world.settingsFile, 'utf8')) as {
      firebase: { deployCommand: string[] };
    };
    settings.firebase.deployCommand = command;
    await writeFile(world.settingsFile, JSON.stringify(settings));
  }

  test('`npx firebase …`, as the settings said before, runs the project’s CLI by its path in a stage outside the project', async () => {
    await setDeployCommand(['npx', 'firebase', 'deploy', '--only', 'hosting']);
    expect(path.relative(projectRoot, world.stage)).toMatch(/^\.\.\//);
    expect((await deploy('a', A_ASSETS)).command).toEqual(DEPLOY_COMMAND);
    expect(commands.calls).toEqual([`${world.stage}: ${DEPLOY}`]);
  });

  test('another npx command is refused before anything is staged or run', async () => {
    await setDeployCommand(['npx', '-y', 'firebase-tools', 'deploy']);
    await expect(deploy('a', A_ASSETS)).rejects.toThrow(/npx would fetch what the project does not pin/);
    expect(commands.calls).toEqual([]);
    expect(await readdir(world.dir)).not.toContain('stage');
  });
});

test('what is staged is 0644 and 0755, also when the stage’s store holds writable files', async () => {
  await deploy('a', A_ASSETS);
  // As a deploy before the rule left the store: every file 0666, every folder 0777.
  const store = path.join(world.stage, '.store');
  for (const entry of await readdir(store, { recursive: true, withFileTypes: true })) {
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
  }
  await deploy('a', A_ASSETS, daysAfter(1));
  expect(await writableEntries(world.stage)).toEqual([]);
});
