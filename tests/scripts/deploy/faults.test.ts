import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  deployFirebase,
  recoverFirebase,
  rollbackFirebase,
} from '../../../scripts/deploy/firebase-target.ts';
import { readHistory, retainedAssets, servedRelease } from '../../../scripts/deploy/history.ts';
import { deployNginx, recoverNginx, rollbackNginx } from '../../../scripts/deploy/nginx-target.ts';
import type { RunCommand } from '../../../scripts/deploy/run-command.ts';
import { deadPid, fakeNginx, injectFaults, type FaultMode } from './faults.ts';
import {
  daysAfter,
  makeDeployWorld,
  RELEASE,
  removeDeployWorld,
  writeRelease,
  type DeployWorld,
} from './deploy-fixtures.ts';

/**
 * Every write and every command of a deploy and a rollback fails in turn, in three ways (once,
 * a disk that stays full, a kill), and after each the next run's recovery (`--recover`) must
 * leave one truth: the release `current` points at is the one the installed config names, the
 * one nginx last loaded and the one deployments.json records as served; no journal is left;
 * every asset the history keeps is in the store; and a rollback works. The same for the
 * Firebase stage: the release the history records is the one Hosting last took.
 */

const ASSETS = {
  a: { 'index-AAAA.js': 'a\n' },
  b: { 'index-BBBB.js': 'b\n' },
  c: { 'index-CCCC.js': 'c\n', 'shared-SSSS.css': 'body{}\n' },
} as const;
const MODES: readonly FaultMode[] = ['fail-once', 'disk-full', 'kill'];

let world: DeployWorld | undefined;
afterEach(async () => {
  if (world) {
    await removeDeployWorld(world);
    await rm(`${world.dir}.template`, { recursive: true, force: true });
  }
  world = undefined;
});

/** What a deploy changes in a test project: the web root, nginx's config folder, the Firebase stage. */
const CHANGED = ['www', 'nginx', 'stage'] as const;

/**
 * The same starting state for every case, quickly: made once (`prepare`), the folders a deploy
 * changes kept beside the world, and copied back into place before each case (the settings hold
 * absolute paths). `cp -a` keeps the hard links between the releases and the store.
 */
async function fromTemplate(prepare: () => Promise<DeployWorld>): Promise<DeployWorld> {
  const template = (made: DeployWorld) => `${made.dir}.template`;
  if (world === undefined) {
    world = await prepare();
    await mkdir(template(world));
    shell(
      'to=$1; shift; for d in "$@"; do [ ! -e "$0/$d" ] || cp -a "$0/$d" "$to/"; done',
      world.dir,
      template(world),
    );
    return world;
  }
  shell('rm -rf "$0/www" "$0/nginx" "$0/stage" && cp -a "$1/." "$0/"', world.dir, template(world));
  return world;
}

