import type { Break, Edit } from './breaks.ts';

/** A break whose text to replace is missing or ambiguous at the revision under test. */
export class BreakDoesNotApply extends Error {
  override name = 'BreakDoesNotApply';
}

/** One edit as applied: the text of its file before and after it. */
export interface AppliedEdit {
  edit: Edit;
  before: string;
  after: string;
}

/**
 * The files a break changes, with their new text; `read` gives a file's text at the revision
 * under test. Throws BreakDoesNotApply as applyEdits does.
 */
export function applyBreak(brk: Break, read: (file: string) => string): Map<string, string> {
  return new Map(applyEdits(brk, read).map(({ edit, after }) => [edit.file, after]));
}

/**
 * Each edit of a break in order, each applied to the text the last one left in its file. Throws
 * BreakDoesNotApply, naming the break and the file, when an edit's `find` does not occur exactly
 * once.
 */
export function applyEdits(brk: Break, read: (file: string) => string): AppliedEdit[] {
  if (brk.edits.length === 0) throw new BreakDoesNotApply(`break "${brk.name}" has no edits`);
  const files = new Map<string, string>();
  return brk.edits.map((edit) => {
    const { file, find, replace } = edit;
    if (find === '') throw new BreakDoesNotApply(`break "${brk.name}" has an empty find for ${file}`);
    const before = files.get(file) ?? read(file);
    const count = occurrences(before, find);
    if (count !== 1) {
      throw new BreakDoesNotApply(
        `break "${brk.name}" does not apply: ${file} has ${count === 0 ? 'no' : count} occurrence(s) of\n` +
          indent(find) +
          '\n' +
          (count === 0
            ? 'The code changed: update the break in tools/breaks/breaks.ts.'
            : 'Make `find` longer, so that it names one place.'),
      );
    }
    const after = before.replace(find, () => replace);
    files.set(file, after);
    return { edit, before, after };
  });
}

function occurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + 1)) count++;
  return count;
}

function indent(text: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => `    | ${line}`)
    .join('\n');
}
