import { execFile, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { escapeHtml } from '../../scripts/lib/escape-html.ts';
import { loadBrands, type Brand } from '../../scripts/lib/load-brands.ts';
import { freePortForChild } from '../../tools/demo/ports.ts';
import { defaultBrandsDir, projectRoot } from '../../scripts/vite/app-config.ts';
import { findService, getConfig } from '../../src/features/config/api/get-config.ts';

// `npm run dev -- --brand <name>` as README's Commands table gives it: the real script in its own
// process on a free port, asked as a browser asks, and stopped by its PID.
const SERVICE = 'a-dok';
const devArgs = ['--import', 'tsx', 'tools/dev.ts'];

describe(`npm run dev -- --brand ${SERVICE} --port <free>`, () => {
  let brand: Brand;
  let origin: string;
  let stdout = '';
  let stop: () => Promise<NodeJS.Signals | number | null>;

  beforeAll(async () => {
    const found = (await loadBrands(defaultBrandsDir)).brands.find((b) => b.service === SERVICE);
    if (!found) throw new Error(`no brand ${SERVICE} in brands/`);
    brand = found;
    const port = await freePortForChild();
    origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [...devArgs, '--brand', SERVICE, '--port', String(port)], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    stop = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    };
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // The script prints the brand's address once Vite listens.
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes(`?service=${SERVICE}`)) resolve();
      });
      void exited.then(() => reject(new Error(`npm run dev ended before it listened:\n${stdout}${stderr}`)));
    });
  }, 60_000);

  afterAll(async () => {
    await stop?.();
  });

  test("prints the brand's address and serves its page with the brand baked in and the app entry Vite transforms", async () => {
    expect(stdout).toContain(`${brand.name}: ${origin}/?service=${SERVICE}`);
    const page = await fetch(`${origin}/?service=${SERVICE}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<html lang="de" data-brand="${SERVICE}">`);
    expect(html).toContain(`<title>${escapeHtml(brand.title)}</title>`);
    const entry = /<script type="module" src="([^"]*\/main\.tsx)"><\/script>/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const script = await fetch(new URL(entry ?? '', `${origin}/`));
    expect(script.status).toBe(200);
    const code = await script.text();
    expect(code).toContain('start-config.ts');
    // React, as Vite pre-bundles it: the answer waits for the optimizer, which must not be
    // stopped halfway (it would leave its temporary folder in node_modules/.vite).
    const react = /from "([^"]*\/node_modules\/\.vite\/deps\/react\.js[^"]*)"/.exec(code)?.[1];
    expect(react).toBeDefined();
    expect((await fetch(new URL(react ?? '', `${origin}/`))).status).toBe(200);
  });

  test("answers api/config with a config the app's own reader accepts, with the brand's service", async () => {
    const config = await getConfig(new URL(`${origin}/?service=${SERVICE}`));
    expect(config).toBeDefined();
    if (!config) return;
    expect(findService(config, SERVICE).ok).toBe(true);
  });

  test('stops when its process is told to', async () => {
    expect(await stop()).not.toBeNull();
    await expect(fetch(origin)).rejects.toThrow();
  });
});

test('npm run dev -- --brand <unknown> names the brands and exits 1 without starting', async () => {
  const outcome = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [...devArgs, '--brand', 'no-such-brand'],
      { cwd: projectRoot },
      (error, _, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stderr }),
    );
  });
  expect(outcome.code).toBe(1);
  expect(outcome.stderr).toMatch(/^Unknown brand "no-such-brand"; the brands are: .*\ba-dok\b/m);
  // Node, tsx and the brands load first: 2 s here, more on a busy machine.
}, 60_000);
