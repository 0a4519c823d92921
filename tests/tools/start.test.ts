import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import type { BuildResult } from '../../scripts/lib/build-brands.ts';
import { PREVIEW_FILE } from '../../scripts/lib/emit-brand.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { reasonsToBuild, recordingBuild } from '../../scripts/lib/demo-build.ts';
import { freePortForChild } from '../../tools/demo/ports.ts';
import { defaultBrandsDir, projectRoot } from '../../scripts/vite/app-config.ts';
import { makeTempDir, validBrandJson, writeBrandFolder } from '../scripts/brand-fixtures.ts';
import { send, writePage } from './demo/demo-fixtures.ts';

const run = promisify(execFile);
// start.ts under node with tsx's loader: the program `npm start` runs, without the tsx command
// around it. That command passes a signal on and SIGKILLs the program (exit 130) unless it
// acknowledges within 30 ms, which a busy machine can miss: start.ts's Ctrl-C handler never runs.
const startCommand = [process.execPath, '--import', 'tsx', path.join(projectRoot, 'tools', 'start.ts')];

let services: string[];
let blocker: Server | undefined;
/**
 * Where npm start builds: dist-demo/, as a developer's `npm start` does. On another brand set
 * (BRANDS_DIR, which tests/scripts/brand-set.test.ts sets) a folder of its own instead, so that the
 * trial leaves dist-demo/ as the browser suite needs it, built from brands/.
 */
const ownOutDir = defaultBrandsDir !== path.join(projectRoot, 'brands');
let servedDir = path.join(projectRoot, 'dist-demo');
/** Where a test does not name its own. */
const withOutDir = (args: string[]) =>
  ownOutDir && !args.includes('--out-dir') ? [...args, '--out-dir', servedDir] : args;

/** Children of beforeAll to stop after the file, should one outlive its hook. */
const leftOver: (() => void)[] = [];

beforeAll(async () => {
  services = (await loadBrands(defaultBrandsDir)).brands.map((brand) => brand.service);
  if (ownOutDir) servedDir = await makeTempDir('start-dist-demo-');
  // npm start builds what is missing or older than its record: once here, out of the tests' time
  // limits, by npm start itself.
  const { reasons } = await reasonsToBuild({ brandsDir: defaultBrandsDir, distDir: servedDir, services });
  if (reasons.length > 0) {
    const { child, closed } = await startServing([], (stop) => leftOver.push(stop));
    child.kill('SIGINT');
    await closed;
  }
}, 300_000);
afterAll(async () => {
  leftOver.forEach((stop) => stop());
  if (ownOutDir) await rm(servedDir, { recursive: true, force: true });
});

afterEach(async () => {
  await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)));
  blocker = undefined;
});

/** Holds a free port on the address the demo server wants, and answers its number. */
async function occupyPort(): Promise<number> {
  const server = createServer();
  blocker = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/**
 * The environment `npm start` gets from a shell: without Vitest's NODE_ENV=test, with which Vite
 * would build React's development bundle into dist-demo/, which the browser suite then runs.
 */
function shellEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _, ...inherited } = process.env;
  return { ...inherited, ...env };
}

