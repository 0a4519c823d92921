import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { errorTexts, messages } from '../../../src/lib/messages.ts';

const src = path.join(import.meta.dirname, '../../../src');
/** Words a German sentence of the page hardly does without, and no English identifier has. */
const GERMAN =
  /[äöüÄÖÜß„“]|\b(?:bitte|keine?|nicht|erhalten|versuche|erneut|zahlung\w*|anmeld\w*|fehler|betrag|warten|senden|ändern|wählen)\b/i;

/** Every string literal, template text and JSX text of a file, comments left out. */
function textsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** Where the page's texts live: messages.ts, which includes the first view's own module. */
const TEXT_FILES = ['messages.ts', 'first-view-messages.ts'];

// The preview is a development tool with its own German captions.
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !file.startsWith('preview') &&
      !TEXT_FILES.some((texts) => file === path.join('lib', texts)),
  )
  .map((file) => path.join(src, file));

describe('messages.ts', () => {
  test('holds every German text of the page, with first-view-messages.ts: no other file of src/ has one', () => {
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((file) =>
      textsOf(file)
        .filter((text) => GERMAN.test(text))
        .map((text) => `${path.relative(src, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  test('the check would see one: its own texts are German', () => {
    expect(Object.values(errorTexts).every((text) => GERMAN.test(text))).toBe(true);
    expect(GERMAN.test(messages.paymentWithoutId)).toBe(true);
    expect(messages.chooseMethod).toBe('Anmeldemethode wählen');
  });
});
