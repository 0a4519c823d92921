/**
 * `npm run breaks`: proves the browser suite can fail (issue 13). Each break of
 * tools/breaks/breaks.ts goes, one at a time, into a throw-away copy of the repository as
 * committed at --rev; the copy is built and the Playwright suite runs there. The report says
 * which tests caught each break; the exit code is 1 when one was not caught.
 *
 * A break that no longer does what it says would be "caught" for the wrong reason (issue 23: one
 * that did not compile crashed the page), so every selected break is checked first, on a clean
 * copy of the commit, and a stale one stops the run with exit code 1 before anything is built.
 * A break is stale when (tools/breaks/check-breaks.ts):
 *   - an edit's `find` does not occur exactly once in its file;
 *   - an edit, or all edits of a file together, leave the emitted JavaScript as it was: they
 *     change only whitespace, comments or types;
 *   - an edit changes a file that nothing of `runningEntries` (breaks.ts: the page, its preview,
 *     the build, the suite's servers) imports, or only top-level declarations that neither the
 *     rest of the file uses nor such code imports;
 *   - the compiler (the project's tsconfig.json, as `tsc`) reports an error in a changed file or
 *     in a file that runs and imports it, directly or not.
 * A change inside a used function that no path takes passes these rules; the suite then does not
 * catch the break, which fails the run as well. `--check-only` runs only this check, on the
 * working tree, without a copy, a build or a browser.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildsFor, readBreaksArgs } from './breaks/args.ts';
import { breaks, runningEntries, type Break } from './breaks/breaks.ts';
import { checkBreaks, formatCheck, type CheckedBreak } from './breaks/check-breaks.ts';
import { buildAndTest, git, makeCopy } from './breaks/copy.ts';
import {
  exitCode,
  formatReport,
  judge,
  type BreakResult,
  type Report,
  type Timed,
} from './breaks/format-report.ts';
import { lockMismatches } from './breaks/lockfile.ts';
import { stopCommands } from './breaks/processes.ts';
import { openProject } from './breaks/type-check.ts';
import { projectRoot } from '../scripts/vite/app-config.ts';

const line = readBreaksArgs(process.argv.slice(2));
if (line.kind === 'help') {
  console.log(line.text);
  process.exit(0);
}
if (line.kind === 'error') fail(line.text);
const { options } = line;
const selected = select(options.only);

if (options.checkOnly) {
  const started = performance.now();
  process.exit(printCheck(checkBreaks(selected, openProject(projectRoot), runningEntries), started) ? 0 : 1);
}

const commit = (
  await git(projectRoot, ['rev-parse', '--verify', `${options.rev}^{commit}`]).catch(() =>
    fail(`--rev ${options.rev} names no commit.`),
  )
).trim();
const revision = (await git(projectRoot, ['log', '-1', '--format=%h %s', commit])).trim();

// Every selected break must be fresh before anything is built: checked on the commit's own files.
const changes = await freshChanges();

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the suite and removing the copy…`);
    void stopCommands();
  });
}

// The copies use this node_modules: an older revision may need packages no longer installed.
const missingPackages = lockMismatches(
  JSON.parse(await git(projectRoot, ['show', `${commit}:package-lock.json`])),
  JSON.parse(await readFile(path.join(projectRoot, 'node_modules', '.package-lock.json'), 'utf8')),
);

const builds = buildsFor(options.playwrightArgs);
console.log(
  `Breaks at ${revision}: ${selected.length} break(s)${options.baseline ? ' after a baseline' : ''}; ` +
    `builds: ${[builds.demo && 'demo', builds.release && 'release'].filter(Boolean).join(' and ')}; ` +
    `Playwright ${options.playwrightArgs.join(' ') || '(whole suite)'}`,
);
if (missingPackages.length > 0) {
  console.log(
    `Note: node_modules lacks what ${revision.split(' ')[0]} locks: ${missingPackages.join(', ')}.`,
  );
}
if ((await git(projectRoot, ['status', '--porcelain'])).trim() !== '') {
  console.log(
    `Note: uncommitted changes in ${projectRoot} are not in the copies, which are ${revision.split(' ')[0]} as committed.`,
  );
}

const report: Report = {
  revision,
  playwrightArgs: options.playwrightArgs,
  missingPackages,
  baseline: undefined,
  results: [],
};
if (options.baseline) report.baseline = await tryOnCopy('baseline (no break)', new Map());
for (const brk of selected) {
  if (interrupted) break;
  const timed = await tryOnCopy(brk.name, changes.get(brk.name) ?? new Map());
  if (interrupted) break;
  const result: BreakResult = { brk, ...timed };
  report.results.push(result);
  const verdict = judge(result.outcome, report.baseline?.outcome);
  console.log(`  → ${verdict.caught ? 'caught' : verdict.why === 'passed' ? 'NOT CAUGHT' : 'not proven'}`);
}
if (interrupted) process.exit(130);

const markdown = formatReport(report);
console.log(`\n${markdown}`);
if (options.report) {
  // npm runs scripts in the package folder; a relative path means the caller's folder.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), options.report);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, markdown);
  console.log(`Report written to ${file}`);
}
process.exitCode = exitCode(report);

async function freshChanges(): Promise<Map<string, Map<string, string>>> {
  console.log(`Checking ${selected.length} break(s) at ${revision}…`);
  const started = performance.now();
  const copy = await makeCopy(projectRoot, commit);
  let checked: CheckedBreak[];
  try {
    checked = checkBreaks(selected, openProject(copy.dir), runningEntries);
  } finally {
    await copy.remove();
  }
  if (!printCheck(checked, started)) process.exit(1);
  return new Map(checked.map(({ brk, changes: files }) => [brk.name, files]));
}

/** Prints each break's check and a last line on them all; whether none is stale. */
function printCheck(checked: CheckedBreak[], started: number): boolean {
  for (const result of checked) console.log(formatCheck(result));
  const stale = checked.filter((result) => result.stale.length > 0).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    stale === 0
      ? `\n${checked.length} break(s) checked in ${seconds} s: none is stale.`
      : `\n${stale} of ${checked.length} break(s) stale (checked in ${seconds} s): fix them in tools/breaks/breaks.ts.`,
  );
  return stale === 0;
}

