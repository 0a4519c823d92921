import type { JSONReport } from '@playwright/test/reporter';
import { expect, test } from 'vitest';
import { readPlaywrightReport } from './playwright-report.ts';

type Status = 'skipped' | 'expected' | 'unexpected' | 'flaky';

// Only the fields the reader reads; Playwright's JSONReport type holds the rest.
const run = (projectName: string, status: Status, messages: (string | undefined)[] = []) => ({
  projectName,
  status,
  results: messages.map((message) => ({
    error: message === undefined ? undefined : { message },
    errors: message === undefined ? [] : [{ message }],
  })),
});
const spec = (title: string, file: string, tests: ReturnType<typeof run>[]) => ({ title, file, tests });
const suite = (title: string, specs: ReturnType<typeof spec>[], suites: unknown[] = []) => ({
  title,
  specs,
  suites,
});
const asReport = (report: { suites: unknown[]; errors: unknown[] }) => report as unknown as JSONReport;

test('names each failed test by project, file and its describes, with the first line of its last error', () => {
  const colored = '\u001b[31mError: expect(locator).toHaveText(expected) failed\u001b[39m\n\nExpected: "a"';
  const report = asReport({
    suites: [
      suite(
        'errors.spec.ts',
        [spec('an unknown method warns', 'errors.spec.ts', [run('a-dok', 'expected')])],
        [
          suite(
            'sending the code',
            [],
            [
              suite('by mail', [
                spec('a send that fails shows AM02', 'errors.spec.ts', [
                  run('a-dok', 'unexpected', [colored]),
                  run('caac', 'expected', [undefined]),
                  run('rapidoc', 'skipped'),
                ]),
              ]),
            ],
          ),
        ],
      ),
      suite('flows.spec.ts', [
        spec('a reload keeps the cooldown', 'flows.spec.ts', [
          run('wdwd', 'flaky', ['Test timeout of 30000ms exceeded.', undefined]),
          run('wdpall', 'unexpected', ['\n  first try', '\n\nError: second try\nmore']),
        ]),
      ]),
    ],
    errors: [],
  });
  expect(readPlaywrightReport(report)).toEqual({
    ran: 5,
    errors: [],
    failures: [
      {
        project: 'a-dok',
        file: 'errors.spec.ts',
        title: 'sending the code › by mail › a send that fails shows AM02',
        error: 'Error: expect(locator).toHaveText(expected) failed',
        flaky: false,
      },
      {
        project: 'wdwd',
        file: 'flows.spec.ts',
        title: 'a reload keeps the cooldown',
        error: 'Test timeout of 30000ms exceeded.',
        flaky: true,
      },
      {
        project: 'wdpall',
        file: 'flows.spec.ts',
        title: 'a reload keeps the cooldown',
        error: 'Error: second try',
        flaky: false,
      },
    ],
  });
});

test('reports errors outside any test with where they happened, and counts no test as run', () => {
  const report = asReport({
    suites: [],
    errors: [
      {
        message: "Error: Cannot find module '@axe-core/playwright'\nRequire stack:\n- x",
        location: { file: '/tmp/repo/e2e/support/accessibility.ts', line: 1, column: 1 },
      },
      { message: '' },
    ],
  });
  expect(readPlaywrightReport(report)).toEqual({
    ran: 0,
    failures: [],
    errors: [
      "Error: Cannot find module '@axe-core/playwright' (/tmp/repo/e2e/support/accessibility.ts:1)",
      '(no message)',
    ],
  });
});
