import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { changesEmittedCode } from './emitted-code.ts';

const options = { jsx: ts.JsxEmit.ReactJSX, target: ts.ScriptTarget.ES2022 };

// Comments and types alone: check-breaks.test.ts.
describe('changesEmittedCode', () => {
  test.each([
    { case: 'whitespace between tokens', before: 'const a = f(1, 2);', after: 'const a=f( 1,\n  2 );' },
    {
      case: 'a type-only import',
      before: "import type { A } from './a.ts';\nexport const b = 1;",
      after: 'export const b = 1;',
    },
  ])('$case does not count', ({ before, after }) => {
    expect(changesEmittedCode('src/a.ts', before, after, options)).toBe(false);
  });

  test.each([
    { case: 'a number', before: 'const a = 1;', after: 'const a = 2;' },
    { case: 'whitespace in a string', before: "const a = 'a b';", after: "const a = 'a  b';" },
    { case: 'whitespace in a template', before: 'const a = `${b} ${c}`;', after: 'const a = `${b}  ${c}`;' },
    { case: 'an operator', before: 'const a = b && c;', after: 'const a = b || c;' },
    { case: 'a removed statement', before: 'f();\ng();', after: 'f();' },
  ])('$case counts', ({ before, after }) => {
    expect(changesEmittedCode('src/a.ts', before, after, options)).toBe(true);
  });

  test('the text of a JSX element counts, the layout of the markup does not', () => {
    const view = (text: string, layout = ' ') =>
      `export const V = () => <p${layout}className="x">${text}</p>;`;
    expect(changesEmittedCode('src/v.tsx', view('Weiter'), view('Zurück'), options)).toBe(true);
    expect(changesEmittedCode('src/v.tsx', view('Weiter'), view('Weiter', '\n  '), options)).toBe(false);
  });

  // TypeScript emits nothing for one: transpiling it failed with "Output generation failed".
  test.each(['src/virtual-brands.d.ts', 'src/types.d.mts'])('a declaration file %s is types only', (file) => {
    const before = 'export declare const brands: string[];';
    expect(changesEmittedCode(file, before, 'export declare const brands: number[];', options)).toBe(false);
  });

  test('a file that is not code counts when its text changes at all', () => {
    expect(changesEmittedCode('src/app.css', 'a { color: red; }', 'a {color: red;}', options)).toBe(true);
    expect(changesEmittedCode('src/app.css', 'a { color: red; }', 'a { color: red; }', options)).toBe(false);
  });
});
