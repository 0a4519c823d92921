import { describe, expect, test } from 'vitest';
import { buildsFor, parseBreaksArgs } from '../../../scripts/breaks/args.ts';

describe('parseBreaksArgs', () => {
  test('takes its own options up to --, and gives Playwright everything after it as it is', () => {
    expect(
      parseBreaksArgs([
        '--only',
        'paste appends',
        '--only=wrong error text',
        '--baseline',
        '--report',
        'breaks.md',
        '--',
        '--project=a-dok',
        '--grep',
        'AM02',
        '--',
        'x',
      ]),
    ).toEqual({
      only: ['paste appends', 'wrong error text'],
      rev: 'HEAD',
      baseline: true,
      report: 'breaks.md',
      playwrightArgs: ['--project=a-dok', '--grep', 'AM02', '--', 'x'],
    });
  });

  test('defaults to every break at HEAD, no baseline, no file and the whole suite', () => {
    expect(parseBreaksArgs([])).toEqual({
      only: [],
      rev: 'HEAD',
      baseline: false,
      report: undefined,
      playwrightArgs: [],
    });
  });

  test.each([
    { case: 'an unknown option', argv: ['--grep', 'AM02'] },
    { case: 'a Playwright argument before --', argv: ['--project=a-dok'] },
    { case: 'a positional', argv: ['paste appends'] },
    { case: '--rev without a value', argv: ['--rev'] },
  ])('refuses $case', ({ argv }) => {
    expect(() => parseBreaksArgs(argv)).toThrow();
  });
});

describe('buildsFor', () => {
  test.each([
    { args: [], demo: true, release: true },
    { args: ['--grep', 'AM02'], demo: true, release: true },
    { args: ['--project=a-dok'], demo: true, release: false },
    { args: ['--project', 'a-dok', 'caac', '--grep', 'x'], demo: true, release: false },
    { args: ['--project=production'], demo: false, release: true },
    { args: ['--project', 'production'], demo: false, release: true },
    { args: ['--project=a-dok', '--project=production'], demo: true, release: true },
    { args: ['--project', 'a-dok', 'production'], demo: true, release: true },
    { args: ['--project=prod*'], demo: true, release: true },
    { args: ['--project=wd*'], demo: true, release: false },
  ])('$args: demo $demo, release $release', ({ args, demo, release }) => {
    expect(buildsFor(args)).toEqual({ demo, release });
  });
});
