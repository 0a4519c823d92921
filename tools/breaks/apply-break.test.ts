import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyBreak, applyEdits, BreakDoesNotApply } from './apply-break.ts';
import { breaks, type Break } from './breaks.ts';
import { projectRoot } from '../../scripts/vite/app-config.ts';

const files: Record<string, string> = {
  'src/a.ts': 'const a = 1;\nconst b = 2;\n',
  'src/twice.ts': 'guard();\nguard();\n',
};
const read = (file: string) => {
  const text = files[file];
  if (text === undefined) throw new Error(`no ${file}`);
  return text;
};
const breakOf = (...edits: Break['edits']): Break => ({ name: 'a slip', why: 'because', edits });

describe('applyBreak', () => {
  test('replaces the one occurrence and returns only the files it changed', () => {
    const changed = applyBreak(
      breakOf({ file: 'src/a.ts', find: 'const b = 2;', replace: 'const b = 3;' }),
      read,
    );
    expect([...changed]).toEqual([['src/a.ts', 'const a = 1;\nconst b = 3;\n']]);
  });

  test('applies edits of one file in order, each to the text the last one left', () => {
    const changed = applyBreak(
      breakOf(
        { file: 'src/a.ts', find: 'const a = 1;\n', replace: '' },
        { file: 'src/a.ts', find: 'const b = 2;', replace: 'const b = 1;' },
      ),
      read,
    );
    expect(changed.get('src/a.ts')).toBe('const b = 1;\n');
  });

  test('gives each edit with the text of its file before and after it', () => {
    const first = { file: 'src/a.ts', find: 'const a = 1;\n', replace: '' };
    const second = { file: 'src/a.ts', find: 'const b = 2;', replace: 'const b = 1;' };
    expect(applyEdits(breakOf(first, second), read)).toEqual([
      { edit: first, before: 'const a = 1;\nconst b = 2;\n', after: 'const b = 2;\n' },
      { edit: second, before: 'const b = 2;\n', after: 'const b = 1;\n' },
    ]);
  });

  test('takes the replacement literally, $& and $1 included', () => {
    const changed = applyBreak(breakOf({ file: 'src/a.ts', find: '1', replace: "'$&$1'" }), read);
    expect(changed.get('src/a.ts')).toBe("const a = '$&$1';\nconst b = 2;\n");
  });

  test.each([
    { case: 'text that is not there', find: 'const c', count: 'no occurrence(s)', hint: /update the break/ },
    {
      case: 'text that is there twice',
      find: 'guard();',
      count: '2 occurrence(s)',
      hint: /Make `find` longer/,
    },
  ])('refuses $case, naming the break and the file', ({ find, count, hint }) => {
    const file = find === 'guard();' ? 'src/twice.ts' : 'src/a.ts';
    const apply = () => applyBreak(breakOf({ file, find, replace: 'x' }), read);
    expect(apply).toThrow(BreakDoesNotApply);
    expect(apply).toThrow(`break "a slip" does not apply: ${file} has ${count} of\n    | ${find}\n`);
    expect(apply).toThrow(hint);
  });

  test('counts an occurrence that overlaps another as a second one', () => {
    const apply = () =>
      applyBreak(breakOf({ file: 'src/twice.ts', find: ';\ng', replace: '' }), () => 'a;\ng;\ng');
    expect(apply).toThrow(/has 2 occurrence/);
  });

  test('refuses a second edit that no longer finds what the first one replaced', () => {
    const apply = () =>
      applyBreak(
        breakOf(
          { file: 'src/a.ts', find: 'const a = 1;', replace: 'let a = 1;' },
          { file: 'src/a.ts', find: 'const a = 1;', replace: 'var a = 1;' },
        ),
        read,
      );
    expect(apply).toThrow(/src\/a\.ts has no occurrence/);
  });

  test.each([
    { case: 'no edits', brk: breakOf() },
    { case: 'an empty find', brk: breakOf({ file: 'src/a.ts', find: '', replace: 'x' }) },
  ])('refuses a break with $case', ({ brk }) => {
    expect(() => applyBreak(brk, read)).toThrow(BreakDoesNotApply);
  });
});

// The tool stops when a break does not apply to the commit it tests; this says so as soon as
// the code changes under a break, before anyone runs the browser suite.
describe('the breaks of tools/breaks/breaks.ts', () => {
  test('have different names', () => {
    expect(new Set(breaks.map((brk) => brk.name)).size).toBe(breaks.length);
  });

  test.each(breaks.map((brk) => [brk.name, brk] as const))('"%s" applies to the code as it is', (_, brk) => {
    const changed = applyBreak(brk, (file) => readFileSync(path.join(projectRoot, file), 'utf8'));
    expect(changed.size).toBeGreaterThan(0);
  });
});
