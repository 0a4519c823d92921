import { describe, expect, test } from 'vitest';
import {
  recordServed,
  retainedAssets,
  rollbackTarget,
  type History,
} from '../../../scripts/deploy/history.ts';
import { daysAfter, RELEASE, T0 } from './deploy-fixtures.ts';

const served = (release: string, installedAt: Date, assets: string[], retiredAt: Date | null = null) => ({
  release,
  installedAt: installedAt.toISOString(),
  retiredAt: retiredAt?.toISOString() ?? null,
  assets: { 'alpha-brand': assets },
});

describe('recordServed', () => {
  test('retires the release served before and adds the new one', () => {
    const history = recordServed(
      [served(RELEASE.a, T0, ['a.js'])],
      RELEASE.b,
      { 'alpha-brand': ['b.js'] },
      daysAfter(1),
    );
    expect(history).toEqual([
      served(RELEASE.a, T0, ['a.js'], daysAfter(1)),
      served(RELEASE.b, daysAfter(1), ['b.js']),
    ]);
  });

  test('serving a retired release again keeps its entry and when it was installed', () => {
    const before: History = [
      served(RELEASE.a, T0, ['a.js'], daysAfter(1)),
      served(RELEASE.b, daysAfter(1), ['b.js']),
    ];
    expect(recordServed(before, RELEASE.a, { 'alpha-brand': ['a.js'] }, daysAfter(2))).toEqual([
      served(RELEASE.a, T0, ['a.js']),
      served(RELEASE.b, daysAfter(1), ['b.js'], daysAfter(2)),
    ]);
  });
});

describe('rollbackTarget', () => {
  const history: History = [
    served(RELEASE.a, T0, [], daysAfter(1)),
    served(RELEASE.b, daysAfter(1), [], daysAfter(2)),
    served(RELEASE.c, daysAfter(2), []),
  ];
  test.each([
    ['the most recently retired release', [RELEASE.a, RELEASE.b, RELEASE.c], RELEASE.b],
    ['the next one when its folder was pruned', [RELEASE.a, RELEASE.c], RELEASE.a],
    ['none when only the served release is installed', [RELEASE.c], undefined],
  ])('%s', (_case, installed, target) => {
    expect(rollbackTarget(history, new Set(installed))).toBe(target);
  });
});

describe('retainedAssets', () => {
  const history: History = [
    served(RELEASE.a, T0, ['a.js', 'shared.css'], daysAfter(1)),
    served(RELEASE.b, daysAfter(1), ['shared.css']),
  ];
  test.each([
    ['a day after A retired', 2, ['a.js', 'shared.css']],
    ['just under 7 days after', 7.99, ['a.js', 'shared.css']],
    ['7 days after: the retention is over', 8, ['shared.css']],
  ])('%s', (_case, day, names) => {
    expect([...(retainedAssets(history, daysAfter(day), 7).get('alpha-brand') ?? [])].sort()).toEqual(names);
  });
});
