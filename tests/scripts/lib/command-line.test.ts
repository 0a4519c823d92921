import { describe, expect, test } from 'vitest';
import { readCommandLine } from '../../../scripts/lib/command-line.ts';

const spec = {
  command: 'npm run thing --',
  summary: 'Does the thing.',
  options: {
    runs: { type: 'string', default: '7', valueName: '<n>', description: 'How many runs' },
    quick: { type: 'boolean', default: false, description: 'Fewer steps' },
    only: { type: 'string', multiple: true, description: 'One name' },
  },
  notes: ['Environment: THING_HOME.'],
} as const;

describe('a command line', () => {
  test('gives the options with their defaults', () => {
    const line = readCommandLine(spec, ['--runs', '3', '--only', 'a', '--only', 'b']);
    expect(line).toEqual({
      kind: 'run',
      values: { runs: '3', quick: false, only: ['a', 'b'] },
      positionals: [],
    });
  });

  test.each([['--help'], ['-h'], ['--runs', '3', '--help']])(
    '%s prints every option, its value and default',
    (...args) => {
      const line = readCommandLine(spec, args);
      expect(line.kind).toBe('help');
      if (line.kind !== 'help') return;
      expect(line.text).toMatch(/^Usage: npm run thing -- \[options\]\n\nDoes the thing\./);
      expect(line.text).toMatch(/--runs <n> +How many runs \(default: 7\)/);
      expect(line.text).toMatch(/--quick +Fewer steps\n/);
      expect(line.text).toMatch(/--only <value> +One name \(repeatable\)/);
      expect(line.text).toMatch(/-h, --help +Prints this help/);
      expect(line.text).toMatch(/Environment: THING_HOME\.$/);
    },
  );

  test.each([
    [['--nope'], "Unknown option '--nope'"],
    [['--runs'], "Option '--runs <value>' argument missing"],
    [['stray'], "Unexpected argument 'stray'"],
  ])('%j is a mistake told in a sentence with the way to the help, not a stack trace', (args, message) => {
    const line = readCommandLine(spec, args);
    expect(line.kind).toBe('error');
    if (line.kind !== 'error') return;
    expect(line.text).toContain(`npm run thing --: ${message}`);
    expect(line.text).toContain('Run `npm run thing -- --help` for the options.');
    expect(line.text).not.toMatch(/\n\s+at /);
  });
});
