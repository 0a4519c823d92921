import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { breaks, type Break, type Edit } from './breaks.ts';
import { checkBreaks, formatCheck } from './check-breaks.ts';
import { compilerErrors, openProject, programWith, type Project } from './type-check.ts';

// A project of its own, small enough to compile in a moment: src/main.ts runs, src/spare.ts does
// not, and a unit test imports what runs.
const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      strict: true,
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      noEmit: true,
      types: [],
    },
    include: ['src', 'tests'],
  }),
  'src/main.ts': "import { greet } from './greet.ts';\n\nexport const page = greet('visitor');\n",
  'src/greet.ts': [
    'export interface Greeting {',
    '  text: string;',
    '}',
    '',
    '/** Says hello. */',
    'export function greet(name: string): string {',
    '  return `Hello, ${name}!`;',
    '}',
    '',
    'export function farewell(name: string): string {',
    '  return `Bye, ${name}.`;',
    '}',
    '',
    'function shout(text: string): string {',
    '  return text.toUpperCase();',
    '}',
    '',
  ].join('\n'),
  'src/spare.ts': 'export const spare = 111;\n',
  'tests/greet.test.ts':
    "import { greet } from '../src/greet.ts';\n\nexport const said: string = greet('test');\n",
};

let root: string;
let project: Project;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'check-breaks-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  project = openProject(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const breakOf = (...edits: Edit[]): Break => ({ name: 'a slip', why: 'because', edits });
const staleOf = (...edits: Edit[]) => {
  const [checked] = checkBreaks([breakOf(...edits)], project, ['src/main.ts']);
  return checked?.stale ?? ['no result'];
};
const greet = (find: string, replace: string): Edit => ({ file: 'src/greet.ts', find, replace });

