import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { z } from 'zod';
import { deployFirebase } from '../../../scripts/deploy/firebase-target.ts';
import { parseDeploySettings } from '../../../scripts/lib/deploy-settings.ts';
import { EMULATOR_ALIAS, emulatorProjectId } from '../../../scripts/lib/firebase-hosting.ts';
import { loadBrands } from '../../../scripts/lib/load-brands.ts';
import { spawnEmulators } from '../../../tools/demo/firebase-emulator.ts';
import { freePortForChild, isPortFree } from '../../../tools/demo/ports.ts';
import { defaultBrandsDir, projectRoot } from '../../../scripts/vite/app-config.ts';
import { distDir } from './gateway.ts';

/** The release `npm run build` writes: a folder per brand, release.json and the host configs. */
export const releaseDir = distDir;
const settingsFile = path.join(projectRoot, 'deploy.config.json');
const READY_TIMEOUT_MS = 60_000;

const hostingSchema = z.looseObject({
  target: z.string(),
  public: z.string(),
  ignore: z.array(z.string()).default([]),
  rewrites: z
    .array(
      z.looseObject({ source: z.string(), run: z.object({ serviceId: z.string(), region: z.string() }) }),
    )
    .default([]),
});
const firebaseJsonSchema = z.looseObject({ hosting: z.array(hostingSchema) });

export type HostingConfig = z.infer<typeof hostingSchema>;

export interface HostingEmulator {
  /** The Hosting targets of the staged firebase.json, as written, in order. */
  sites: readonly HostingConfig[];
  /** The release it serves, and the demo project it runs under. */
  release: string;
  projectId: string;
  /** The folder `npm run deploy -- firebase --dry-run` assembled. */
  stage: string;
  /** Each target's origin: the emulator serves every site on a port of its own. */
  origin(target: string): string;
  /** What the emulator has printed so far (its request log included). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Stages the release in dist/ as `npm run deploy -- firebase --dry-run` does (its own code, the
 * committed settings with a free emulator port and a temporary stage folder), then starts the
 * Firebase Hosting emulator there exactly as docs/deploy.md says:
 * `firebase emulators:start --only hosting --project emulator`, with the generated firebase.json
 * and .firebaserc as they are.
 */
export async function startHostingEmulator(distDir = releaseDir): Promise<HostingEmulator> {
  if (!existsSync(path.join(distDir, 'release.json'))) {
    throw new Error(`No release to serve in ${distDir}: run \`npm run build\` first.`);
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-hosting-'));
  // A port another process takes between the check and the start fails the start; once more
  // with fresh ports is enough.
  let failure: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await stageAndLaunch(distDir, path.join(workDir, `attempt-${attempt}`), workDir);
    } catch (error) {
      failure = error;
    }
  }
  await rm(workDir, { recursive: true, force: true });
  throw failure;
}

async function stageAndLaunch(distDir: string, dir: string, workDir: string): Promise<HostingEmulator> {
  const { brands, invalid } = await loadBrands(defaultBrandsDir);
  if (invalid.length > 0)
    throw new Error(`invalid brand folders: ${invalid.map((b) => b.service).join(', ')}`);
  const emulatorPort = await emulatorBasePort(brands.length);
  const committed = parseDeploySettings(await readFile(settingsFile, 'utf8'), settingsFile);
  const settings = {
    ...committed,
    firebase: { ...committed.firebase, stageDir: path.join(dir, 'stage'), emulatorPort },
  };
  await mkdir(dir, { recursive: true });
  const testSettings = path.join(dir, 'deploy.config.json');
  await writeFile(testSettings, JSON.stringify(settings, null, 2));
  const staged = await deployFirebase({
    releaseDir: distDir,
    settingsFile: testSettings,
    brandsDir: defaultBrandsDir,
    dryRun: true,
  });
  const { hosting } = firebaseJsonSchema.parse(
    JSON.parse(await readFile(path.join(staged.stage, 'firebase.json'), 'utf8')),
  );
  return launch(
    staged.stage,
    hosting,
    { release: staged.release, projectId: emulatorProjectId(settings.firebase) },
    workDir,
  );
}

/** A first port whose range (every site, then the hub and logging past it) looks free. */
async function emulatorBasePort(sites: number): Promise<number> {
  for (;;) {
    const port = await freePortForChild();
    const hub = port + sites + 8;
    if (hub + 1 < 65536 && (await isPortFree(hub)) && (await isPortFree(hub + 1))) return port;
  }
}

async function launch(
  stage: string,
  sites: HostingConfig[],
  served: { release: string; projectId: string },
  workDir: string,
): Promise<HostingEmulator> {
  // The command docs/deploy.md gives, in the staged folder, with its generated files as they are.
  const child = spawnEmulators(stage, ['--only', 'hosting', '--project', EMULATOR_ALIAS]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  // Should the worker end without its teardown, the emulator must not outlive it.
  const killNow = () => {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', killNow);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killNow);
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      killNow();
    }
    await rm(workDir, { recursive: true, force: true });
  };
  const stopForRetry = async () => {
    process.off('exit', killNow);
    killNow();
    await exited;
  };

  const ready = await Promise.race([
    waitFor(() => /All emulators ready/.test(output)),
    exited.then(() => false),
  ]);
  const origins = new Map<string, string>();
  for (const match of plain(output).matchAll(/hosting\[([^\]]+)\]: Local server: (http:\/\/\S+)/g)) {
    origins.set(match[1] ?? '', new URL(match[2] ?? '').origin);
  }
  const missing = sites.filter((site) => !origins.has(site.target)).map((site) => site.target);
  if (!ready || missing.length > 0) {
    await stopForRetry();
    throw new Error(
      `the Firebase Hosting emulator did not start${missing.length > 0 ? ` (no server for ${missing.join(', ')})` : ''}:\n` +
        plain(output).slice(-3000),
    );
  }

  return {
    sites,
    ...served,
    stage,
    origin(target) {
      const origin = origins.get(target);
      if (!origin) throw new Error(`the emulator serves no Hosting target "${target}"`);
      return origin;
    },
    output: () => plain(output),
    stop,
  };
}

/** Without terminal colors, which the emulator's tables keep even into a pipe. */
function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

async function waitFor(condition: () => boolean): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The suite's test: one Hosting emulator per worker, on the release in dist/. */
export const test = base.extend<object, { hosting: HostingEmulator }>({
  hosting: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const emulator = await startHostingEmulator();
      await use(emulator);
      await emulator.stop();
    },
    { scope: 'worker', timeout: 2 * READY_TIMEOUT_MS + 10_000 },
  ],
});

export { expect };