async function start(args: string[], env: Record<string, string> = {}) {
  const [command = '', ...commandArgs] = startCommand;
  return run(command, [...commandArgs, ...withOutDir(args)], {
    cwd: projectRoot,
    timeout: 60_000,
    env: shellEnv(env),
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/**
 * `npm start -- --no-emulator`, once it has printed its last line; if it ends before that, the
 * test fails with its exit and everything it printed.
 */
async function startServing(
  args: string[] = [],
  // A test that fails or times out before its Ctrl-C leaves no server behind.
  stopAfterwards: (stop: () => void) => void = (stop) => onTestFinished(stop),
) {
  const port = await freePortForChild();
  const [command = '', ...commandArgs] = startCommand;
  const child = spawn(
    command,
    [...commandArgs, '--port', String(port), '--no-emulator', ...withOutDir(args)],
    {
      cwd: projectRoot,
      env: shellEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  stopAfterwards(() => void child.kill('SIGKILL'));
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output.stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output.stderr += text));
  // 'close' rather than 'exit': it comes after the last of the output has been read.
  const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  const served = await new Promise<boolean>((resolve, reject) => {
    child.stdout.on('data', () => output.stdout.includes('Stop with Ctrl-C.') && resolve(true));
    closed.then(() => resolve(false), reject);
  });
  if (!served) {
    const [code, signal] = await closed;
    throw new Error(
      `npm start ended (${signal ?? `exit ${code}`}) before it served:\n${output.stdout}${output.stderr}`,
    );
  }
  return { port, output, closed, child };
}

describe('npm start with a port that is taken', () => {
  test.each([
    ['--port', (port: number) => start(['--port', String(port), '--no-emulator'])],
    ['PORT', (port: number) => start(['--no-emulator'], { PORT: String(port) })],
  ])(
    'exits with 1 and names the port given by %s',
    async (_, startOn) => {
      const port = await occupyPort();
      const result = await startOn(port);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Port ${port} is taken`);
    },
    90_000,
  );
});

describe('npm start without the emulator', () => {
  test('prints one line per brand, serves the gallery and stops cleanly on Ctrl-C', async () => {
    const { port, output, closed, child } = await startServing();
    expect(output.stdout).toContain(`Gallery: http://localhost:${port}/`);
    for (const service of services) {
      expect(output.stdout).toMatch(
        new RegExp(`^  ${service} +http://${service}\\.localhost:${port}/\\?service=${service}`, 'm'),
      );
    }
    expect(output.stdout).toContain('Phone codes: unavailable (no emulator)');
    const gallery = await send(port, '/', { host: `localhost:${port}` });
    expect(gallery.status).toBe(200);
    for (const service of services) expect(gallery.body).toContain(`<code>${service}</code>`);

    child.kill('SIGINT');
    expect(await closed).toEqual([0, null]);
    expect(output.stdout).toContain('Stopping…');
  }, 90_000);
});

describe('npm start after a brand changed while it was stopped', () => {
  test('serves what it built while nothing changed, and rebuilds an edited brand before serving', async () => {
    const root = await makeTempDir('start-');
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    const [brandsDir, distDir] = [path.join(root, 'brands'), path.join(root, 'dist-demo')];
    const brandJson = (accentColor: string) =>
      JSON.stringify({ ...validBrandJson, domains: ['login.a-dok.example'], accentColor });
    await writeBrandFolder(brandsDir, 'a-dok', { 'brand.json': brandJson('#0b5cad') });
    // A build as npm start records it, without Vite: a page and a preview.
    await recordingBuild({
      brandsDir,
      distDir,
      build: async () => {
        await writePage(distDir, 'a-dok');
        await writeFile(path.join(distDir, 'a-dok', PREVIEW_FILE), '<p>preview</p>');
        const built: BuildResult = {
          ok: true,
          rows: [{ service: 'a-dok', files: 4, gzipBytes: 1 }],
          refreshed: [],
          invalid: [],
          warnings: [],
          faviconsFromCache: 0,
          viteOutput: [],
        };
        return built;
      },
    })();
    const dirs = ['--brands-dir', brandsDir, '--out-dir', distDir];

    const unchanged = await startServing(dirs);
    unchanged.child.kill('SIGINT');
    expect(await unchanged.closed).toEqual([0, null]);
    // Only a-dok's own reasons: others edit the app in this working tree meanwhile.
    expect(unchanged.output.stdout).not.toMatch(/^ {2}a-dok: /m);

    await writeFile(path.join(brandsDir, 'a-dok', 'brand.json'), brandJson('#7a3e9d'));
    const edited = await startServing(dirs);
    const page = await send(edited.port, '/?service=a-dok', { host: `a-dok.localhost:${edited.port}` });
    edited.child.kill('SIGINT');
    expect(await edited.closed).toEqual([0, null]);

    expect(edited.output.stdout).toContain(
      'Building the demo:\n  a-dok: changed since the last demo build\n',
    );
    expect(page.body).toContain('<meta name="theme-color" content="#7a3e9d">');
  }, 120_000);
});
