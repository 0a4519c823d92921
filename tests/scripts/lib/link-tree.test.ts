import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { linkTree } from '../../../scripts/lib/link-tree.ts';

// Lets a test make every hard link fail, as on another file system; otherwise links are real.
const links = vi.hoisted(() => ({ fail: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    link: (from: string, to: string) =>
      links.fail
        ? Promise.reject(
            Object.assign(new Error(`EXDEV: cross-device link not permitted, link '${from}' -> '${to}'`), {
              code: 'EXDEV',
            }),
          )
        : actual.link(from, to),
  };
});

let root: string;
let src: string;
let dest: string;
beforeEach(async () => {
  links.fail = false;
  // One temp folder holds both trees, so they are on one file system.
  root = await mkdtemp(path.join(os.tmpdir(), 'link-tree-'));
  src = path.join(root, 'src');
  dest = path.join(root, 'out', 'a-dok');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const tree: Record<string, string> = {
  'index.html': '<!doctype html><title>A-Dok</title>\n',
  'assets/index-CB1yqfRR.js': 'export const app = "Anmeldung – Schritt 1";\n',
  'assets/index-DMWKH6Vo.css': ':root{--accent:#0b5cad}\n',
  'assets/fonts/inter-latin.woff2': '\u0000\u0001binary\u00ff',
  'assets/deep/er/still/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'assets/empty.txt': '',
};

async function writeTree(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

/** Every file under dir, as sorted POSIX paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

test('reproduces a nested tree with identical contents in a folder that did not exist', async () => {
  await writeTree(src, tree);
  await linkTree(src, dest);
  expect(await filesUnder(dest)).toEqual(Object.keys(tree).sort());
  for (const name of Object.keys(tree)) {
    expect((await readFile(path.join(dest, name))).equals(await readFile(path.join(src, name))), name).toBe(
      true,
    );
  }
});

test('makes each file a hard link to its source on the same file system', async () => {
  await writeTree(src, tree);
  await linkTree(src, dest);
  for (const name of Object.keys(tree)) {
    const [from, to] = await Promise.all([stat(path.join(src, name)), stat(path.join(dest, name))]);
    expect(to.ino, name).toBe(from.ino);
    expect(to.dev, name).toBe(from.dev);
    expect(to.nlink, name).toBe(2);
  }
});

test('creates empty folders too', async () => {
  await writeTree(src, { 'index.html': 'x' });
  await mkdir(path.join(src, 'assets', 'unused'), { recursive: true });
  await linkTree(src, dest);
  expect((await stat(path.join(dest, 'assets', 'unused'))).isDirectory()).toBe(true);
});

test('copies the files where a hard link cannot be made', async () => {
  links.fail = true;
  await writeTree(src, tree);
  await linkTree(src, dest);
  expect(await filesUnder(dest)).toEqual(Object.keys(tree).sort());
  for (const name of Object.keys(tree)) {
    const from = path.join(src, name);
    const to = path.join(dest, name);
    expect((await readFile(to)).equals(await readFile(from)), name).toBe(true);
    expect((await stat(to)).ino, name).not.toBe((await stat(from)).ino);
  }
});

test('links several brand folders to one source, which stays untouched', async () => {
  await writeTree(src, tree);
  const other = path.join(root, 'out', 'caac');
  await linkTree(src, dest);
  await linkTree(src, other);
  expect(await filesUnder(src)).toEqual(Object.keys(tree).sort());
  const ino = (await stat(path.join(src, 'assets/index-CB1yqfRR.js'))).ino;
  expect((await stat(path.join(other, 'assets/index-CB1yqfRR.js'))).ino).toBe(ino);
  expect((await stat(path.join(src, 'assets/index-CB1yqfRR.js'))).nlink).toBe(3);
});

test('linking over an earlier link replaces it and leaves the earlier source alone', async () => {
  const first = path.join(root, 'v1');
  const second = path.join(root, 'v2');
  await writeTree(first, { 'assets/app.js': 'version 1' });
  await writeTree(second, { 'assets/app.js': 'version 2' });
  await linkTree(first, dest);
  await linkTree(second, dest);
  expect(await readFile(path.join(first, 'assets', 'app.js'), 'utf8')).toBe('version 1');
  expect(await readFile(path.join(dest, 'assets', 'app.js'), 'utf8')).toBe('version 2');
});
