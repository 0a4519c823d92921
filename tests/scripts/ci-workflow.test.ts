import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEPLOY_FILES } from '../../scripts/lib/deploy-configs.ts';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { makeTempDir } from './brand-fixtures.ts';

// The GitHub workflow (docs/ci.md) cannot run here, so it is held to what can be checked: GitHub's
// schema of a workflow by a maintained linter (`npm run lint` runs it too), and the repository it
// calls into. No YAML parser is a dependency of the project, so the rest reads the text, which
// Prettier keeps in one shape (two spaces per level).
const run = promisify(execFile);
const workflowFile = path.join(projectRoot, '.github', 'workflows', 'ci.yml');
const validator = path.join(projectRoot, 'node_modules', '.bin', 'action-validator');

/** action-validator's exit code and what it said (its errors, as JSON, go to stderr). */
const validate = (file: string) =>
  run(validator, [file]).then(
    ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  );

let workflow: string;
let dir: string;
beforeAll(async () => {
  workflow = await readFile(workflowFile, 'utf8');
  dir = await makeTempDir('workflow-');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Each job's text by its name: the lines below `  <name>:` in `jobs:`. */
function jobsOf(text: string): Map<string, string> {
  const jobs = new Map<string, string>();
  const [, body = ''] = text.split(/^jobs:\n/m);
  for (const part of body.split(/^(?= {2}[\w-]+:$)/m)) {
    const name = /^ {2}([\w-]+):$/m.exec(part)?.[1];
    if (name) jobs.set(name, part);
  }
  return jobs;
}

/**
 * The text of every run step: its one line, or the block below `run: |`. A step's keys sit at
 * eight spaces (a job's `outputs:` may name one `run` too, at six).
 */
function runScripts(text: string): string[] {
  const lines = text.split('\n');
  const scripts: string[] = [];
  lines.forEach((line, index) => {
    const step = /^(?: {6}- | {8})run: (.*)$/.exec(line);
    if (!step) return;
    if (step[1] !== '|') return void scripts.push(step[1] ?? '');
    const block: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && next.length - next.trimStart().length <= 8) break;
      block.push(next);
    }
    scripts.push(block.join('\n'));
  });
  return scripts;
}

test('the workflow passes the linter', async () => {
  const { code, output } = await validate(workflowFile);
  expect(output, 'action-validator').toBe('');
  expect(code).toBe(0);
});

test('the linter would catch a job that needs one that is not there', async () => {
  const broken = path.join(dir, 'ci.yml');
  expect(workflow).toContain('    needs: affected\n');
  await writeFile(broken, workflow.replace('    needs: affected\n', '    needs: afected\n'));
  const { code, output } = await validate(broken);
  expect(code).not.toBe(0);
  expect(output).toContain('unresolved job afected');
});

test('the jobs are the ones docs/ci.md describes, each with a timeout', () => {
  const jobs = jobsOf(workflow);
  expect([...jobs.keys()]).toEqual(['checks', 'affected', 'browsers', 'report', 'release', 'deploy']);
  for (const [name, job] of jobs) expect(job, name).toMatch(/^ {4}timeout-minutes: \d+$/m);
});

test('the shard matrix counts 1 to SHARDS, and the browser job passes both to npm run e2e', () => {
  const shards = Number(/^ {2}SHARDS: '(\d+)'$/m.exec(workflow)?.[1]);
  const matrix = /^ {8}shard: \[([\d, ]+)\]$/m.exec(workflow)?.[1]?.split(',').map(Number);
  expect(shards).toBeGreaterThan(1);
  expect(matrix).toEqual(Array.from({ length: shards }, (_, index) => index + 1));
  expect(runScripts(jobsOf(workflow).get('browsers') ?? '')).toContain(
    'npm run e2e -- --shard="$SHARD/$SHARDS" $PROJECTS',
  );
});

test('every npm script and repository file the workflow calls exists', async () => {
  const { scripts } = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const called = [...workflow.matchAll(/npm run (?:-s )?([\w:-]+)/g)].map((match) => match[1] ?? '');
  expect(called).toEqual(
    expect.arrayContaining(['lint', 'typecheck', 'breaks', 'affected', 'e2e', 'deploy']),
  );
  expect(called.filter((script) => !(script in scripts))).toEqual([]);
  expect(workflow).toContain('- run: npm test\n');
  expect(scripts.test).toBeDefined();

  const files = [...workflow.matchAll(/(?:^|\s)(\.ci\/[\w-]+|e2e\/[\w.-]+\.ts)/gm)].map(
    (match) => match[1] ?? '',
  );
  expect(files).toEqual(expect.arrayContaining(['.ci/install-system-packages', 'e2e/merge.config.ts']));
  expect(files.filter((file) => !existsSync(path.join(projectRoot, file)))).toEqual([]);
});

test('every job in the Debian container lets git read the checkout before anything else runs', () => {
  // Else git refuses the runner's checkout as root ("dubious ownership"): a release's id would
  // name no commit, and the tests that ask git would fail.
  const contained = [...jobsOf(workflow)].filter(([, job]) =>
    job.includes('    container: node:20-bookworm\n'),
  );
  expect(contained.map(([name]) => name)).toEqual(['checks', 'browsers', 'release']);
  for (const [name, job] of contained) {
    const steps = job.split(/^ {6}- /m).slice(1);
    expect(steps[0], name).toMatch(/^uses: actions\/checkout@v4\n/);
    expect(steps[1], name).toBe('run: git config --global --add safe.directory "$GITHUB_WORKSPACE"\n');
  }
});

test('the release artifact keeps the host configs, and the Firebase deploy keeps its stage', async () => {
  const release = jobsOf(workflow).get('release') ?? '';
  // upload-artifact leaves out dot files unless told; the deploy refuses a release without them.
  expect(Object.values(DEPLOY_FILES).some((file) => file.startsWith('.'))).toBe(true);
  expect(release).toMatch(/^ {10}path: dist\/\n(?: {10}.*\n)* {10}include-hidden-files: true$/m);

  const settings = JSON.parse(await readFile(path.join(projectRoot, 'deploy.config.json'), 'utf8')) as {
    firebase: { stageDir: string };
  };
  expect(jobsOf(workflow).get('deploy')).toContain(`          path: ${settings.firebase.stageDir}\n`);
});

test('nothing a pull request controls is pasted into a script: values reach run steps through env', () => {
  const scripts = runScripts(workflow);
  expect(scripts.length).toBeGreaterThan(10);
  expect(scripts.join('\n')).toContain('npm run -s affected -- --base "$BASE"');
  expect(scripts.filter((script) => script.includes('${{'))).toEqual([]);
});
