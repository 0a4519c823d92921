import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { checkPatches, formatCheck } from '../../../tools/breaks/check.ts';
import { readPatch } from '../../../tools/breaks/patches.ts';

// A repository of two files, b.ts importing a.ts, and patches made from it as decision 026 says.
const root = await mkdtemp(path.join(os.tmpdir(), 'breaks-check-test-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const A =
  "// Greets.\nexport function greet(name: string): string {\n  return 'hi ' + name;\n}\n\n" +
  'export const a = 1;\nexport const b = 2;\nexport const c = 3;\nexport const d = 4;\n';
const B = "import { greet } from './a.ts';\n\nexport const text: string = greet('you');\n";
await mkdir(path.join(root, 'src'));
await writeFile(
  path.join(root, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, allowImportingTsExtensions: true, lib: ['ES2022'] },
    include: ['src'],
  }),
);
await writeFile(path.join(root, 'src/a.ts'), A);
await writeFile(path.join(root, 'src/b.ts'), B);
git('init', '-q');
git('add', '.');
git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'fixture');

/** A patch file of `name`, made by replacing `find` in src/a.ts and taking `git diff`. */
async function patchOf(name: string, find: string, replace: string) {
  await writeFile(path.join(root, 'src/a.ts'), A.replace(find, replace));
  const file = path.join(root, `${name.replace(/ /g, '-')}.patch`);
  await writeFile(file, `${name}\n\nWhat it breaks.\n\n${git('diff')}`);
  git('checkout', '--', 'src/a.ts');
  return readPatch(file, await readFile(file, 'utf8'));
}

const good = await patchOf('greets wrong', "'hi '", "'ho '");
const comment = await patchOf('only a comment', '// Greets.', '// Says hello.');
const types = await patchOf('only a type', 'name: string)', 'name: string | string)');
const compiles = await patchOf(
  'does not compile',
  "name: string): string {\n  return 'hi '",
  "name: string, times: number): string {\n  return 'hi '.repeat(times)",
);
const stale = await patchOf('stale', 'd = 4', 'd = 5');
await writeFile(path.join(root, 'src/a.ts'), A.replace('d = 4', 'd = 6'));

test('a stale patch is reported with its name and git’s message; the others still checked', async () => {
  const checked = await checkPatches(root, [stale, good]);
  expect(checked.map(({ stale: why }) => why.length)).toEqual([1, 0]);
  const [report = ''] = checked.map(formatCheck);
  expect(report).toContain('STALE  stale (stale.patch)');
  expect(report).toContain('does not apply');
  expect(report).toMatch(/src\/a\.ts.*patch does not apply/);
});

test('a patch that breaks the compile in another file, or changes no code, is stale; a real break is not', async () => {
  await writeFile(path.join(root, 'src/a.ts'), A);
  const checked = await checkPatches(root, [compiles, comment, types, good]);
  const [broken, onlyComment, onlyType, fine] = checked;
  expect(broken?.stale).toEqual([
    expect.stringMatching(/^The code does not compile:\nsrc\/b\.ts:3: Expected 2 arguments, but got 1\.$/),
  ]);
  expect(onlyComment?.stale).toEqual(['It changes only comments, whitespace or types in src/a.ts.']);
  expect(onlyType?.stale).toEqual(['It changes only comments, whitespace or types in src/a.ts.']);
  expect(fine?.stale).toEqual([]);
  expect(formatCheck(fine ?? { patch: good, stale: [] })).toBe('ok     greets wrong (greets-wrong.patch)');
  // The check leaves the files as they were.
  expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(A);
});

test('an error the tree has without the patch too does not make the patch stale', async () => {
  await writeFile(path.join(root, 'src/b.ts'), `${B}export const broken: number = 'no';\n`);
  const [checked] = await checkPatches(root, [good]);
  expect(checked?.stale).toEqual([]);
  await writeFile(path.join(root, 'src/b.ts'), B);
});
