import path from 'node:path';
import { expect, test } from 'vitest';
import { PATCHES_DIR, readPatch, readPatches, selectPatches } from '../../../tools/breaks/patches.ts';

const DIFF = 'diff --git a/src/x.ts b/src/x.ts\n--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1 +1 @@\n-a\n+b\n';

test('the preamble is the name, then the why; the files are what the diff changes', () => {
  const patch = readPatch('/p/01-x.patch', `paste appends\n\nA pasted code is\nappended.\n\n${DIFF}`);
  expect(patch).toEqual({
    file: '/p/01-x.patch',
    name: 'paste appends',
    why: 'A pasted code is appended.',
    files: ['src/x.ts'],
  });
});

test('a patch without a name and why, or without a diff, is refused with its file', () => {
  expect(() => readPatch('/p/02-y.patch', DIFF)).toThrow('/p/02-y.patch: the preamble needs');
  expect(() => readPatch('/p/03-z.patch', 'a name\n\nwhy\n')).toThrow('/p/03-z.patch: no `diff --git`');
});

test('every break of tools/breaks/patches has its own name and file number', async () => {
  const patches = await readPatches();
  expect(patches.length).toBeGreaterThanOrEqual(10);
  expect(new Set(patches.map(({ name }) => name)).size).toBe(patches.length);
  for (const patch of patches) expect(path.basename(patch.file)).toMatch(/^\d\d-[a-z0-9-]+\.patch$/);
  expect(patches.every(({ file }) => path.dirname(file) === PATCHES_DIR)).toBe(true);
});

test('--only takes a name or a patch file, and lists the breaks for one it does not know', async () => {
  const patches = await readPatches();
  const [first, second] = patches;
  const picked = selectPatches(patches, [first?.name ?? '', path.basename(second?.file ?? '', '.patch')]);
  expect(picked).toEqual([first, second]);
  const unknown = selectPatches(patches, ['no such break']);
  expect(unknown).toContain('No break named "no such break"');
  expect(unknown).toContain(`${path.basename(first?.file ?? '')}  ${first?.name}`);
});
