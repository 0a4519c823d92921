import { describe, expect, test } from 'vitest';
import { exitCode, formatReport, type BreakResult, type Outcome, type Report } from './format-report.ts';
import type { Failure } from './playwright-report.ts';

const failure = (
  project: string,
  title: string,
  error = 'Error: expect(locator).toHaveText(expected) failed',
) => ({ project, file: 'errors.spec.ts', title, error, flaky: false }) satisfies Failure;

const ran = (count: number, failures: Failure[] = [], errors: string[] = []): Outcome => ({
  kind: 'ran',
  run: { ran: count, failures, errors },
});

const result = (name: string, outcome: Outcome, file = 'src/lib/messages.ts'): BreakResult => ({
  brk: { name, why: `Why ${name} matters.`, edits: [{ file, find: 'a', replace: 'b' }] },
  outcome,
  buildSeconds: 31.4,
  suiteSeconds: 12.6,
});

const am02 = failure('a-dok', 'sending the code › a mail send that fails shows AM02');
const flaky = failure('a-dok', 'a reload keeps the cooldown');
const refused: Outcome = { kind: 'refused', build: 'demo', message: 'brands-plugin: Unexpected token' };

// judge has no test of its own: every verdict is in formatReport's table and exitCode's.
describe('exitCode', () => {
  const report = (results: BreakResult[], baseline?: Outcome): Report => ({
    revision: 'f8450e1 x',
    playwrightArgs: [],
    missingPackages: [],
    baseline: baseline && { outcome: baseline, buildSeconds: 1, suiteSeconds: 1 },
    results,
  });

  test.each([
    { case: 'every break caught', results: [result('a', ran(2, [am02])), result('b', refused)], code: 0 },
    { case: 'one break not caught', results: [result('a', ran(2, [am02])), result('b', ran(2))], code: 1 },
    { case: 'a run that did not happen', results: [result('a', { kind: 'no-run', message: 'x' })], code: 1 },
  ])('is $code with $case', ({ results, code }) => {
    expect(exitCode(report(results))).toBe(code);
  });

  test('is 1 when the baseline is red, even if every break was caught', () => {
    expect(exitCode(report([result('a', ran(2, [am02]))], ran(2, [flaky])))).toBe(1);
    expect(exitCode(report([result('a', ran(2, [am02]))], ran(2)))).toBe(0);
  });
});

