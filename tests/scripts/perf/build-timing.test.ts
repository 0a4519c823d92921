import { describe, expect, test } from 'vitest';
import { allFaviconsFromCache, timeRuns, type TimedBuild } from '../../../scripts/perf/build-timing.ts';

/**
 * A build command that takes the given seconds, run after run, and records its arguments. Its
 * favicons are cached from the second run on, or from the first when `warm`.
 */
function scriptedBuilds(seconds: number[], { warm }: { warm: boolean }) {
  const calls: string[][] = [];
  const timeBuild = async (args: string[]): Promise<TimedBuild> => {
    const next = seconds[calls.length];
    if (next === undefined) throw new Error(`run ${calls.length + 1} was not expected`);
    calls.push(args);
    return { seconds: next, faviconsWarm: warm || calls.length > 1 };
  };
  return { calls, timeBuild };
}

const ALL: string[] = [];
const ONE = ['--brand', 'a-dok'];

describe('timeRuns', () => {
  test('discards a first run that drew the favicons, as the warm-up', async () => {
    const { calls, timeBuild } = scriptedBuilds([9, 3, 2], { warm: false });
    const times = await timeRuns(timeBuild, { runs: 1, oneBrand: 'a-dok' });
    expect(times).toEqual({ all: [3], one: [2], oneBrand: 'a-dok' });
    expect(calls).toEqual([ALL, ALL, ONE]);
  });

  test('counts the first run when every favicon came from the cache', async () => {
    const { calls, timeBuild } = scriptedBuilds([3, 2], { warm: true });
    const times = await timeRuns(timeBuild, { runs: 1, oneBrand: 'a-dok' });
    expect(times).toEqual({ all: [3], one: [2], oneBrand: 'a-dok' });
    expect(calls).toEqual([ALL, ONE]);
  });

  test('alternates all brands and one brand for every pair without a limit, as the bench does', async () => {
    const { calls, timeBuild } = scriptedBuilds([3, 2, 3.1, 2.1, 2.9, 2.2], { warm: true });
    const times = await timeRuns(timeBuild, { runs: 3, oneBrand: 'a-dok' });
    expect(times).toEqual({ all: [3, 3.1, 2.9], one: [2, 2.1, 2.2], oneBrand: 'a-dok' });
    expect(calls).toEqual([ALL, ONE, ALL, ONE, ALL, ONE]);
  });

  test('stops after the first pair within the limit', async () => {
    const { calls, timeBuild } = scriptedBuilds([3, 2, 3, 2, 3, 2], { warm: true });
    const times = await timeRuns(timeBuild, { runs: 3, oneBrand: 'a-dok', stopWithin: 2 });
    expect(times).toEqual({ all: [3], one: [2], oneBrand: 'a-dok' });
    expect(calls).toEqual([ALL, ONE]);
  });

  test('stops at a pair exactly at the limit', async () => {
    const { calls, timeBuild } = scriptedBuilds([4, 2, 3, 2], { warm: true });
    await timeRuns(timeBuild, { runs: 2, oneBrand: 'a-dok', stopWithin: 2 });
    expect(calls).toHaveLength(2);
  });

  test('times another pair while over the limit, until the best runs are within it', async () => {
    // A busy moment slows the first all-brands run; the second pair shows the real ratio.
    const { calls, timeBuild } = scriptedBuilds([7, 2, 3, 2.1, 3, 2], { warm: true });
    const times = await timeRuns(timeBuild, { runs: 3, oneBrand: 'a-dok', stopWithin: 2 });
    expect(times).toEqual({ all: [7, 3], one: [2, 2.1], oneBrand: 'a-dok' });
    expect(calls).toEqual([ALL, ONE, ALL, ONE]);
  });

  test('gives up after the last pair still over the limit and reports every run', async () => {
    const { calls, timeBuild } = scriptedBuilds([5, 2, 5.2, 2.1, 4.9, 2.2, 9, 9], { warm: true });
    const times = await timeRuns(timeBuild, { runs: 3, oneBrand: 'a-dok', stopWithin: 2 });
    expect(times).toEqual({ all: [5, 5.2, 4.9], one: [2, 2.1, 2.2], oneBrand: 'a-dok' });
    expect(calls).toHaveLength(6);
  });

  test('weighs the best runs of every pair so far, not the last pair alone', async () => {
    // The last pair alone is 4.2 / 2.2 = 1.91×, but its best runs are 4.2 / 2 = 2.1×.
    const { calls, timeBuild } = scriptedBuilds([5, 2, 4.2, 2.2, 4.2, 2.1], { warm: true });
    const times = await timeRuns(timeBuild, { runs: 3, oneBrand: 'a-dok', stopWithin: 2 });
    expect(times.all).toHaveLength(3);
    expect(calls).toHaveLength(6);
  });

  test('warms up once even when the pairs are repeated', async () => {
    const { calls, timeBuild } = scriptedBuilds([9, 5, 2, 3, 2], { warm: false });
    const times = await timeRuns(timeBuild, { runs: 3, oneBrand: 'a-dok', stopWithin: 2 });
    expect(times).toEqual({ all: [5, 3], one: [2, 2], oneBrand: 'a-dok' });
    expect(calls).toEqual([ALL, ALL, ONE, ALL, ONE]);
  });
});

describe('allFaviconsFromCache', () => {
  const summary = (built: number, cached: number) =>
    `a-dok  12 files\n\nBuilt ${built} brand(s) as a release in 2.22 s (favicons from cache: ${cached}).\nRelease in dist/`;

  test.each([
    ['every brand from the cache', summary(15, 15), true],
    ['one brand, from the cache', summary(1, 1), true],
    ['a cold cache', summary(15, 0), false],
    ['one brand drawn anew', summary(15, 14), false],
    ['a summary with no brand', summary(0, 0), false],
    ['no summary at all (a changed format counts as cold)', 'Build failed.\n✗ logo.svg: missing', false],
    ['a count in another line', 'favicons from cache: 15', false],
  ])('%s', (_name, stdout, warm) => {
    expect(allFaviconsFromCache(stdout)).toBe(warm);
  });
});
