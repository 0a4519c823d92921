/**
 * `npm run breaks`: proves the browser suite can fail (issue 13). Each break, a patch in
 * tools/breaks/patches/ (decision 026), goes into a throw-away copy of the repository at --rev,
 * which is built and tested with the Playwright suite; the exit code is 1 when one is not caught.
 * First every selected break is checked on the commit's files (tools/breaks/check.ts): a stale one
 * would be "caught" for the wrong reason (issue 23), so it stops the run before anything is built.
 * `--check-only` runs only that check, on the working tree: a step of `npm run check`.
 */
import { checkPatches, formatCheck, gitApply } from './breaks/check.ts';
import { readPatches, selectPatches, type Patch } from './breaks/patches.ts';
import { caught, formatReport, verdict, type Tried } from './breaks/report.ts';
import { buildAndTest, git, makeCopy, type Outcome } from './breaks/run.ts';
import { readCommandLine } from '../scripts/lib/command-line.ts';
import { projectRoot } from '../scripts/vite/app-config.ts';

const ONLY = 'Tries only that break: its name or its patch file';
const REV = 'Makes the copies from that commit (default: HEAD)';
const CHECK_ONLY = 'Only checks that each patch applies to the working tree, changes code and compiles';
const line = readCommandLine(
  {
    command: 'npm run breaks --',
    summary:
      'Applies each deliberate break of tools/breaks/patches/ to a throw-away copy of the committed code, ' +
      'builds it, runs the browser suite there and lists the tests that catch each; a stale break (see ' +
      '--check-only) stops the run before anything is built.',
    options: {
      only: { type: 'string', multiple: true, default: [], valueName: '<name>', description: ONLY },
      rev: { type: 'string', valueName: '<commit>', description: REV },
      'check-only': { type: 'boolean', default: false, description: CHECK_ONLY },
    },
    notes: ['See docs/testing.md and docs/decisions/026-breaks-as-patches.md.'],
  },
  process.argv.slice(2),
);
if (line.kind !== 'run') fail(line.text, line.kind === 'help' ? 0 : 2);
const { values } = line;
if (values['check-only'] && values.rev !== undefined)
  fail('--check-only checks the working tree, not a --rev.');

const selected = await readPatches()
  .then((patches) => selectPatches(patches, values.only))
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
if (typeof selected === 'string') fail(selected);

if (values['check-only']) process.exit((await check(projectRoot, selected)) ? 0 : 1);

const rev = values.rev ?? 'HEAD';
const found = await git(projectRoot, ['rev-parse', '--verify', `${rev}^{commit}`]).catch(() => '');
if (found === '') fail(`--rev ${rev} names no commit.`);
const commit = found.trim();
const revision = (await git(projectRoot, ['log', '-1', '--format=%h %s', commit])).trim();
if ((await git(projectRoot, ['status', '--porcelain'])).trim() !== '') {
  console.log(`Note: the copies are ${commit.slice(0, 7)} as committed, without the uncommitted changes.`);
}

// Every selected break must be fresh on the commit's own files before anything is built.
console.log(`Checking ${selected.length} break(s) at ${revision}…`);
const fresh = await onCopy((dir) => check(dir, selected));
if (!fresh) process.exit(1);

// Ctrl-C reaches the build or the suite too; this tool only stops after it, and removes the copy.
let interrupted = false;
process.on('SIGINT', () => (interrupted = true));
const tried: Tried[] = [];
for (const patch of selected) {
  console.log(`\n${patch.name}: copying ${revision.split(' ')[0]}, building, running the suite…`);
  const started = performance.now();
  const outcome = await onCopy(async (dir): Promise<Outcome> => {
    const refused = await gitApply(dir, patch);
    return refused === undefined ? buildAndTest(dir) : { kind: 'no-run', message: refused };
  });
  if (interrupted) process.exit(130);
  tried.push({ patch, outcome, seconds: (performance.now() - started) / 1000 });
  console.log(`  → ${verdict(outcome)}`);
}
console.log(`\n${formatReport(revision, tried)}`);
process.exitCode = tried.every(({ outcome }) => caught(outcome)) ? 0 : 1;

async function onCopy<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const copy = await makeCopy(projectRoot, commit);
  try {
    return await use(copy.dir);
  } finally {
    await copy.remove();
  }
}

/** Checks the patches against the files of `root`, prints each and a last line; whether none is stale. */
async function check(root: string, patches: Patch[]): Promise<boolean> {
  const started = performance.now();
  const checked = await checkPatches(root, patches);
  for (const result of checked) console.log(formatCheck(result));
  const stale = checked.filter((result) => result.stale.length > 0).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const what = stale === 0 ? 'none is stale' : `${stale} stale: regenerate them (decision 026)`;
  console.log(`\n${checked.length} break(s) checked in ${seconds} s: ${what}.`);
  return stale === 0;
}

function fail(message: string, code = 2): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}
