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

/** Every tracked file and folder of the repository, as paths relative to its root. */
function trackedPaths(): Set<string> {
  const files = execFileSync('git', ['ls-files'], { cwd: projectRoot, encoding: 'utf8' }).split('\n');
  const paths = new Set<string>();
  for (const file of files.filter(Boolean)) {
    const parts = file.split('/');
    for (let depth = 1; depth <= parts.length; depth += 1) paths.add(parts.slice(0, depth).join('/'));
  }
  return paths;
}

/** The folder a path is in: '' for the repository's root. */
const folderOf = (entry: string) => (entry.includes('/') ? entry.slice(0, entry.lastIndexOf('/')) : '');

// The other direction: a folder whose contents the tree lists (the root too) lists all of them, so
// a file added to one is missing from the tree until it is written in. A folder the tree names
// without its contents, or with a placeholder such as <service>/, stands for whatever it holds.
test('the architecture tree names every file and folder of each folder whose contents it lists', async () => {
  const named = await treePaths();
  const covered = new Set(
    named.flatMap((entry) => entry.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))),
  );
  const listed = new Set(named.map(folderOf));
  for (const entry of named) if (entry.includes('<')) listed.delete(folderOf(entry));
  const unnamed = [...trackedPaths()].filter((entry) => listed.has(folderOf(entry)) && !covered.has(entry));
  expect(unnamed, 'in a folder docs/architecture.md lists, but not named in its tree').toEqual([]);
});
