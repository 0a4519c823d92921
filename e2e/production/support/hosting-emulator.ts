import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { z } from 'zod';
import {
  renderFirebaseJson,
  renderFirebaserc,
  type FirebaseHostingParameters,
} from '../../../scripts/lib/firebase-hosting.ts';
import { loadBrands } from '../../../scripts/lib/load-brands.ts';
import { spawnFirebaseEmulator } from '../../../scripts/server/firebase-emulator.ts';
import { freePortForChild } from '../../../scripts/server/ports.ts';
import { defaultBrandsDir, projectRoot } from '../../../scripts/vite/app-config.ts';

/** The release `npm run build` writes: a folder per brand, firebase.json and .firebaserc. */
export const releaseDir = path.join(projectRoot, 'dist');

/** A demo-* project needs no account and no network; its own id, apart from the Auth emulator's. */
export const PROJECT_ID = 'demo-login-gateway-hosting';
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
const firebasercSchema = z.object({
  projects: z.object({ default: z.string() }),
  targets: z.record(z.string(), z.object({ hosting: z.record(z.string(), z.array(z.string())) })),
});

export type HostingConfig = z.infer<typeof hostingSchema>;

export interface HostingEmulator {
  /** The Hosting targets of the release's firebase.json, as written, in order. */
  sites: readonly HostingConfig[];
  /** Each target's origin: the emulator serves every site on a port of its own. */
  origin(target: string): string;
  /** What the emulator has printed so far (its request log included). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the Firebase Hosting emulator (firebase-tools) on the release in dist/, with the
 * release's own firebase.json: its hosting section goes unchanged into a working folder that
 * links every `public` folder to dist/, and only an `emulators` section with free ports is
 * added. The .firebaserc maps the same targets to the same sites, under a demo project.
 */
export async function startHostingEmulator(distDir = releaseDir): Promise<HostingEmulator> {
  const configPath = path.join(distDir, 'firebase.json');
  if (!existsSync(configPath)) {
    throw new Error(`No release to serve: ${configPath} is missing; run \`npm run build\` first.`);
  }
  const rawConfig = JSON.parse(await readFile(configPath, 'utf8')) as Record<string, unknown>;
  const { hosting } = firebaseJsonSchema.parse(rawConfig);
  const rawRc: unknown = JSON.parse(await readFile(path.join(distDir, '.firebaserc'), 'utf8'));
  const rc = firebasercSchema.parse(rawRc);
  const targets = rc.targets[rc.projects.default];
  if (!targets) throw new Error(`.firebaserc has no targets for its project ${rc.projects.default}`);
  await expectCurrentRelease(distDir, rawConfig, rawRc, hosting, rc);

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-hosting-'));
  try {
    for (const site of hosting) {
      if (path.isAbsolute(site.public) || site.public.split(/[\\/]/).includes('..')) {
        throw new Error(`hosting[${site.target}].public "${site.public}" is not a folder inside the release`);
      }
      // The emulator joins `public` to the folder of firebase.json, so the release's relative
      // paths work as they are once they lead to dist/.
      await symlink(path.join(distDir, site.public), path.join(workDir, site.public), 'dir');
    }
    await writeFile(
      path.join(workDir, '.firebaserc'),
      JSON.stringify({ projects: { default: PROJECT_ID }, targets: { [PROJECT_ID]: targets } }),
    );
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }

  // A port another process takes between the check and the start fails the start; once more
  // with fresh ports is enough.
  let failure: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const emulator = await launch(workDir, rawConfig, hosting);
      return emulator;
    } catch (error) {
      failure = error;
    }
  }
  await rm(workDir, { recursive: true, force: true });
  throw failure;
}

/**
 * The release's firebase.json and .firebaserc must be what firebase-hosting.ts renders now for
 * the brands now, with the parameters the build was given (read back from the two files), or
 * every header below would be compared with a stale release.
 */
async function expectCurrentRelease(
  distDir: string,
  rawConfig: unknown,
  rawRc: unknown,
  hosting: HostingConfig[],
  rc: z.infer<typeof firebasercSchema>,
) {
  const { brands, invalid } = await loadBrands(defaultBrandsDir);
  if (invalid.length > 0) {
    throw new Error(`invalid brand folders: ${invalid.map(({ service }) => service).join(', ')}`);
  }
  const first = brands[0]?.service ?? '';
  const firstSite = rc.targets[rc.projects.default]?.hosting[first]?.[0] ?? '';
  const run = hosting[0]?.rewrites.find(({ source }) => source === '/api/**')?.run;
  const parameters: FirebaseHostingParameters = {
    projectId: rc.projects.default,
    sitePrefix: firstSite.slice(0, firstSite.length - first.replaceAll('_', '-').length),
    backendService: run?.serviceId ?? '',
    backendRegion: run?.region ?? '',
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (
    !same(rawConfig, renderFirebaseJson(brands, parameters)) ||
    !same(rawRc, renderFirebaserc(brands, parameters))
  ) {
    throw new Error(
      `${distDir} is not the current release: its firebase.json or .firebaserc differs from what ` +
        'scripts/lib/firebase-hosting.ts renders for brands/ now; run `npm run build`.',
    );
  }
}

async function launch(
  workDir: string,
  rawConfig: Record<string, unknown>,
  sites: HostingConfig[],
): Promise<HostingEmulator> {
  const [hubPort, loggingPort] = [await freePortForChild(), await freePortForChild()];
  // The first site gets the hosting port, the n-th (n ≥ 1) the first free one from port + 4 + n
  // on (firebase-tools' serve/hosting.js); keep the hub and logging ports out of that range.
  let hostingPort = await freePortForChild();
  while (
    [hubPort, loggingPort].some((port) => port >= hostingPort && port <= hostingPort + sites.length + 8)
  ) {
    hostingPort = await freePortForChild();
  }
  const child = await spawnFirebaseEmulator({
    workDir,
    only: 'hosting',
    port: hostingPort,
    projectId: PROJECT_ID,
    settings: rawConfig,
    hubPort,
    loggingPort,
  });
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
