/**
 * `npm run scale-trial`: how the browser suite grows with the brands. Copies every brand of
 * brands/ under new names into a temporary folder (`--times 3`: 15 brands become 45), builds the
 * release and the demo of that set, and runs `npm run e2e -- --shard=<i>/<n>` for each shard one
 * after another, as n CI machines would run them at once. Prints each shard's tests and minutes.
 * brands/ and dist and dist-demo are left as they are. docs/testing.md, "The suite at scale".
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseCommandLine, refuseCommandLine } from '../scripts/lib/command-line.ts';

const command = 'npm run scale-trial --';
const { values } = parseCommandLine({
  command,
  summary:
    'Runs the browser suite on brands/ copied several times, in shards one after another, and prints the time of each shard.',
  options: {
    times: {
      type: 'string',
      default: '3',
      valueName: '<n>',
      description: 'Each brand this many times (the original and n - 1 copies; default 3)',
    },
    shards: { type: 'string', default: '3', valueName: '<n>', description: 'Shards to run (default 3)' },
    only: {
      type: 'string',
      valueName: '<i>',
      description: 'Runs only shard i, after the builds (default: every shard in turn)',
    },
    keep: { type: 'boolean', default: false, description: 'Keeps the temporary folder and says where' },
  },
});

const whole = (name: string, text: string | undefined, least: number) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least)
    refuseCommandLine(command, `--${name} must be a whole number of at least ${least}.`);
  return value;
};
const times = whole('times', values.times, 1);
const shards = whole('shards', values.shards, 1);
const only = values.only === undefined ? undefined : whole('only', values.only, 1);
if (only !== undefined && only > shards)
  refuseCommandLine(command, `--only ${only}: there are ${shards} shards.`);

const { writeBrandCopies } = await import('./scale-trial/brand-copies.ts');
const { defaultBrandsDir, projectRoot } = await import('../scripts/vite/app-config.ts');

/** Runs an npm script as a developer would, output passed through; resolves with code and seconds. */
function npmRun(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: (performance.now() - started) / 1000 }));
  });
}

const root = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-scale-'));
const brandsDir = path.join(root, 'brands');
const env = {
  BRANDS_DIR: brandsDir,
  E2E_DIST_DIR: path.join(root, 'dist-demo'),
  E2E_RELEASE_DIR: path.join(root, 'dist'),
  CI: process.env.CI ?? '1',
};
let failed = false;
try {
  const services = await writeBrandCopies(defaultBrandsDir, brandsDir, times);
  console.log(`${services.length} brands in ${brandsDir}`);
  const builds = [
    ['build', '--', '--out-dir', env.E2E_RELEASE_DIR],
    ['build', '--', '--demo', '--out-dir', env.E2E_DIST_DIR],
  ];
  for (const args of builds) {
    const { code } = await npmRun(args, { ...env, PAYPAL_CLIENT_ID_LIVE: 'check-build-not-for-deployment' });
    if (code !== 0) throw new Error(`npm run ${args.join(' ')} failed (exit ${code})`);
  }
  const rows: string[] = [];
  for (let shard = 1; shard <= shards; shard += 1) {
    if (only !== undefined && shard !== only) continue;
    const { code, seconds } = await npmRun(['e2e', '--', `--shard=${shard}/${shards}`], env);
    failed ||= code !== 0;
    const minutes = `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
    rows.push(`  shard ${shard}/${shards}  ${minutes}  ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  }
  console.log(
    `\n${services.length} brands, ${shards} shards, each shard's wall clock time:\n${rows.join('\n')}`,
  );
  console.log(
    'The shards left their blob reports in blob-report/: npx playwright merge-reports -c e2e/merge.config.ts blob-report',
  );
} finally {
  if (values.keep) console.log(`Kept ${root}`);
  else await rm(root, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
