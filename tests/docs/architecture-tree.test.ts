import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { projectRoot } from '../../scripts/vite/app-config.ts';

/**
 * The file tree at the top of docs/architecture.md, as paths: each line `├── name   comment`
 * sits four characters deeper than its folder. A name with `<…>` is a placeholder.
 */
async function treePaths(): Promise<string[]> {
  const text = await readFile(path.join(projectRoot, 'docs', 'architecture.md'), 'utf8');
  const tree = /```\n\.\n([^]*?)```/.exec(text)?.[1];
  if (!tree) throw new Error('docs/architecture.md has no tree block starting with "."');
  const folders: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const name = match[2] ?? '';
    folders.length = depth;
    const full = [...folders, name.replace(/\/$/, '')].join('/');
    if (name.endsWith('/')) folders.push(name.replace(/\/$/, ''));
    paths.push(full);
  }
  return paths;
}

test('every file and folder the architecture tree names exists', async () => {
  const paths = await treePaths();
  expect(paths.length).toBeGreaterThan(50);
  const missing = paths.filter((entry) => !entry.includes('<') && !existsSync(path.join(projectRoot, entry)));
  expect(missing, 'named in docs/architecture.md but not in the repository').toEqual([]);
});

test('the architecture tree names every top-level folder of the repository', async () => {
  const paths = new Set(await treePaths());
  const tracked = execFileSync('git', ['ls-files'], { cwd: projectRoot, encoding: 'utf8' }).split('\n');
  const folders = new Set(
    tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0] ?? ''),
  );
  const unnamed = [...folders].filter(
    (folder) => !paths.has(folder) && ![...paths].some((p) => p.startsWith(`${folder}/`)),
  );
  expect(unnamed, 'top-level folders docs/architecture.md does not show').toEqual([]);
});
