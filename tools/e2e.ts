/**
 * `npm run e2e`: the browser suite, `playwright test -c e2e` with every argument passed on, but
 * `--shard=<i>/<n>` spreads the suite over n machines by time (tools/e2e/shard-plan.ts) instead
 * of by count, and each shard writes Playwright's blob report to blob-report/ for
 * `npx playwright merge-reports -c e2e/merge.config.ts blob-report`.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../scripts/vite/app-config.ts';
import { listedTests, planShards, takeShard, testListLine, type SpecWeights } from './e2e/shard-plan.ts';

const playwright = path.join(projectRoot, 'node_modules', '.bin', 'playwright');
const config = ['-c', path.join(projectRoot, 'e2e')];
const weightsFile = path.join(projectRoot, 'e2e', 'spec-weights.json');

/** Runs Playwright; resolves with its exit code, its output passed through or collected. */
function runPlaywright(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; collect?: boolean } = {},
): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(playwright, ['test', ...config, ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...options.env },
      stdio: options.collect ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    });
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout }));
  });
}

let parsed: ReturnType<typeof takeShard>;
try {
  parsed = takeShard(process.argv.slice(2));
} catch (error) {
  console.error(`npm run e2e: ${(error as Error).message}`);
  process.exit(2);
}
const { shard, rest } = parsed;

if (!shard) {
  process.exitCode = (await runPlaywright(rest)).code;
} else {
  const listing = await runPlaywright(['--list', '--reporter=json', ...rest], { collect: true });
  if (listing.code !== 0) {
    console.error('npm run e2e: Playwright could not list the suite (above).');
    process.exit(listing.code);
  }
  const tests = listedTests(JSON.parse(listing.stdout) as Parameters<typeof listedTests>[0]);
  const weights = JSON.parse(await readFile(weightsFile, 'utf8')) as SpecWeights;
  const plan = planShards(tests, weights, shard.total);
  const mine = plan[shard.current - 1] ?? { tests: [], seconds: 0 };
  const name = `shard ${shard.current}/${shard.total}`;
  console.log(
    `${name}: ${mine.tests.length} of ${tests.length} tests, about ${Math.round(mine.seconds)} s of test time ` +
      `(the shards: ${plan.map((part) => `${part.tests.length} tests, ${Math.round(part.seconds)} s`).join('; ')})`,
  );
  if (mine.tests.length === 0) {
    console.log(`${name} has no test: the suite is smaller than its shards.`);
  } else {
    const listDir = path.join(projectRoot, 'test-results');
    await mkdir(listDir, { recursive: true });
    const listFile = path.join(listDir, `e2e-shard-${shard.current}-of-${shard.total}.txt`);
    await writeFile(listFile, `${mine.tests.map(testListLine).join('\n')}\n`);
    const id = `${shard.current}-of-${shard.total}`;
    process.exitCode = (
      await runPlaywright(['--test-list', listFile, ...rest], { env: { E2E_SHARD: id } })
    ).code;
    await keepBlob(id, shard.total);
  }
}

/**
 * Moves the shard's blob report into blob-report/, where a machine's shards or a CI job's
 * downloads meet for merge-reports. Playwright empties a blob reporter's folder when it starts, so
 * each shard writes into a folder of its own first. Reports of another split (other n) go.
 */
async function keepBlob(id: string, total: number): Promise<void> {
  const from = path.join(projectRoot, 'test-results', `blob-${id}`, `report-${id}.zip`);
  const into = path.join(projectRoot, 'blob-report');
  await mkdir(into, { recursive: true });
  for (const file of await readdir(into)) {
    if (!file.endsWith(`-of-${total}.zip`)) await rm(path.join(into, file), { recursive: true, force: true });
  }
  await copyFile(from, path.join(into, `report-${id}.zip`));
  console.log(`The shard's blob report: blob-report/report-${id}.zip`);
}
