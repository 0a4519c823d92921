import type { JSONReport } from '@playwright/test/reporter';
import { expect, test } from 'vitest';
import type { Patch } from '../../../tools/breaks/patches.ts';
import { caught, formatReport } from '../../../tools/breaks/report.ts';
import { readSuiteRun, type Outcome } from '../../../tools/breaks/run.ts';

// Only the fields the reader reads; Playwright's JSONReport type holds the rest.
const result = (message?: string) => ({ error: message === undefined ? undefined : { message } });
const test_ = (projectName: string, status: string, messages: (string | undefined)[] = []) => ({
  projectName,
  status,
  results: messages.map(result),
});
const report = (suites: unknown[], errors: unknown[] = []) => ({ suites, errors }) as unknown as JSONReport;

test('the suite’s report: what ran, and each failure by project, file, describes and its last error', () => {
  const run = readSuiteRun(
    report([
      {
        title: 'errors.spec.ts',
        specs: [
          { title: 'passes', file: 'errors.spec.ts', tests: [test_('a-dok', 'expected', [undefined])] },
        ],
        suites: [
          {
            title: 'by mail',
            specs: [
              {
                title: 'a send that fails shows AM02',
                file: 'errors.spec.ts',
                tests: [
                  test_('a-dok', 'unexpected', ['first', '\u001b[31mError: expected AM02\u001b[39m\nmore']),
                  test_('caac', 'flaky', ['timeout', undefined]),
                  test_('rapidoc', 'skipped'),
                ],
              },
            ],
          },
        ],
      },
    ]),
  );
  expect(run).toEqual({
    kind: 'ran',
    ran: 3,
    failures: [
      '[a-dok] errors.spec.ts › by mail › a send that fails shows AM02: Error: expected AM02',
      '[caac] errors.spec.ts › by mail › a send that fails shows AM02: timeout',
    ],
  });
});

test('a suite that ran no test proves nothing: its errors say why', () => {
  expect(readSuiteRun(report([], [{ message: 'Error: global setup threw\n  at x' }]))).toEqual({
    kind: 'no-run',
    message: 'Error: global setup threw',
  });
});

const patch = (name: string): Patch => ({ file: `/p/${name}.patch`, name, why: `Why ${name}.`, files: [] });

test('the report names each break’s catch, and which were not caught', () => {
  const outcomes: [string, Outcome][] = [
    ['caught one', { kind: 'ran', ran: 5, failures: ['[a] x.spec.ts › t: boom'] }],
    ['missed one', { kind: 'ran', ran: 5, failures: [] }],
    ['refused one', { kind: 'refused', message: 'Build failed.' }],
    ['no run', { kind: 'no-run', message: 'no test ran' }],
  ];
  const tried = outcomes.map(([name, outcome]) => ({ patch: patch(name), outcome, seconds: 61.4 }));
  expect(tried.map(({ outcome }) => caught(outcome))).toEqual([true, false, true, false]);
  const text = formatReport('abc1234 A commit', tried);
  expect(text).toContain(
    'caught one (caught one.patch, 61 s): caught by 1 of 5 tests\n  Why caught one.\n  - [a] x.spec.ts › t: boom',
  );
  expect(text).toContain('missed one (missed one.patch, 61 s): NOT CAUGHT: all 5 tests passed');
  expect(text).toContain(
    'refused one (refused one.patch, 61 s): caught: the build refused it\n  Why refused one.\n  | Build failed.',
  );
  expect(text).toContain('no run (no run.patch, 61 s): NOT PROVEN: the suite did not run');
  expect(text.trimEnd().split('\n').at(-1)).toBe('2 of 4 break(s) not caught: missed one, no run.');
  const all = formatReport('abc1234 A commit', tried.slice(0, 1));
  expect(all.trimEnd().split('\n').at(-1)).toBe('All 1 break(s) caught.');
});
