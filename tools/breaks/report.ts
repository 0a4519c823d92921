import path from 'node:path';
import type { Patch } from './patches.ts';
import type { Outcome } from './run.ts';

export type Tried = { patch: Patch; outcome: Outcome; seconds: number };

/** A break is caught when the build refuses it or a test fails with it. */
export function caught(outcome: Outcome): boolean {
  return outcome.kind === 'refused' || (outcome.kind === 'ran' && outcome.failures.length > 0);
}

/** One line of what came of a break. */
export function verdict(outcome: Outcome): string {
  if (outcome.kind === 'refused') return 'caught: the build refused it';
  if (outcome.kind === 'no-run') return 'NOT PROVEN: the suite did not run';
  const { ran, failures } = outcome;
  if (failures.length === 0) return `NOT CAUGHT: all ${ran} tests passed`;
  return `caught by ${failures.length} of ${ran} test${ran === 1 ? '' : 's'}`;
}

/** The report: each break with its verdict and the tests that caught it, then a last line on all. */
export function formatReport(revision: string, tried: Tried[]): string {
  const lines = [`Breaks of the browser suite at ${revision}:`];
  for (const { patch, outcome, seconds } of tried) {
    const time = `${path.basename(patch.file)}, ${Math.round(seconds)} s`;
    lines.push('', `${patch.name} (${time}): ${verdict(outcome)}`, `  ${patch.why}`);
    if (outcome.kind === 'ran') lines.push(...outcome.failures.map((failure) => `  - ${failure}`));
    else lines.push(...outcome.message.split('\n').map((line) => `  | ${line}`));
  }
  const missed = tried.filter(({ outcome }) => !caught(outcome)).map(({ patch }) => patch.name);
  const all = `${tried.length} break(s)`;
  lines.push(
    '',
    missed.length === 0
      ? `All ${all} caught.`
      : `${missed.length} of ${all} not caught: ${missed.join(', ')}.`,
  );
  return lines.join('\n');
}
