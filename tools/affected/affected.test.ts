import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, test } from 'vitest';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { makeTempDir } from '../../tests/scripts/brand-fixtures.ts';

// The command on this repository, with a change that is the same on every machine: none
// (`--base HEAD --committed-only`). The rule itself is affected-projects.test.ts's.
const run = promisify(execFile);
const affected = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, ['--import', 'tsx', path.join('tools', 'affected.ts'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('no change: no browser project, and run=false for the workflow', async () => {
  dir = await makeTempDir('affected-');
  const output = path.join(dir, 'github-output');
  const { code, stdout } = await affected(['--base', 'HEAD', '--committed-only', '--github-output'], {
    GITHUB_OUTPUT: output,
  });
  expect(code).toBe(0);
  expect(stdout).toMatch(/^No browser project/);
  expect(await readFile(output, 'utf8')).toBe('run=false\nprojects=\n');
});

test('answers JSON', async () => {
  const { stdout } = await affected(['--base', 'HEAD', '--committed-only', '--json']);
  expect(JSON.parse(stdout)).toEqual({ all: false, projects: [], reasons: {} });
});

test('a base git does not know, or none, is told in a sentence with exit 2', async () => {
  const unknown = await affected(['--base', 'no-such-commit-anywhere']);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('--base no-such-commit-anywhere: git knows no such commit here');
  const none = await affected([]);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain('--base <commit> is required');
});

test('--github-output without GITHUB_OUTPUT says what is missing', async () => {
  const { code, stderr } = await affected(['--base', 'HEAD', '--committed-only', '--github-output'], {
    GITHUB_OUTPUT: '',
  });
  expect(code).toBe(2);
  expect(stderr).toContain('needs the GITHUB_OUTPUT environment variable');
});