async function tryOnCopy(label: string, files: Map<string, string>): Promise<Timed> {
  console.log(`\n${label}: copying ${revision.split(' ')[0]}, building, running the suite…`);
  const copy = await makeCopy(projectRoot, commit);
  try {
    for (const [file, text] of files) await writeFile(path.join(copy.dir, file), text);
    const timed = interrupted
      ? { outcome: { kind: 'no-run', message: 'interrupted' } as const, buildSeconds: 0, suiteSeconds: 0 }
      : await buildAndTest(copy.dir, builds, options.playwrightArgs);
    if (interrupted) return timed;
    const { outcome } = timed;
    const what =
      outcome.kind === 'ran'
        ? `${outcome.run.failures.length} of ${outcome.run.ran} tests failed`
        : outcome.kind === 'refused'
          ? `the ${outcome.build} build failed`
          : 'the suite did not run';
    console.log(
      `  ${what} (build ${Math.round(timed.buildSeconds)} s, suite ${Math.round(timed.suiteSeconds)} s)`,
    );
    return timed;
  } finally {
    await copy.remove();
  }
}

function select(only: string[]): Break[] {
  const unknown = only.filter((name) => !breaks.some((brk) => brk.name === name));
  if (unknown.length > 0) {
    fail(
      `No break named ${unknown.map((name) => `"${name}"`).join(', ')}. The breaks:\n` +
        breaks.map((brk) => `  ${brk.name}`).join('\n'),
    );
  }
  return only.length === 0 ? breaks : breaks.filter((brk) => only.includes(brk.name));
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