describe('checkBreaks', () => {
  test('finds nothing stale in a break that compiles and changes code that runs', () => {
    const [checked] = checkBreaks([breakOf(greet('Hello, ', 'Hi $&, '))], project, ['src/main.ts']);
    expect(checked?.stale).toEqual([]);
    // The replacement is taken literally, `$&` included.
    expect(checked?.changes.get('src/greet.ts')).toContain('return `Hi $&, ${name}!`;');
    expect(checked && formatCheck(checked)).toBe('ok     a slip');
  });

  describe('a break that does not compile is stale, with the compiler message', () => {
    test('in the file it changes', () => {
      const stale = staleOf(greet('return `Hello, ${name}!`;', 'return `Hello, ${nmae}!`;'));
      expect(stale).toEqual([
        expect.stringMatching(
          /^The code does not compile:\nsrc\/greet\.ts\(7,20\): error TS2304: Cannot find name 'nmae'\.$/,
        ),
      ]);
    });

    test('in a file that runs and imports it', () => {
      const stale = staleOf(greet('export function greet(', 'export function greetVisitor('));
      expect(stale).toEqual([
        "The code does not compile:\nsrc/main.ts(1,10): error TS2305: Module '\"./greet.ts\"' has no exported member 'greet'.",
      ]);
    });
  });

  test('an error in a unit test that imports the changed file does not count: the suite never compiles it', () => {
    const edit = greet(
      'greet(name: string): string {\n  return `Hello, ${name}!`;',
      'greet(name: string) {\n  return name.length;',
    );
    expect(staleOf(edit)).toEqual([]);
    const [checked] = checkBreaks([breakOf(edit)], project, ['src/main.ts']);
    const changes = checked?.changes ?? new Map<string, string>();
    expect(compilerErrors(project, programWith(project, changes), ['src/greet.ts'], () => true)).toMatch(
      /^tests\/greet\.test\.ts\(3,14\): error TS2322: Type 'number' is not assignable to type 'string'\.$/,
    );
  });

  test.each([
    { case: 'the same text', edit: greet('Hello, ', 'Hello, ') },
    { case: 'whitespace', edit: greet('  return `Hello, ${name}!`;', '    return `Hello, ${name}!` ;') },
    { case: 'a comment', edit: greet('/** Says hello. */', '/** Says hello, politely. */') },
    { case: 'a type', edit: greet('  text: string;', '  text: string | undefined;') },
  ])('an edit that changes $case only is stale', ({ edit }) => {
    expect(staleOf(edit)).toEqual(['Edit 1 (src/greet.ts) changes only whitespace, comments or types.']);
  });

  test('edits that each change the code but together leave it as it was are stale', () => {
    const stale = staleOf(greet('Hello, ', 'Hi, '), greet('Hi, ', 'Hello, '));
    expect(stale).toEqual([
      'Its edits leave the code of src/greet.ts as it was, but for whitespace, comments or types.',
    ]);
  });

  test('an edit of a file that nothing running imports is stale, naming the entries', () => {
    const stale = staleOf({ file: 'src/spare.ts', find: '111', replace: '2' });
    expect(stale).toEqual([
      'Edit 1 (src/spare.ts) changes a file that does not run: src/main.ts do not import it.',
    ]);
  });

  test.each([
    {
      case: 'a function the file never calls',
      edit: greet('text.toUpperCase()', 'text.toLowerCase()'),
      names: 'shout',
    },
    {
      case: 'an export nothing running imports',
      edit: greet('`Bye, ${name}.`', '`Bye, ${name}!`'),
      names: 'farewell',
    },
    {
      case: 'a new declaration',
      edit: greet('function shout', 'const loud = 1;\nfunction shout'),
      names: 'loud',
    },
  ])('an edit of $case only is stale', ({ edit, names }) => {
    expect(staleOf(edit)).toEqual([
      `Edit 1 (src/greet.ts) changes only code that does not run: ${names}, which neither the rest of the file nor the code that runs uses.`,
    ]);
  });

  test.each([
    { case: 'a statement', replace: 'Math.random();\nfunction shout' },
    {
      case: 'an unused declaration whose value is computed on load',
      replace: 'const loud = Math.random();\nfunction shout',
    },
  ])('an edit that adds $case runs on load and is not stale', ({ replace }) => {
    expect(staleOf(greet('function shout', replace))).toEqual([]);
  });

  test.each([
    {
      case: 'whose text is gone',
      edits: [greet('Good morning', 'Good night')],
      says: 'does not apply: src/greet.ts has no occurrence(s) of\n    | Good morning\nThe code changed: update the break',
    },
    {
      case: 'whose text is there more than once',
      edits: [greet('return ', 'return 1 + ')],
      says: 'does not apply: src/greet.ts has 3 occurrence(s) of\n    | return \nMake `find` longer',
    },
    {
      case: 'whose text overlaps itself',
      edits: [{ file: 'src/spare.ts', find: '11', replace: '2' }],
      says: 'src/spare.ts has 2 occurrence(s)',
    },
    {
      case: 'of a file that does not exist',
      edits: [{ file: 'src/gone.ts', find: 'a', replace: 'b' }],
      says: 'names src/gone.ts, which does not exist.',
    },
    { case: 'with an empty find', edits: [greet('', 'x')], says: 'has an empty find for src/greet.ts' },
    { case: 'with no edits', edits: [], says: 'has no edits' },
  ])('a break $case is stale, saying so', ({ edits, says }) => {
    const stale = staleOf(...edits);
    expect(stale).toHaveLength(1);
    expect(stale[0]).toContain(says);
  });

  test('the breaks of tools/breaks/breaks.ts have different names', () => {
    expect(new Set(breaks.map((brk) => brk.name)).size).toBe(breaks.length);
  });

  test('formats a stale break with each reason under its name', () => {
    const [checked] = checkBreaks([breakOf(greet('Hello, ', 'Hello, '))], project, ['src/main.ts']);
    expect(checked && formatCheck(checked)).toBe(
      'STALE  a slip\n       - Edit 1 (src/greet.ts) changes only whitespace, comments or types.',
    );
  });
});
