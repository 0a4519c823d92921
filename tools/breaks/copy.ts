import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, symlink, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readPlaywrightReport } from './playwright-report.ts';
import type { Timed } from './format-report.ts';
import { runCommand } from './processes.ts';
import { PAYPAL_ENV } from '../../scripts/lib/deploy-settings.ts';

const exec = promisify(execFile);

export async function git(repo: string, args: string[]): Promise<string> {
  const { stdout } = await exec('git', args, { cwd: repo, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export interface Copy {
  dir: string;
  remove(): Promise<void>;
}

/**
 * A throw-away checkout of `commit` (a detached git worktree in the temp folder) that uses the
 * repository's node_modules through a symlink, so nothing is installed.
 */
export async function makeCopy(repo: string, commit: string): Promise<Copy> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-breaks-'));
  // mkdtemp makes it 0700; the production project's nginx workers drop root for nobody and must
  // read the release in it.
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

/**
 * Builds the copy as the selection needs and runs the browser suite there as CI does. A build
 * that fails is the outcome; the suite's JSON report says what ran and what failed.
 */
export async function buildAndTest(
  dir: string,
  builds: { demo: boolean; release: boolean },
  playwrightArgs: string[],
): Promise<Timed> {
  // The caller's E2E_* variables would point the copy's suite at another build or port.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('E2E_')));
  const bin = (name: string) => path.join(dir, 'node_modules', '.bin', name);
  const started = performance.now();
  const elapsed = (from: number) => (performance.now() - from) / 1000;

  for (const build of ['demo', 'release'] as const) {
    if (!builds[build]) continue;
    const args = ['scripts/build.ts', ...(build === 'demo' ? ['--demo'] : [])];
    // As the check builds its release: a PayPal id for a-ident's page, marked as the check's.
    const buildEnv =
      build === 'release' ? { [PAYPAL_ENV.live]: 'check-build-not-for-deployment', ...env } : env;
    const done = await runCommand(bin('tsx'), args, { cwd: dir, env: buildEnv });
    if (done.code !== 0) {
      const message = buildFailureMessage(done.output);
      return {
        outcome: { kind: 'refused', build, message },
        buildSeconds: elapsed(started),
        suiteSeconds: 0,
      };
    }
  }
  const buildSeconds = elapsed(started);

  const suiteStarted = performance.now();
  const reportFile = path.join(path.dirname(dir), 'playwright-report.json');
  const done = await runCommand(
    bin('playwright'),
    // A break fails its tests every time: a retry (the config's, for a trace) would only double them.
    ['test', '-c', 'e2e', '--retries=0', ...playwrightArgs, '--reporter=json'],
    {
      cwd: dir,
      env: { ...env, CI: '1', PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile },
    },
  );
  const suiteSeconds = elapsed(suiteStarted);
  const json = await readFile(reportFile, 'utf8').catch(() => undefined);
  const tail = lastLines(done.output, 15);
  if (json === undefined) {
    return {
      outcome: { kind: 'no-run', message: `Playwright wrote no report.\n${tail}` },
      buildSeconds,
      suiteSeconds,
    };
  }
  const run = readPlaywrightReport(JSON.parse(json));
  if (run.ran === 0) {
    const why = run.errors.length > 0 ? [...new Set(run.errors)].join('; ') : 'no test matched the selection';
    return { outcome: { kind: 'no-run', message: why }, buildSeconds, suiteSeconds };
  }
  return { outcome: { kind: 'ran', run }, buildSeconds, suiteSeconds };
}

/** What the build said when it failed: its own message after 'Build failed.', else its last lines. */
export function buildFailureMessage(output: string): string {
  const marker = output.lastIndexOf('Build failed.');
  const text = marker === -1 ? lastLines(output, 15) : output.slice(marker + 'Build failed.'.length).trim();
  return text.length > 2000 ? `${text.slice(0, 2000)} …` : text || '(no output)';
}

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}
