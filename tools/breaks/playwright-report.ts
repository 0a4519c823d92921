import { stripVTControlCharacters } from 'node:util';
import type { JSONReport, JSONReportSuite, TestError } from '@playwright/test/reporter';

/** A test that failed in a run: where, which, and the first line of why. */
export interface Failure {
  project: string;
  /** As the report names it: relative to the config's folder, e2e/. */
  file: string;
  /** The describe titles and the test's own, joined with ' › '. */
  title: string;
  error: string;
  /** It failed, then passed on a retry: a catch, but a shaky one. */
  flaky: boolean;
}

export interface SuiteRun {
  /** Tests that ran (not skipped). */
  ran: number;
  failures: Failure[];
  /** Errors outside any test: a spec that does not load, a global setup that throws. */
  errors: string[];
}

/** Reads `playwright test --reporter=json` output (Playwright's own JSONReport): what ran and what failed. */
export function readPlaywrightReport(report: Pick<JSONReport, 'suites' | 'errors'>): SuiteRun {
  const run: SuiteRun = { ran: 0, failures: [], errors: report.errors.map(describeError) };
  // The top-level suites are the files; their title is the file name, not a describe.
  for (const file of report.suites) collect(file, [], run);
  return run;
}

function collect(suite: JSONReportSuite, describes: string[], run: SuiteRun): void {
  for (const spec of suite.specs) {
    for (const test of spec.tests) {
      if (test.status === 'skipped') continue;
      run.ran++;
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const failed = test.results.findLast((result) => result.error ?? result.errors[0]);
      run.failures.push({
        project: test.projectName,
        file: spec.file,
        title: [...describes, spec.title].join(' › '),
        error: firstLine(failed?.error?.message ?? failed?.errors[0]?.message ?? ''),
        flaky: test.status === 'flaky',
      });
    }
  }
  for (const child of suite.suites ?? []) collect(child, [...describes, child.title], run);
}

function describeError(error: TestError): string {
  const where = error.location ? ` (${error.location.file}:${error.location.line})` : '';
  return `${firstLine(error.message ?? '')}${where}`;
}

/** The first non-empty line of an error message, without the terminal colors Playwright keeps in the JSON. */
function firstLine(message: string): string {
  const line = stripVTControlCharacters(message)
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '');
  return line ?? '(no message)';
}
