import { z } from 'zod';

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

// Only what is read here; the rest of Playwright's JSONReport (testReporter.d.ts) is ignored.
const errorSchema = z.object({
  message: z.string().optional(),
  location: z.object({ file: z.string(), line: z.number() }).optional(),
});

const testSchema = z.object({
  projectName: z.string(),
  status: z.enum(['skipped', 'expected', 'unexpected', 'flaky']),
  results: z.array(z.object({ error: errorSchema.optional(), errors: z.array(errorSchema).default([]) })),
});

const specSchema = z.object({ title: z.string(), file: z.string(), tests: z.array(testSchema) });

interface ReportSuite {
  title: string;
  specs: z.infer<typeof specSchema>[];
  suites?: ReportSuite[];
}

const suiteSchema: z.ZodType<ReportSuite> = z.lazy(() =>
  z.object({ title: z.string(), specs: z.array(specSchema), suites: z.array(suiteSchema).optional() }),
);

const reportSchema = z.object({
  suites: z.array(suiteSchema).default([]),
  errors: z.array(errorSchema).default([]),
});

/** Reads `playwright test --reporter=json` output: what ran and what failed. */
export function readPlaywrightReport(json: unknown): SuiteRun {
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) throw new Error(`not a Playwright JSON report: ${parsed.error.issues[0]?.message}`);
  const run: SuiteRun = { ran: 0, failures: [], errors: parsed.data.errors.map(describeError) };
  // The top-level suites are the files; their title is the file name, not a describe.
  for (const file of parsed.data.suites) collect(file, [], run);
  return run;
}

function collect(suite: ReportSuite, describes: string[], run: SuiteRun): void {
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

function describeError(error: z.infer<typeof errorSchema>): string {
  const where = error.location ? ` (${error.location.file}:${error.location.line})` : '';
  return `${firstLine(error.message ?? '')}${where}`;
}

// Playwright colors its messages even into the JSON report.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The first non-empty line of an error message, without terminal colors. */
export function firstLine(message: string): string {
  const line = message
    .replace(ANSI, '')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '');
  return line ?? '(no message)';
}
