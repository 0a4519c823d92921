import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { projectRoot } from '../../../scripts/vite/app-config.ts';

// `npm run e2e -- --shard=<i>/<n>` on the real suite, listing instead of running (`--list`): the
// shards together hold every test of the suite once, and each holds part of the production
// project and of the brand projects.
const run = promisify(execFile);
const e2e = async (...args: string[]) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join('tools', 'e2e.ts'), ...args], {
    cwd: projectRoot,
    env: Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(NODE_ENV|VITEST.*)$/.test(name)),
    ),
    maxBuffer: 32 << 20,
  });
  // `--list` prints "  [project] › file:line:column › title" per test.
  return stdout
    .split('\n')
    .filter((line) => /^\s+\[[^\]]+\] › /.test(line))
    .map((line) => line.trim().replace(/:\d+:\d+ › /, ' › '));
};

test('the shards of the suite hold every test once, and share the projects out', async () => {
  const [all, one, two] = await Promise.all([
    e2e('--list'),
    e2e('--shard=1/2', '--list'),
    e2e('--shard', '2/2', '--list'),
  ]);
  expect(all.length).toBeGreaterThan(100);
  expect([...one, ...two].sort()).toEqual([...all].sort());
  const projects = (tests: string[]) => new Set(tests.map((line) => /^\[([^\]]+)\]/.exec(line)?.[1]));
  for (const shard of [one, two]) {
    expect(projects(shard).has('production')).toBe(true);
    expect(projects(shard).has('a-dok') || projects(shard).has('a-ident')).toBe(true);
  }
}, 120_000);
