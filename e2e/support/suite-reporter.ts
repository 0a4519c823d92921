import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { suiteChromiumPath } from '../../scripts/lib/chromium.ts';
import { NGINX_PATH } from '../production/support/nginx.ts';
import { measuredWeights } from '../../tools/e2e/shard-plan.ts';
import { firefoxPath } from './engines/firefox.ts';

/**
 * Says which browsers and which nginx a run met, before the first test (apt updates them under
 * the suite, so a red run must say what changed), and at the end where the minutes went, by
 * project. Runs beside the list or dot reporter.
 */
const SLOWEST = 8;

export default class SuiteReporter implements Reporter {
  private readonly busy = new Map<string, { tests: number; milliseconds: number; failed: number }>();
  private readonly slowest: { title: string; milliseconds: number }[] = [];
  /** Each finished test's spec file and time, for E2E_WEIGHTS_OUT. */
  private readonly durations: { file: string; milliseconds: number }[] = [];
  private rootDir = '';
  private started = 0;

  async onBegin(config: FullConfig, suite: Suite): Promise<void> {
    this.started = Date.now();
    this.rootDir = config.rootDir;
    const versions = await engineVersions();
    const projects = suite.suites.map((project) => project.title);
    console.log(`Browser suite: ${suite.allTests().length} tests in ${projects.length} projects, on`);
    for (const [name, version] of versions) console.log(`  ${name.padEnd(10)} ${version}`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '(none)';
    const entry = this.busy.get(project) ?? { tests: 0, milliseconds: 0, failed: 0 };
    entry.tests += 1;
    entry.milliseconds += result.duration;
    if (result.status !== 'passed' && result.status !== 'skipped') entry.failed += 1;
    this.busy.set(project, entry);
    this.slowest.push({ title: `[${project}] ${test.title}`, milliseconds: result.duration });
    const file = path.relative(this.rootDir, test.location.file).split(path.sep).join('/');
    this.durations.push({ file, milliseconds: result.duration });
    this.slowest.sort((a, b) => b.milliseconds - a.milliseconds).splice(SLOWEST);
  }

  onEnd(): void {
    console.log(`\n${formatMinutes(this.busy, Date.now() - this.started)}`);
    // `E2E_WEIGHTS_OUT=e2e/spec-weights.json npm run e2e` refreshes what the shards are planned by.
    const weightsOut = process.env.E2E_WEIGHTS_OUT;
    if (weightsOut) {
      writeFileSync(weightsOut, `${JSON.stringify(measuredWeights(this.durations), null, 2)}\n`);
      console.log(`Seconds per test of each spec file: ${weightsOut}`);
    }
    console.log(
      `Slowest tests:\n${this.slowest.map((test) => `  ${minutes(test.milliseconds)}  ${test.title}`).join('\n')}`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}

/** The table of where the minutes went: each project's tests added up, busiest first. */
export function formatMinutes(
  busy: ReadonlyMap<string, { tests: number; milliseconds: number; failed: number }>,
  wallMilliseconds: number,
): string {
  const total = [...busy.values()].reduce((sum, entry) => sum + entry.milliseconds, 0);
  const rows = [...busy]
    .sort(([, a], [, b]) => b.milliseconds - a.milliseconds)
    .map(([project, entry]) => {
      const share = total === 0 ? 0 : Math.round((entry.milliseconds / total) * 100);
      const failed = entry.failed > 0 ? `, ${entry.failed} failed` : '';
      return `  ${project.padEnd(22)} ${minutes(entry.milliseconds).padStart(8)}  ${String(share).padStart(3)} %  (${entry.tests} tests${failed})`;
    });
  return [
    `Where the minutes went (test time added up over the workers; ${minutes(total)} in all, ${minutes(wallMilliseconds)} wall clock):`,
    ...rows,
  ].join('\n');
}

function minutes(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

async function engineVersions(): Promise<[string, string][]> {
  return Promise.all([
    version('Chromium', suiteChromiumPath, ['--version']),
    version('Firefox', firefoxPath, ['--version']),
    // WebKitWebDriver and MiniBrowser print no version; the library's package does.
    version('WebKitGTK', 'dpkg-query', ['--showformat=${Version}', '--show', 'libwebkit2gtk-4.1-0']),
    version('nginx', NGINX_PATH, ['-v']),
  ]);
}

async function version(name: string, file: string, args: string[]): Promise<[string, string]> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { timeout: 15_000 });
    const text = `${stdout}${stderr}`.trim().split('\n')[0] ?? '';
    return [name, `${text} (${file})`];
  } catch {
    return [name, `not found (${file})`];
  }
}
