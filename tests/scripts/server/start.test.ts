import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { PREVIEW_FILE } from '../../../scripts/lib/emit-brand.ts';
import { loadBrands } from '../../../scripts/lib/load-brands.ts';
import { freePort } from '../../../scripts/server/ports.ts';
import { defaultBrandsDir, projectRoot } from '../../../scripts/vite/app-config.ts';
import { send } from './demo-fixtures.ts';

const run = promisify(execFile);
const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const startScript = path.join(projectRoot, 'scripts', 'start.ts');

let services: string[];
let blocker: Server | undefined;

beforeAll(async () => {
  services = (await loadBrands(defaultBrandsDir)).brands.map((brand) => brand.service);
  // npm start builds what is missing; building here keeps that out of the tests' time limits.
  const missing = services.some((service) =>
    ['index.html', PREVIEW_FILE].some(
      (file) => !existsSync(path.join(projectRoot, 'dist-demo', service, file)),
    ),
  );
  if (missing)
    await run(tsx, [path.join(projectRoot, 'scripts', 'build.ts'), '--demo'], { cwd: projectRoot });
}, 300_000);

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

async function start(args: string[], env: Record<string, string> = {}) {
  return run(tsx, [startScript, ...args], {
    cwd: projectRoot,
    timeout: 60_000,
    env: { ...process.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('npm start with a port that is taken', () => {
  test('exits with 1 and names the port given by --port', async () => {
    const port = await occupyPort();
    const result = await start(['--port', String(port), '--no-emulator']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Port ${port} is taken`);
  }, 90_000);

  test('exits with 1 and names the port given by PORT', async () => {
    const port = await occupyPort();
    const result = await start(['--no-emulator'], { PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Port ${port} is taken`);
  }, 90_000);
});

describe('npm start without the emulator', () => {
  test('prints one line per brand, serves the gallery and stops cleanly on Ctrl-C', async () => {
    const port = await freePort();
    const child = spawn(tsx, [startScript, '--port', String(port), '--no-emulator'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 60_000;
      while (!stdout.includes('Stop with Ctrl-C.') && child.exitCode === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(stdout).toContain(`Gallery: http://localhost:${port}/`);
      for (const service of services) {
        expect(stdout).toMatch(
          new RegExp(`^  ${service} +http://${service}\\.localhost:${port}/\\?service=${service}`, 'm'),
        );
      }
      expect(stdout).toContain('Phone codes: unavailable (no emulator)');
      const gallery = await send(port, '/', { host: `localhost:${port}` });
      expect(gallery.status).toBe(200);
      for (const service of services) expect(gallery.body).toContain(`<code>${service}</code>`);

      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});
