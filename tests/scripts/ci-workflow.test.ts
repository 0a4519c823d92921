import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { makeTempDir } from './brand-fixtures.ts';

// The GitHub workflow (docs/ci.md) cannot run here, so it is held to what can be checked: GitHub's
// schema of a workflow by a maintained linter (`npm run lint` runs it too), and the repository it
// calls into.
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

test('the shard matrix counts 1 to SHARDS, and the browser job passes both to npm run e2e', () => {
  const shards = Number(/^ {2}SHARDS: '(\d+)'$/m.exec(workflow)?.[1]);
  const matrix = /^ {8}shard: \[([\d, ]+)\]$/m.exec(workflow)?.[1]?.split(',').map(Number);
  expect(shards).toBeGreaterThan(1);
  expect(matrix).toEqual(Array.from({ length: shards }, (_, index) => index + 1));
  expect(workflow).toContain('npm run e2e -- --shard="$SHARD/$SHARDS" $PROJECTS');
});

test('every npm script and repository file the workflow calls exists', async () => {
  const { scripts } = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const called = [...workflow.matchAll(/npm run (?:-s )?([\w:-]+)/g)].map((match) => match[1] ?? '');
  expect(called.length).toBeGreaterThan(5);
  expect(called.filter((script) => !(script in scripts))).toEqual([]);
  // `npm test` too.
  expect(scripts.test).toBeDefined();
  const files = [...workflow.matchAll(/(?:^|\s)(\.ci\/[\w-]+|e2e\/[\w.-]+\.ts)/gm)].map(
    (match) => match[1] ?? '',
  );
  expect(files).toEqual(expect.arrayContaining(['.ci/install-system-packages', 'e2e/merge.config.ts']));
  expect(files.filter((file) => !existsSync(path.join(projectRoot, file)))).toEqual([]);
});

/** The text of every run step: its one line, or the block below `run: |`. */
function runScripts(text: string): string[] {
  const lines = text.split('\n');
  const scripts: string[] = [];
  lines.forEach((line, index) => {
    const step = /^(\s*)(?:- )?run: (.*)$/.exec(line);
    if (!step) return;
    if (step[2] !== '|') return void scripts.push(step[2] ?? '');
    const indent = (step[1] ?? '').length;
    const block: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && next.length - next.trimStart().length <= indent) break;
      block.push(next);
    }
    scripts.push(block.join('\n'));
  });
  return scripts;
}

test('nothing a pull request controls is pasted into a script: values reach run steps through env', () => {
  const scripts = runScripts(workflow);
  expect(scripts.length).toBeGreaterThan(10);
  expect(scripts.join('\n')).toContain('npm run -s affected -- --base "$BASE"');
  expect(scripts.filter((script) => script.includes('${{'))).toEqual([]);
});
