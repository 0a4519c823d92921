import { describe, expect, test } from 'vitest';
import { buildsFor, readBreaksArgs } from './args.ts';

describe('readBreaksArgs', () => {
  test('takes its own options up to --, and gives Playwright everything after it as it is', () => {
    expect(
      readBreaksArgs([
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
        '--help',
        '--',
        'x',
      ]),
    ).toEqual({
      kind: 'run',
      options: {
        only: ['paste appends', 'wrong error text'],
        rev: 'HEAD',
        baseline: true,
        report: 'breaks.md',
        checkOnly: false,
        playwrightArgs: ['--project=a-dok', '--grep', 'AM02', '--help', '--', 'x'],
      },
    });
  });

  test('defaults to every break at HEAD, no baseline, no file and the whole suite', () => {
    expect(readBreaksArgs([])).toEqual({
      kind: 'run',
      options: {
        only: [],
        rev: 'HEAD',
        baseline: false,
        report: undefined,
        checkOnly: false,
        playwrightArgs: [],
      },
    });
  });

  test('--check-only goes with --only', () => {
    expect(readBreaksArgs(['--check-only', '--only', 'paste appends'])).toMatchObject({
      kind: 'run',
      options: { checkOnly: true, only: ['paste appends'] },
    });
  });

  test.each([
    { flags: ['--rev', 'HEAD~1'], names: '--rev' },
    { flags: ['--baseline', '--report', 'x.md'], names: '--baseline, --report' },
    { flags: ['--', '--project=a-dok'], names: 'Playwright arguments' },
  ])('refuses $names with --check-only, which runs nothing', ({ flags, names }) => {
    const line = readBreaksArgs(['--check-only', ...flags]);
    expect(line).toEqual({
      kind: 'error',
      text: expect.stringContaining(`runs nothing; only a full run takes ${names}.\n`),
    });
  });
});

describe('buildsFor', () => {
  test.each([
    { args: [], demo: true, release: true },
    { args: ['--grep', 'AM02'], demo: true, release: true },
    { args: ['--project=a-dok'], demo: true, release: false },
    { args: ['--project', 'a-dok', 'caac', '--grep', 'x'], demo: true, release: false },
    { args: ['--project=production'], demo: false, release: true },
    { args: ['--project', 'a-dok', 'production'], demo: true, release: true },
    { args: ['--project=prod*'], demo: true, release: true },
    { args: ['--project=wd*'], demo: true, release: false },
  ])('$args: demo $demo, release $release', ({ args, demo, release }) => {
    expect(buildsFor(args)).toEqual({ demo, release });
  });
});
