import { describe, expect, test } from 'vitest';
import { firstLine, readPlaywrightReport } from './playwright-report.ts';

type Status = 'skipped' | 'expected' | 'unexpected' | 'flaky';

/** One project's run of a test, as Playwright's JSON reporter writes it (the fields read here). */
const run = (projectName: string, status: Status, messages: (string | undefined)[] = []) => ({
  timeout: 30_000,
  annotations: [],
  expectedStatus: 'passed',
  projectName,
  projectId: projectName,
  status,
  results: messages.map((message, retry) => ({
    retry,
    status: message === undefined ? 'passed' : 'failed',
    duration: 100,
    error: message === undefined ? undefined : { message, stack: `${message}\n    at x.spec.ts:1:1` },
    errors: message === undefined ? [] : [{ message }],
    stdout: [],
    stderr: [],
    attachments: [],
  })),
});

const spec = (title: string, file: string, tests: ReturnType<typeof run>[]) => ({
  title,
  file,
  ok: tests.every((t) => t.status !== 'unexpected'),
  tags: [],
  tests,
  id: title,
  line: 1,
  column: 1,
});

const COLORED = '\u001b[31mError: expect(locator).toHaveText(expected) failed\u001b[39m\n\nExpected: "a"';

const report = {
  config: { projects: [] },
  suites: [
    {
      title: 'errors.spec.ts',
      file: 'errors.spec.ts',
      line: 0,
      column: 0,
      specs: [spec('an unknown method warns', 'errors.spec.ts', [run('a-dok', 'expected', [undefined])])],
      suites: [
        {
          title: 'sending the code',
          file: 'errors.spec.ts',
          line: 29,
          column: 6,
          specs: [],
          suites: [
            {
              title: 'by mail',
              file: 'errors.spec.ts',
              line: 30,
              column: 8,
              specs: [
                spec('a send that fails shows AM02', 'errors.spec.ts', [
                  run('a-dok', 'unexpected', [COLORED]),
                  run('caac', 'expected', [undefined]),
                  run('rapidoc', 'skipped'),
                ]),
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'flows.spec.ts',
      file: 'flows.spec.ts',
      line: 0,
      column: 0,
      specs: [
        spec('a reload keeps the cooldown', 'flows.spec.ts', [
          run('wdwd', 'flaky', ['Test timeout of 30000ms exceeded.', undefined]),
          run('wdpall', 'unexpected', ['\n  first try', '\n\nError: second try\nmore']),
        ]),
      ],
    },
  ],
  errors: [],
  stats: {
    startTime: '2025-01-01T00:00:00.000Z',
    duration: 1000,
    expected: 2,
    unexpected: 2,
    flaky: 1,
    skipped: 1,
  },
};

describe('readPlaywrightReport', () => {
  test('names each failed test by project, file and its describes, with the first line of its last error', () => {
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
    const broken = {
      suites: [],
      errors: [
        {
          message: "Error: Cannot find module '@axe-core/playwright'\nRequire stack:\n- x",
          location: { file: '/tmp/repo/e2e/support/accessibility.ts', line: 1, column: 1 },
        },
        { message: 'Error: global setup failed' },
      ],
    };
    expect(readPlaywrightReport(broken)).toEqual({
      ran: 0,
      failures: [],
      errors: [
        "Error: Cannot find module '@axe-core/playwright' (/tmp/repo/e2e/support/accessibility.ts:1)",
        'Error: global setup failed',
      ],
    });
  });

  test.each([
    { case: 'not an object', json: 'oops' },
    {
      case: 'a test without its project',
      json: { suites: [{ title: 'x', specs: [spec('t', 'f', [{} as never])] }] },
    },
  ])('refuses $case', ({ json }) => {
    expect(() => readPlaywrightReport(json)).toThrow(/not a Playwright JSON report/);
  });
});

describe('firstLine', () => {
  test.each([
    { message: 'Error: one\ntwo', line: 'Error: one' },
    { message: '\n   \n  indented\n', line: 'indented' },
    { message: '\u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m)', line: 'expect(received)' },
    { message: '', line: '(no message)' },
  ])('of $message is $line', ({ message, line }) => {
    expect(firstLine(message)).toBe(line);
  });
});
