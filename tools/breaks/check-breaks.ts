import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Break, Edit } from './breaks.ts';
import { changesEmittedCode } from './emitted-code.ts';
import { runningCode } from './module-graph.ts';
import { compilerErrors, programWith, type Project } from './type-check.ts';
import { unusedChange } from './unused-change.ts';

export interface CheckedBreak {
  brk: Break;
  /** The files the break changes, with their new text; empty when it does not apply. */
  changes: Map<string, string>;
  /** Why the break is stale: each sentence names a rule it fails. None when it is not. */
  stale: string[];
}

/**
 * Whether each break still does what it says, on the files as they are in `project.root`, by the
 * rules tools/breaks.ts and docs/testing.md list. Unit tests that import the changed files do not
 * count: the browser suite never compiles them.
 */
export function checkBreaks(
  breaks: readonly Break[],
  project: Project,
  entries: readonly string[],
): CheckedBreak[] {
  return breaks.map((brk) => {
    const steps = applyEdits(brk, project.root);
    if (typeof steps === 'string') return { brk, changes: new Map(), stale: [steps] };
    const changes = new Map(steps.map(({ edit, after }) => [edit.file, after]));
    const program = programWith(project, changes);
    const options = program.getCompilerOptions();
    const running = runningCode(
      program,
      entries.map((entry) => path.join(project.root, entry)),
    );
    const stale: string[] = [];

    steps.forEach((step, index) => {
      const { file } = step.edit;
      const edit = `Edit ${index + 1} (${file})`;
      const fileName = path.join(project.root, file);
      const imported = running.get(fileName);
      if (!changesEmittedCode(file, step.before, step.after, options)) {
        stale.push(`${edit} changes only whitespace, comments or types.`);
      } else if (!program.getSourceFile(fileName)) {
        // Not code the compiler reads (a stylesheet, a brand's data): only its text can tell.
      } else if (imported === undefined) {
        stale.push(`${edit} changes a file that does not run: ${entries.join(', ')} do not import it.`);
      } else {
        const unused = unusedChange(file, step, changes.get(file) ?? step.after, imported);
        if (unused !== undefined) {
          stale.push(
            `${edit} changes only code that does not run: ${unused.join(', ')}, ` +
              'which neither the rest of the file nor the code that runs uses.',
          );
        }
      }
    });
    // Each edit can change the code and the next one change it back.
    if (stale.length === 0) {
      for (const [file, after] of changes) {
        const original = steps.find((step) => step.edit.file === file)?.before ?? '';
        if (changesEmittedCode(file, original, after, options)) continue;
        stale.push(`Its edits leave the code of ${file} as it was, but for whitespace, comments or types.`);
      }
    }

    const errors = compilerErrors(project, program, [...changes.keys()], (fileName) => running.has(fileName));
    if (errors !== undefined) stale.push(`The code does not compile:\n${errors}`);
    return { brk, changes, stale };
  });
}

/** One edit as applied: the text of its file before and after it. */
interface AppliedEdit {
  edit: Edit;
  before: string;
  after: string;
}

/**
 * Each edit of a break in order, each applied to the text the last one left in its file, or why
 * the break does not apply: no edits, an empty find, a missing file, or a `find` that does not
 * occur exactly once.
 */
function applyEdits(brk: Break, root: string): AppliedEdit[] | string {
  if (brk.edits.length === 0) return `break "${brk.name}" has no edits`;
  const files = new Map<string, string>();
  const steps: AppliedEdit[] = [];
  for (const edit of brk.edits) {
    const { file, find, replace } = edit;
    if (find === '') return `break "${brk.name}" has an empty find for ${file}`;
    const before = files.get(file) ?? readText(path.join(root, file));
    if (before === undefined) return `break "${brk.name}" names ${file}, which does not exist.`;
    const count = occurrences(before, find);
    if (count !== 1) {
      return (
        `break "${brk.name}" does not apply: ${file} has ${count === 0 ? 'no' : count} occurrence(s) of\n` +
        find.replace(/\n$/, '').replace(/^/gm, '    | ') +
        '\n' +
        (count === 0
          ? 'The code changed: update the break in tools/breaks/breaks.ts.'
          : 'Make `find` longer, so that it names one place.')
      );
    }
    const after = before.replace(find, () => replace);
    files.set(file, after);
    steps.push({ edit, before, after });
  }
  return steps;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Overlapping ones too: `find` must name one place. */
function occurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + 1)) count++;
  return count;
}

/** What `--check-only` prints of one break, and the run prints of each stale one. */
export function formatCheck({ brk, stale }: CheckedBreak): string {
  if (stale.length === 0) return `ok     ${brk.name}`;
  const reasons = stale.map((reason) => reason.replace(/^/gm, '         ').replace(/^ {9}/, '       - '));
  return [`STALE  ${brk.name}`, ...reasons].join('\n');
}