describe('formatReport', () => {
  test('a table of every break, then each with the tests that caught it', () => {
    const report: Report = {
      revision: 'f8450e1 Browser suite: one axe helper',
      playwrightArgs: ['--project=a-dok', '--grep', 'AM02'],
      missingPackages: [],
      baseline: { outcome: ran(3), buildSeconds: 30.2, suiteSeconds: 10.4 },
      results: [
        result('wrong error text', ran(3, [am02, { ...flaky, flaky: true }])),
        result('a logo | that does not load', refused, 'scripts/vite/brands-plugin.ts'),
        result('paste appends', ran(3)),
        result('cooldown resets on reload', { kind: 'no-run', message: 'no test matched the selection' }),
      ],
    };
    expect(formatReport(report)).toBe(
      [
        '# Breaks of the browser suite',
        '',
        'Revision `f8450e1 Browser suite: one axe helper`; Playwright `--project=a-dok --grep AM02`.',
        '',
        'Baseline without a break: green, 3 tests passed (30 s + 10 s).',
        '',
        '| Break | Caught by | Build + suite |',
        '| --- | --- | --- |',
        '| wrong error text | 2 tests | 31 s + 13 s |',
        '| a logo \\| that does not load | the build refused it | 31 s + 13 s |',
        '| paste appends | **NOT CAUGHT** (3 tests passed) | 31 s + 13 s |',
        '| cooldown resets on reload | **not proven**: the suite did not run | 31 s + 13 s |',
        '',
        '## wrong error text',
        '',
        'Why wrong error text matters.',
        '',
        'Changes `src/lib/messages.ts`.',
        '',
        'Caught by 2 tests:',
        '',
        '- `[a-dok] errors.spec.ts › sending the code › a mail send that fails shows AM02`: Error: expect(locator).toHaveText(expected) failed',
        '- `[a-dok] errors.spec.ts › a reload keeps the cooldown` (failed, then passed on a retry): Error: expect(locator).toHaveText(expected) failed',
        '',
        '## a logo | that does not load',
        '',
        'Why a logo | that does not load matters.',
        '',
        'Changes `scripts/vite/brands-plugin.ts`.',
        '',
        'Caught: the build refused it.',
        '',
        '```',
        'brands-plugin: Unexpected token',
        '```',
        '',
        '## paste appends',
        '',
        'Why paste appends matters.',
        '',
        'Changes `src/lib/messages.ts`.',
        '',
        '**NOT CAUGHT**: all 3 tests that ran passed.',
        '',
        '## cooldown resets on reload',
        '',
        'Why cooldown resets on reload matters.',
        '',
        'Changes `src/lib/messages.ts`.',
        '',
        '**Not proven**: the suite did not run. no test matched the selection',
        '',
      ].join('\n'),
    );
  });

  test('a red baseline lists its failures, which then count for no break', () => {
    const report: Report = {
      revision: 'abc1234 x',
      playwrightArgs: [],
      missingPackages: [],
      baseline: { outcome: ran(5, [flaky], ['Error: teardown failed']), buildSeconds: 40, suiteSeconds: 200 },
      results: [result('paste appends', ran(5, [flaky]))],
    };
    const text = formatReport(report);
    expect(text).toContain('Playwright with no arguments (the whole suite).');
    expect(text).toContain(
      [
        '**Baseline without a break: 1 of 5 tests fail** (40 s + 200 s); they are not counted as catches.',
        '',
        '- `[a-dok] errors.spec.ts › a reload keeps the cooldown`: Error: expect(locator).toHaveText(expected) failed',
        '',
        'Errors outside any test:',
        '',
        '- Error: teardown failed',
      ].join('\n'),
    );
    expect(text).toContain('| paste appends | **NOT CAUGHT** (5 tests passed) |');
    expect(text).toContain(
      [
        'Failing without the break too, so not counted:',
        '',
        '- `[a-dok] errors.spec.ts › a reload keeps the cooldown`: Error: expect(locator).toHaveText(expected) failed',
      ].join('\n'),
    );
  });

  test('says which packages of the revision node_modules lacks, ten at most', () => {
    const report: Report = {
      revision: 'f8450e1 x',
      playwrightArgs: [],
      missingPackages: Array.from({ length: 12 }, (_, index) => `p${index} 1.0.0 (not installed)`),
      baseline: undefined,
      results: [],
    };
    expect(formatReport(report)).toContain(
      "**node_modules does not match this revision's package-lock.json**, and the copies use it: " +
        'p0 1.0.0 (not installed), p1 1.0.0 (not installed), p2 1.0.0 (not installed), p3 1.0.0 (not installed), ' +
        'p4 1.0.0 (not installed), p5 1.0.0 (not installed), p6 1.0.0 (not installed), p7 1.0.0 (not installed), ' +
        'p8 1.0.0 (not installed), p9 1.0.0 (not installed) and 2 more. A spec that imports what is missing does not load.',
    );
  });

  test('a baseline whose build fails says so with the message', () => {
    const report: Report = {
      revision: 'abc1234 x',
      playwrightArgs: [],
      missingPackages: [],
      baseline: { outcome: { ...refused, build: 'release' }, buildSeconds: 12, suiteSeconds: 0 },
      results: [],
    };
    expect(formatReport(report)).toContain(
      '**Baseline without a break: the release build failed** (12 s + 0 s):\n\n```\nbrands-plugin: Unexpected token\n```',
    );
  });
});
