import { readFileSync } from 'node:fs';
import path from 'node:path';
import { applyEdits, BreakDoesNotApply, type AppliedEdit } from './apply-break.ts';
import type { Break } from './breaks.ts';
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
 * Whether each break still does what it says, on the files as they are in `project.root`. A
 * break is stale when an edit's text to replace is gone, when an edit or the whole break leaves
 * the emitted JavaScript as it was (whitespace, comments, types), when an edit changes only code
 * that does not run from `entries` (see unusedChange), or when the code does not compile: the
 * changed files and every file that runs from `entries` and imports them, directly or not.
 * Unit tests that import them do not count: the browser suite never compiles them.
 */
export function checkBreaks(
  breaks: readonly Break[],
  project: Project,
  entries: readonly string[],
): CheckedBreak[] {
  const read = (file: string) => readFileSync(path.join(project.root, file), 'utf8');
  return breaks.map((brk) => {
    let steps: AppliedEdit[];
    try {
      steps = applyEdits(brk, (file) => {
        try {
          return read(file);
        } catch {
          throw new BreakDoesNotApply(`break "${brk.name}" names ${file}, which does not exist.`);
        }
      });
    } catch (error) {
      if (!(error instanceof BreakDoesNotApply)) throw error;
      return { brk, changes: new Map(), stale: [error.message] };
    }
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
        if (changesEmittedCode(file, read(file), after, options)) continue;
        stale.push(`Its edits leave the code of ${file} as it was, but for whitespace, comments or types.`);
      }
    }

    const errors = compilerErrors(project, program, [...changes.keys()], (fileName) => running.has(fileName));
    if (errors !== undefined) stale.push(`The code does not compile:\n${errors}`);
    return { brk, changes, stale };
  });
}

/** What `--check-only` prints of one break, and the run prints of each stale one. */
export function formatCheck({ brk, stale }: CheckedBreak): string {
  if (stale.length === 0) return `ok     ${brk.name}`;
  const reasons = stale.map((reason) => reason.replace(/^/gm, '         ').replace(/^ {9}/, '       - '));
  return [`STALE  ${brk.name}`, ...reasons].join('\n');
}
