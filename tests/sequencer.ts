import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the test files that run other programs (a build, npm, a browser suite) before the rest.
 * They take the longest, and a fresh clone has no Vitest cache of durations: Vitest would order
 * its files by size and begin brand-set.test.ts, the slowest, near the end, where it ran alone
 * for a minute. Within each group Vitest's own order holds (cached durations, else size).
 */
export class CommandsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const runsCommands = new Set(
      sorted.filter((file) => /from 'node:child_process'/.test(readFileSync(file.moduleId, 'utf8'))),
    );
    return [
      ...sorted.filter((file) => runsCommands.has(file)),
      ...sorted.filter((file) => !runsCommands.has(file)),
    ];
  }
}
