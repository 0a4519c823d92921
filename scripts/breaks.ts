/**
 * `npm run breaks`: proves the browser suite can fail (issue 13). Each break of
 * scripts/breaks/breaks.ts goes, one at a time, into a throw-away copy of the repository as
 * committed at --rev; the copy is built and the Playwright suite runs there. The report says
 * which tests caught each break; the exit code is 1 when one was not caught.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyBreak, BreakDoesNotApply } from './breaks/apply-break.ts';
import { buildsFor, parseBreaksArgs, USAGE, type BreaksOptions } from './breaks/args.ts';
import { breaks, type Break } from './breaks/breaks.ts';
import { buildAndTest, git, makeCopy, writeFiles } from './breaks/copy.ts';
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
import { projectRoot } from './vite/app-config.ts';

let options: BreaksOptions;
try {
  options = parseBreaksArgs(process.argv.slice(2));
} catch (error) {
  fail(`${(error as Error).message}\nUsage: ${USAGE}`);
}
const selected = select(options.only);
const commit = (
  await git(projectRoot, ['rev-parse', '--verify', `${options.rev}^{commit}`]).catch(() =>
    fail(`--rev ${options.rev} names no commit.`),
  )
).trim();
const revision = (await git(projectRoot, ['log', '-1', '--format=%h %s', commit])).trim();

// Every selected break must apply before anything is built: stale ones stop the run at once.
const changes = new Map<string, Map<string, string>>();
const texts = new Map<string, string | undefined>();
for (const file of new Set(selected.flatMap((brk) => brk.edits.map((edit) => edit.file)))) {
  texts.set(file, await git(projectRoot, ['show', `${commit}:${file}`]).catch(() => undefined));
}
const stale: string[] = [];
for (const brk of selected) {
  try {
    changes.set(
      brk.name,
      applyBreak(brk, (file) => {
        const text = texts.get(file);
        if (text === undefined)
          throw new BreakDoesNotApply(
            `break "${brk.name}" names ${file}, which ${options.rev} does not have.`,
          );
        return text;
      }),
    );
  } catch (error) {
    if (!(error instanceof BreakDoesNotApply)) throw error;
    stale.push(error.message);
  }
}
if (stale.length > 0) fail(stale.join('\n\n'));

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

async function tryOnCopy(label: string, files: Map<string, string>): Promise<Timed> {
  console.log(`\n${label}: copying ${revision.split(' ')[0]}, building, running the suite…`);
  const copy = await makeCopy(projectRoot, commit);
  try {
    await writeFiles(copy.dir, files);
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
