import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeRelease, healthAnswer } from '../../../scripts/lib/release-manifest.ts';

const git = promisify(execFile);

describe('a release made from a working tree', () => {
  let repo: string;
  const dirtyOf = async () => (await describeRelease(repo, ['a-dok'])).dirty;

  beforeAll(async () => {
    repo = await mkdtemp(path.join(os.tmpdir(), 'release-tree-'));
    const run = (...args: string[]) => git('git', args, { cwd: repo });
    await run('init', '-q');
    await writeFile(path.join(repo, '.gitignore'), 'reports/\n');
    await writeFile(path.join(repo, 'index.ts'), 'export {};\n');
    await run('add', '.');
    await run('-c', 'user.name=t', '-c', 'user.email=t@example.de', 'commit', '-qm', 'one');
  });
  afterAll(() => rm(repo, { recursive: true, force: true }));

  test('from a clean commit is not dirty, and names the commit', async () => {
    const manifest = await describeRelease(repo, ['a-dok'], new Date('2026-11-28T12:00:00Z'));
    expect(manifest.dirty).toBe(false);
    expect(manifest.release).toBe(`20261128T120000Z-${manifest.commit.slice(0, 12)}`);
  });

  test('is dirty with a file no commit holds, a new brand folder too, but not with an ignored one', async () => {
    await mkdir(path.join(repo, 'reports'));
    await writeFile(path.join(repo, 'reports', 'run.json'), '{}');
    expect(await dirtyOf()).toBe(false);

    await mkdir(path.join(repo, 'brands', 'wdbank'), { recursive: true });
    await writeFile(path.join(repo, 'brands', 'wdbank', 'brand.json'), '{}');
    expect(await dirtyOf()).toBe(true);
    await rm(path.join(repo, 'brands'), { recursive: true });

    await writeFile(path.join(repo, 'index.ts'), 'export const changed = 1;\n');
    expect(await dirtyOf()).toBe(true);
  });

  test('is not dirty for the settings file alone: production values there are settings, not code', async () => {
    const run = (...args: string[]) => git('git', args, { cwd: repo });
    await writeFile(path.join(repo, 'index.ts'), 'export {};\n');
    await writeFile(path.join(repo, 'deploy.config.json'), '{"nginx":{}}\n');
    await run('add', '.');
    await run('-c', 'user.name=t', '-c', 'user.email=t@example.de', 'commit', '-qm', 'two');
    await writeFile(path.join(repo, 'deploy.config.json'), '{"nginx":{"backend":"10.0.0.5:8081"}}\n');
    expect(await dirtyOf()).toBe(false);
    await writeFile(path.join(repo, 'index.ts'), 'export const changed = 2;\n');
    expect(await dirtyOf()).toBe(true);
  });
});

test('/healthz says its status and the release, nothing of the commit, build time or brands', () => {
  expect(JSON.parse(healthAnswer('20261128T120000Z-0123456789ab'))).toEqual({
    status: 'ok',
    release: '20261128T120000Z-0123456789ab',
  });
});
