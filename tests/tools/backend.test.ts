import { spawn } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { defaultBrandsDir, projectRoot } from '../../scripts/vite/app-config.ts';
import { freePortForChild } from '../../tools/demo/ports.ts';

const started: { kill: () => void }[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill();
});

/** `npm run backend -- <args>` until it prints its banner (or ends); the child's env without NODE_ENV=test. */
function startBackend(args: string[]) {
  const { NODE_ENV: _test, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('tools', 'backend.ts'), ...args], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ kill: () => child.kill('SIGTERM') });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ready = new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    child.stdout.on('data', () => {
      if (stdout.includes('Ctrl-C stops it.')) resolve({ stdout, stderr, code: null });
    });
    child.on('close', (code) => resolve({ stdout, stderr, code }));
  });
  return { child, ready };
}

function get(port: number, host: string, pathname: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end();
  });
}

test('npm run backend answers each brand domain’s api/config for its service, as nginx passes it on, and nothing else', async () => {
  const port = await freePortForChild();
  const { child, ready } = startBackend(['--port', String(port)]);
  const { stdout, code } = await ready;
  expect(code).toBeNull();
  // brands/ as it is (BRANDS_DIR too); a-dok is the suite's example brand (docs/testing.md).
  const { brands } = await loadBrands(defaultBrandsDir);
  const host = brands.find((brand) => brand.service === 'a-dok')?.domains[0] ?? 'a-dok has no domain';
  expect(stdout).toContain(
    `The reference backend answers on http://127.0.0.1:${port}/ for ${brands.length} brands`,
  );
  expect(stdout).toMatch(new RegExp(`^ {2}a-dok +${host.replaceAll('.', '\\.')}(,|$)`, 'm'));
  expect(stdout).toContain(`http://127.0.0.1:${port}/dev/outbox`);
  expect(stdout).toContain('⚠ For a trial, not for production');
  // deploy.config.json says 127.0.0.1:8081: the banner says what to set.
  expect(stdout).toContain(`set it to "127.0.0.1:${port}" and run \`npm run deploy -- nginx\` again`);

  const config = await get(port, host, '/api/config');
  expect(config.status).toBe(200);
  const services = (JSON.parse(config.body) as { services: Record<string, { mwsTargetUrl: string }> })
    .services;
  expect(services['a-dok']?.mwsTargetUrl).toBe(`https://${host}/api/mws`);
  expect((await get(port, 'unknown.example', '/api/config')).status).toBe(421);

  const stopped = new Promise<number | null>((resolve) => child.once('close', resolve));
  child.kill('SIGTERM');
  expect(await stopped).toBe(0);
  await expect(get(port, host, '/api/config')).rejects.toThrow(/ECONNREFUSED/);
}, 60_000);

test('a taken port is said in a sentence, exit 1', async () => {
  const port = await freePortForChild();
  const first = startBackend(['--port', String(port)]);
  await first.ready;
  const second = await startBackend(['--port', String(port)]).ready;
  expect(second.code).toBe(1);
  expect(second.stderr).toBe(
    `Port ${port} is taken on 127.0.0.1 by another process: stop it, or give another with --port (and set nginx.backend to match).\n`,
  );
}, 60_000);