function shell(script: string, ...args: string[]): void {
  const extra = script.includes('"$@"') ? CHANGED : [];
  const ran = spawnSync('sh', ['-c', script, ...args, ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (ran.status !== 0) throw new Error(`${script}: ${ran.stderr.toString()}`);
}

const buildsOf = (made: DeployWorld) => ({
  a: path.join(made.dir, 'builds', RELEASE.a),
  b: path.join(made.dir, 'builds', RELEASE.b),
  c: path.join(made.dir, 'builds', RELEASE.c),
});

const optionsOf = (made: DeployWorld) => (run: RunCommand, now: Date) => ({
  settingsFile: made.settingsFile,
  brandsDir: made.brandsDir,
  now,
  run,
});

/** Three builds, a, b and c, in a fresh test project. */
async function threeBuilds(): Promise<DeployWorld> {
  const made = await makeDeployWorld();
  for (const id of ['a', 'b', 'c'] as const) await writeRelease(made, RELEASE[id], { assets: ASSETS[id] });
  return made;
}

/** A web root serving b, with a before it, and c built: the state every case starts from. */
async function nginxWorld() {
  const made = await fromTemplate(async () => {
    const fresh = await threeBuilds();
    const setup = fakeNginx(fresh.configFile);
    for (const [id, day] of [
      ['a', 0],
      ['b', 1],
    ] as const) {
      await deployNginx({ ...optionsOf(fresh)(setup.run, daysAfter(day)), releaseDir: buildsOf(fresh)[id] });
    }
    return fresh;
  });
  return {
    world: made,
    nginx: fakeNginx(made.configFile, RELEASE.b),
    options: optionsOf(made),
    builds: buildsOf(made),
  };
}

type NginxWorld = Awaited<ReturnType<typeof nginxWorld>>;

/** The one truth the web root must tell; returns the release served. */
async function expectNginxAgrees({ world, nginx }: NginxWorld): Promise<string> {
  const current = path.basename(await readlink(path.join(world.webRoot, 'current')));
  const config = /^#\s+release:\s+(\S+)$/m.exec(await readFile(world.configFile, 'utf8'))?.[1];
  const history = await readHistory(world.webRoot);
  expect({ config, recorded: servedRelease(history), loaded: nginx.loaded() }).toEqual({
    config: current,
    recorded: current,
    loaded: current,
  });
  expect(existsSync(path.join(world.webRoot, '.deploy-journal'))).toBe(false);
  for (const [service, names] of retainedAssets(history, daysAfter(3), 7)) {
    const stored = await readdir(path.join(world.webRoot, 'store', service, 'assets'));
    expect(stored).toEqual(expect.arrayContaining([...names]));
  }
  return current;
}

const statesSeen = new Set<string>();
/**
 * Whether a case left the same state as one before (the history without its times, the releases
 * installed, the store): a rollback from it was tried then, so the cases' rollbacks cover every
 * state the faults leave, each once.
 */
async function seenBefore(root: string): Promise<boolean> {
  const history = (await readHistory(root)).map(({ release, retiredAt, withdrawnAt }) => [
    release,
    retiredAt === null,
    withdrawnAt === undefined,
  ]);
  const listing = async (dir: string) => (await readdir(dir, { recursive: true }).catch(() => [])).sort();
  const state = JSON.stringify([
    root,
    history,
    await listing(path.join(root, 'releases')),
    await listing(path.join(root, 'store')),
  ]);
  if (statesSeen.has(state)) return true;
  statesSeen.add(state);
  return false;
}

/** A lock left behind (a kill, a failed removal) names a process that is gone by the next run. */
async function killed(made: DeployWorld): Promise<void> {
  for (const root of [made.webRoot, path.join(made.stage, '.store')]) {
    const owner = path.join(root, '.deploy-lock', 'owner.json');
    if (!existsSync(owner)) continue;
    const held = JSON.parse(await readFile(owner, 'utf8')) as Record<string, unknown>;
    await writeFile(owner, JSON.stringify({ ...held, pid: deadPid() }));
  }
}

/**
 * Runs `work` once to count its steps, then with the fault at each step in turn (each command
 * only, for `fail-once`): for each, a fresh world, the fault, then `check`. Returns how many
 * steps the run has.
 */
async function everyStep<W>(
  setup: () => Promise<W>,
  root: (world: W) => string,
  inner: (world: W) => RunCommand,
  work: (world: W, run: RunCommand) => Promise<unknown>,
  check: (world: W, mode: FaultMode, step: number) => Promise<void>,
): Promise<number> {
  // A run without a fault says what the steps are.
  const counted = await setup();
  const counting = injectFaults(root(counted), inner(counted), Infinity, 'kill');
  try {
    await work(counted, counting.run);
  } finally {
    counting.end();
  }
  const kinds = counting.kinds();
  for (const mode of MODES) {
    // A write that fails once is what a full disk does first; a command that fails once is common.
    const faulted = kinds.flatMap((kind, index) =>
      mode !== 'fail-once' || kind === 'command' ? [index + 1] : [],
    );
    for (const at of faulted) {
      const made = await setup();
      const faults = injectFaults(root(made), inner(made), at, mode);
      try {
        await work(made, faults.run).catch(() => undefined);
      } finally {
        faults.end();
      }
      expect(faults.struck(), `${mode} at step ${at} of ${kinds.length}`).toBe(true);
      // The deploy command's process has ended (whether killed or not): a lock it left is stale.
      await killed(world as DeployWorld);
      try {
        await check(made, mode, at);
      } catch (error) {
        throw new Error(`${mode} at step ${at}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    }
  }
  return kinds.length;
}

describe('nginx: a fault at every step', () => {
  test('of a deploy: recovery leaves current, the config, nginx and the history agreeing, and a rollback works', async () => {
    const steps = await everyStep(
      nginxWorld,
      (made) => made.world.dir,
      (made) => made.nginx.run,
      (made, run) => deployNginx({ ...made.options(run, daysAfter(2)), releaseDir: made.builds.c }),
      async (made) => {
        await recoverNginx(made.options(made.nginx.run, daysAfter(2)));
        const served = await expectNginxAgrees(made);
        expect([RELEASE.b, RELEASE.c]).toContain(served);
        if (await seenBefore(made.world.webRoot)) return;
        const back = await rollbackNginx(made.options(made.nginx.run, daysAfter(3)));
        expect(back.release).not.toBe(served);
        expect(await expectNginxAgrees(made)).toBe(back.release);
      },
    );
    // The lock, the copy, the store, the journal, the config, nginx -t, the switch, the reload,
    // the history and the prune: a count far lower would mean the faults missed the deploy.
    expect(steps).toBeGreaterThanOrEqual(30);
  }, 240_000);

  test('of a rollback: the same', async () => {
    const steps = await everyStep(
      nginxWorld,
      (made) => made.world.dir,
      (made) => made.nginx.run,
      (made, run) => rollbackNginx(made.options(run, daysAfter(2))),
      async (made) => {
        await recoverNginx(made.options(made.nginx.run, daysAfter(2)));
        const served = await expectNginxAgrees(made);
        expect([RELEASE.a, RELEASE.b]).toContain(served);
        if (await seenBefore(made.world.webRoot)) return;
        const other = served === RELEASE.a ? RELEASE.b : RELEASE.a;
        const next = await rollbackNginx({ ...made.options(made.nginx.run, daysAfter(3)), to: other });
        expect(next).toMatchObject({ release: other, previous: served });
        await expectNginxAgrees(made);
      },
    );
    expect(steps).toBeGreaterThan(15);
  }, 240_000);

  test('the next run (a rollback here) finishes an unfinished deploy on its own, and says so', async () => {
    const made = await nginxWorld();
    // Killed right after the reload: c is live, but deployments.json does not know it.
    const probe = injectFaults(made.world.dir, made.nginx.run, Infinity, 'kill');
    let reloadStep = 0;
    const counting: RunCommand = async (command, cwd) => {
      const result = await probe.run(command, cwd);
      if (command.includes('reload')) reloadStep = probe.steps();
      return result;
    };
    await deployNginx({ ...made.options(counting, daysAfter(2)), releaseDir: made.builds.c });
    probe.end();

    const again = await nginxWorld();
    const faults = injectFaults(again.world.dir, again.nginx.run, reloadStep + 1, 'kill');
    await deployNginx({ ...again.options(faults.run, daysAfter(2)), releaseDir: again.builds.c }).catch(
      () => undefined,
    );
    faults.end();
    await killed(again.world);
    expect(again.nginx.loaded()).toBe(RELEASE.c);
    expect(servedRelease(await readHistory(again.world.webRoot))).toBe(RELEASE.b);

    const next = await rollbackNginx(again.options(again.nginx.run, daysAfter(3)));
    expect(next.notes).toEqual([
      expect.stringMatching(
        /^The deploy lock \S+ was held by pid \d+ on .*, which is no longer running: taken over\.$/,
      ),
      expect.stringMatching(
        new RegExp(
          `^An unfinished run was found: the deploy of ${RELEASE.c} on nginx .*; current → ${RELEASE.c}, .* holds the config for ${RELEASE.c}, deployments.json says ${RELEASE.b} is served\\. Finished: the config tested, nginx reloaded, deployments.json records ${RELEASE.c} as served\\.$`,
        ),
      ),
    ]);
    // Finished first, so the rollback leaves c for b.
    expect(next).toMatchObject({ release: RELEASE.b, previous: RELEASE.c });
    await expectNginxAgrees(again);
  }, 60_000);
});

/** Hosting as the deploy sees it: a deploy takes the stage's release (its healthz). */
function fakeHosting(stage: string, initial?: string): { run: RunCommand; live: () => string | undefined } {
  let live = initial;
  const run: RunCommand = async () => {
    const health = JSON.parse(await readFile(path.join(stage, 'alpha-brand', 'healthz'), 'utf8')) as {
      release: string;
    };
    live = health.release;
    return { code: 0, output: '' };
  };
  return { run, live: () => live };
}

async function firebaseWorld() {
  const made = await fromTemplate(async () => {
    const fresh = await threeBuilds();
    const setup = fakeHosting(fresh.stage);
    for (const [id, day] of [
      ['a', 0],
      ['b', 1],
    ] as const) {
      await deployFirebase({
        ...optionsOf(fresh)(setup.run, daysAfter(day)),
        releaseDir: buildsOf(fresh)[id],
      });
    }
    return fresh;
  });
  return {
    world: made,
    hosting: fakeHosting(made.stage, RELEASE.b),
    options: optionsOf(made),
    builds: buildsOf(made),
  };
}

type FirebaseWorld = Awaited<ReturnType<typeof firebaseWorld>>;

async function expectFirebaseAgrees({ world, hosting }: FirebaseWorld): Promise<string> {
  const store = path.join(world.stage, '.store');
  const recorded = servedRelease(await readHistory(store));
  expect(recorded).toBe(hosting.live());
  expect(existsSync(path.join(store, '.deploy-journal'))).toBe(false);
  return recorded ?? '';
}

describe('Firebase: a fault at every step of the staging and deploy', () => {
  test('recovery leaves the history saying what Hosting took, and a rollback works', async () => {
    const steps = await everyStep(
      firebaseWorld,
      (made) => made.world.dir,
      (made) => made.hosting.run,
      (made, run) => deployFirebase({ ...made.options(run, daysAfter(2)), releaseDir: made.builds.c }),
      async (made) => {
        await recoverFirebase(made.options(made.hosting.run, daysAfter(2)));
        const live = await expectFirebaseAgrees(made);
        expect([RELEASE.b, RELEASE.c]).toContain(live);
        if (await seenBefore(path.join(made.world.stage, '.store'))) return;
        const back = await rollbackFirebase(made.options(made.hosting.run, daysAfter(3)));
        expect(back.release).not.toBe(live);
        expect(await expectFirebaseAgrees(made)).toBe(back.release);
      },
    );
    expect(steps).toBeGreaterThan(30);
  }, 240_000);
});
