import type { Break } from './breaks.ts';

/** A break whose text to replace is missing or ambiguous at the revision under test. */
export class BreakDoesNotApply extends Error {
  override name = 'BreakDoesNotApply';
}

/**
 * The files a break changes, with their new text; `read` gives a file's text at the revision
 * under test. Edits of the same file apply in order. Throws BreakDoesNotApply, naming the break
 * and the file, when an edit's `find` does not occur exactly once.
 */
export function applyBreak(brk: Break, read: (file: string) => string): Map<string, string> {
  if (brk.edits.length === 0) throw new BreakDoesNotApply(`break "${brk.name}" has no edits`);
  const files = new Map<string, string>();
  for (const { file, find, replace } of brk.edits) {
    if (find === '') throw new BreakDoesNotApply(`break "${brk.name}" has an empty find for ${file}`);
    const text = files.get(file) ?? read(file);
    const count = occurrences(text, find);
    if (count !== 1) {
      throw new BreakDoesNotApply(
        `break "${brk.name}" does not apply: ${file} has ${count === 0 ? 'no' : count} occurrence(s) of\n` +
          indent(find) +
          '\n' +
          (count === 0
            ? 'The code changed: update the break in scripts/breaks/breaks.ts.'
            : 'Make `find` longer, so that it names one place.'),
      );
    }
    files.set(
      file,
      text.replace(find, () => replace),
    );
  }
  return files;
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
