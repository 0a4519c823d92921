import type { Break } from './breaks.ts';
import type { Failure, SuiteRun } from './playwright-report.ts';

/** What came of building a copy and running the suite on it. */
export type Outcome =
  | { kind: 'refused'; build: 'demo' | 'release'; message: string }
  | { kind: 'ran'; run: SuiteRun }
  /** No test ran, or no report came: nothing is proven either way. */
  | { kind: 'no-run'; message: string };

export interface Timed {
  outcome: Outcome;
  buildSeconds: number;
  suiteSeconds: number;
}

export interface BreakResult extends Timed {
  brk: Pick<Break, 'name' | 'why' | 'edits'>;
}

export interface Report {
  /** The revision the copies were made from, e.g. 'f8450e1 Browser suite: …'. */
  revision: string;
  playwrightArgs: string[];
  /** What node_modules lacks of the revision's package-lock.json (lockMismatches). */
  missingPackages: string[];
  baseline: Timed | undefined;
  results: BreakResult[];
}

export type Verdict =
  | { caught: true; by: 'build'; message: string }
  | { caught: true; by: 'tests'; failures: Failure[]; alsoWithout: Failure[] }
  | { caught: false; why: 'passed'; ran: number; alsoWithout: Failure[] }
  | { caught: false; why: 'no-run'; message: string };

/**
 * Whether a break was caught: by the build, or by tests that failed with it. A test that fails
 * without the break too (in the baseline) proves nothing about the break and is not counted.
 */
export function judge(outcome: Outcome, baseline: Outcome | undefined): Verdict {
  if (outcome.kind === 'refused') return { caught: true, by: 'build', message: outcome.message };
  if (outcome.kind === 'no-run') return { caught: false, why: 'no-run', message: outcome.message };
  const failingAnyway = new Set(baseline?.kind === 'ran' ? baseline.run.failures.map(testName) : []);
  const failures = outcome.run.failures.filter((failure) => !failingAnyway.has(testName(failure)));
  const alsoWithout = outcome.run.failures.filter((failure) => failingAnyway.has(testName(failure)));
  return failures.length > 0
    ? { caught: true, by: 'tests', failures, alsoWithout }
    : { caught: false, why: 'passed', ran: outcome.run.ran, alsoWithout };
}

/** `[project] file › title`, the way the report names a test. */
export function testName({ project, file, title }: Pick<Failure, 'project' | 'file' | 'title'>): string {
  return `[${project}] ${file} › ${title}`;
}

/** A baseline is green when the suite ran and nothing failed. */
export function isGreen(baseline: Outcome): boolean {
  return baseline.kind === 'ran' && baseline.run.failures.length === 0 && baseline.run.errors.length === 0;
}

/** 0 when every break was caught (and the baseline, if run, was green); else 1. */
export function exitCode(report: Report): 0 | 1 {
  const baseline = report.baseline?.outcome;
  if (baseline && !isGreen(baseline)) return 1;
  return report.results.every(({ outcome }) => judge(outcome, baseline).caught) ? 0 : 1;
}

/** The report as Markdown: a table of all breaks, then each break with the tests that caught it. */
export function formatReport(report: Report): string {
  const baseline = report.baseline?.outcome;
  const lines = [
    '# Breaks of the browser suite',
    '',
    `Revision \`${report.revision}\`; Playwright ${
      report.playwrightArgs.length > 0
        ? `\`${report.playwrightArgs.join(' ')}\``
        : 'with no arguments (the whole suite)'
    }.`,
    '',
  ];
  if (report.missingPackages.length > 0) lines.push(formatMissing(report.missingPackages), '');
  if (report.baseline) lines.push(formatBaseline(report.baseline), '');

  lines.push('| Break | Caught by | Build + suite |', '| --- | --- | --- |');
  for (const result of report.results) {
    lines.push(
      `| ${cell(result.brk.name)} | ${cell(summary(judge(result.outcome, baseline)))} | ${seconds(result)} |`,
    );
  }

  for (const result of report.results) {
    const verdict = judge(result.outcome, baseline);
    const files = [...new Set(result.brk.edits.map((edit) => `\`${edit.file}\``))].join(', ');
    lines.push('', `## ${result.brk.name}`, '', result.brk.why, '', `Changes ${files}.`, '');
    lines.push(...details(verdict));
    if (result.outcome.kind === 'ran') lines.push(...suiteErrors(result.outcome.run.errors));
    if ('alsoWithout' in verdict && verdict.alsoWithout.length > 0) {
      lines.push('', 'Failing without the break too, so not counted:', '');
      lines.push(...verdict.alsoWithout.map(failureLine));
    }
  }
  return `${lines.join('\n')}\n`;
}

function formatMissing(packages: string[]): string {
  const listed = packages.slice(0, 10).join(', ');
  const more = packages.length > 10 ? ` and ${packages.length - 10} more` : '';
  return (
    "**node_modules does not match this revision's package-lock.json**, and the copies use it: " +
    `${listed}${more}. A spec that imports what is missing does not load.`
  );
}

function formatBaseline(baseline: Timed): string {
  const { outcome } = baseline;
  const time = `(${seconds(baseline)})`;
  if (outcome.kind === 'refused') {
    return `**Baseline without a break: the ${outcome.build} build failed** ${time}:\n\n${fence(outcome.message)}`;
  }
  if (outcome.kind === 'no-run')
    return `**Baseline without a break: the suite did not run** ${time}: ${outcome.message}`;
  if (isGreen(outcome)) return `Baseline without a break: green, ${outcome.run.ran} tests passed ${time}.`;
  return [
    `**Baseline without a break: ${outcome.run.failures.length} of ${outcome.run.ran} tests fail** ${time}; ` +
      'they are not counted as catches.',
    '',
    ...outcome.run.failures.map(failureLine),
    ...suiteErrors(outcome.run.errors),
  ].join('\n');
}

function summary(verdict: Verdict): string {
  if (verdict.caught) return verdict.by === 'build' ? 'the build refused it' : count(verdict.failures.length);
  return verdict.why === 'passed'
    ? `**NOT CAUGHT** (${verdict.ran} tests passed)`
    : '**not proven**: the suite did not run';
}

function details(verdict: Verdict): string[] {
  if (verdict.caught && verdict.by === 'build')
    return ['Caught: the build refused it.', '', fence(verdict.message)];
  if (verdict.caught)
    return [`Caught by ${count(verdict.failures.length)}:`, '', ...verdict.failures.map(failureLine)];
  if (verdict.why === 'passed') return [`**NOT CAUGHT**: all ${verdict.ran} tests that ran passed.`];
  return [`**Not proven**: the suite did not run. ${verdict.message}`];
}

function suiteErrors(errors: string[]): string[] {
  return errors.length === 0
    ? []
    : ['', 'Errors outside any test:', '', ...errors.map((error) => `- ${error}`)];
}

function failureLine(failure: Failure): string {
  const flaky = failure.flaky ? ' (failed, then passed on a retry)' : '';
  return `- \`${testName(failure)}\`${flaky}: ${failure.error}`;
}

function count(tests: number): string {
  return tests === 1 ? '1 test' : `${tests} tests`;
}

function seconds({ buildSeconds, suiteSeconds }: Timed): string {
  return `${Math.round(buildSeconds)} s + ${Math.round(suiteSeconds)} s`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function fence(text: string): string {
  return `\`\`\`\n${text.replace(/```/g, "'''")}\n\`\`\``;
}
