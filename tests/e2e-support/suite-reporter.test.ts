import { expect, test } from 'vitest';
import { formatMinutes } from '../../e2e/support/suite-reporter.ts';

test('says where the minutes went, busiest project first, with its share and failures', () => {
  const table = formatMinutes(
    new Map([
      ['a-dok', { tests: 30, milliseconds: 60_000, failed: 0 }],
      ['production', { tests: 45, milliseconds: 180_000, failed: 2 }],
    ]),
    125_000,
  );
  expect(table.split('\n')).toEqual([
    'Where the minutes went (test time added up over the workers; 4:00 in all, 2:05 wall clock):',
    '  production                 3:00   75 %  (45 tests, 2 failed)',
    '  a-dok                      1:00   25 %  (30 tests)',
  ]);
});
