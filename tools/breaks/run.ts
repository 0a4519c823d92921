import { execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, symlink, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import { PAYPAL_ENV } from '../../scripts/lib/deploy-settings.ts';

const exec = promisify(execFile);

export async function git(repo: string, args: string[]): Promise<string> {
  return (await exec('git', args, { cwd: repo, maxBuffer: 64 * 1024 * 1024 })).stdout;
}

/** What came of building a copy and running the suite on it. */
export type Outcome =
  | { kind: 'refused'; message: string }
  | { kind: 'ran'; ran: number; failures: string[] }
  /** No test ran, or no report came: nothing is proven either way. */
  | { kind: 'no-run'; message: string };

/**
 * A throw-away checkout of `commit` (a detached git worktree in the temp folder) that uses the
 * repository's node_modules through a symlink, so nothing is installed; `remove` deletes it.
 */
export async function makeCopy(repo: string, commit: string) {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-breaks-'));
  // The production project's nginx workers run as nobody and must read the release in it.
  await chmod(parent, 0o755);
  const dir = path.join(parent, 'repo');
  const remove = async () => {
    // The link first: nothing below may reach into the repository's own node_modules.
    await unlink(path.join(dir, 'node_modules')).catch(() => undefined);
    const removed = await git(repo, ['worktree', 'remove', '--force', dir]).then(
      () => true,
      () => false,
    );
    await rm(parent, { recursive: true, force: true });
    // Only when git could not remove it: prune forgets worktrees whose folder is gone.
    if (!removed) await git(repo, ['worktree', 'prune']).catch(() => undefined);
  };
  try {
    await git(repo, ['worktree', 'add', '--detach', dir, commit]);
    await symlink(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } catch (error) {
    await remove();
    throw error;
  }
  return { dir, remove };
}

/** Builds the copy (demo and release, as `npm run check` does) and runs the browser suite there as CI does. */
export async function buildAndTest(dir: string): Promise<Outcome> {
  // The caller's E2E_* variables would point the copy's suite at another build or port.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('E2E_')));
  const bin = (name: string) => path.join(dir, 'node_modules', '.bin', name);
  for (const args of [['scripts/build.ts', '--demo'], ['scripts/build.ts']]) {
    const buildEnv = { [PAYPAL_ENV.live]: 'check-build-not-for-deployment', ...env };
    const build = await run(bin('tsx'), args, dir, buildEnv);
    if (build.code !== 0) return { kind: 'refused', message: tail(build.output) };
  }
  const reportFile = path.join(path.dirname(dir), 'playwright-report.json');
  // A break fails its tests every time: a retry would only double them.
  const suite = await run(bin('playwright'), ['test', '-c', 'e2e', '--retries=0', '--reporter=json'], dir, {
    ...env,
    CI: '1',
    PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
  });
  const json = await readFile(reportFile, 'utf8').catch(() => undefined);
  if (json === undefined)
    return { kind: 'no-run', message: `Playwright wrote no report.\n${tail(suite.output)}` };
  return readSuiteRun(JSON.parse(json) as JSONReport);
}

/** What `playwright test --reporter=json` ran and which tests failed: `[project] file › title: first error line`. */
export function readSuiteRun(report: Pick<JSONReport, 'suites' | 'errors'>): Outcome {
  let ran = 0;
  const failures: string[] = [];
  const collect = (suite: JSONReportSuite, titles: string[]) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) {
        if (test.status === 'skipped') continue;
        ran++;
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.map((result) => result.error?.message).findLast(Boolean) ?? '';
        const where = [spec.file, ...titles, spec.title].join(' › ');
        failures.push(`[${test.projectName}] ${where}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) collect(child, [...titles, child.title]);
  };
  // The top-level suites are the files: their title is the file name, not a describe.
  for (const file of report.suites) collect(file, []);
  if (ran > 0) return { kind: 'ran', ran, failures };
  const errors = report.errors.map((error) => firstLine(error.message ?? ''));
  return { kind: 'no-run', message: errors.join('; ') || 'no test ran' };
}

/** Runs a command to its end with its output kept; Ctrl-C in the terminal reaches it as it does this tool. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
    // A server it left behind may hold its output open: the exit is what counts.
    child.once('exit', (code) => setTimeout(() => resolve({ code, output }), 2000));
  });
}

/** The first line that is not empty, without the terminal colors Playwright keeps in its JSON. */
function firstLine(text: string): string {
  return stripVTControlCharacters(text).trim().split('\n')[0]?.trim() || '?';
}

function tail(text: string): string {
  return text.trimEnd().split('\n').slice(-15).join('\n');
}
