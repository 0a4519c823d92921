import { expect, test } from 'vitest';
import {
  fallbackWeight,
  listedTests,
  measuredWeights,
  planShards,
  takeShard,
  testListLine,
  type ListedTest,
} from '../../../tools/e2e/shard-plan.ts';

const brandTest = (project: string, title: string): ListedTest => ({
  project,
  file: 'every-brand/sign-in.spec.ts',
  titles: [title],
});

test('takes --shard in either spelling and passes every other argument on in order', () => {
  expect(takeShard(['--project=a-dok', '--shard=2/3', '--grep', '@mail'])).toEqual({
    shard: { current: 2, total: 3 },
    rest: ['--project=a-dok', '--grep', '@mail'],
  });
  expect(takeShard(['--shard', '1/2'])).toEqual({ shard: { current: 1, total: 2 }, rest: [] });
  expect(takeShard(['--list'])).toEqual({ rest: ['--list'] });
});

test.each(['0/3', '4/3', '2', 'a/b', '1/0', ''])('refuses --shard=%s with what it takes', (value) => {
  expect(() => takeShard([`--shard=${value}`])).toThrow(/--shard takes <current>\/<total>/);
});

test("reads Playwright's JSON list: project, file and the describe blocks' titles", () => {
  const report = {
    suites: [
      {
        title: 'a-ident/hostile.spec.ts',
        file: 'a-ident/hostile.spec.ts',
        specs: [{ title: 'top', tests: [{ projectName: 'a-ident' }] }],
        suites: [
          {
            title: 'a missing qrid',
            file: 'a-ident/hostile.spec.ts',
            specs: [{ title: 'shows nothing', tests: [{ projectName: 'a-ident' }, { projectName: 'x' }] }],
          },
        ],
      },
    ],
  };
  expect(listedTests(report)).toEqual([
    { project: 'a-ident', file: 'a-ident/hostile.spec.ts', titles: ['top'] },
    { project: 'a-ident', file: 'a-ident/hostile.spec.ts', titles: ['a missing qrid', 'shows nothing'] },
    { project: 'x', file: 'a-ident/hostile.spec.ts', titles: ['a missing qrid', 'shows nothing'] },
  ]);
});

test('names a test as --test-list reads it, and refuses a title it could not read back', () => {
  expect(testListLine({ project: 'a-dok', file: 'every-brand/views.spec.ts', titles: ['d', 't'] })).toBe(
    '[a-dok] › every-brand/views.spec.ts › d › t',
  );
  expect(() => testListLine(brandTest('a-dok', 'a › b'))).toThrow(/cannot go into a test list/);
  expect(() => testListLine(brandTest('a-dok', ' padded'))).toThrow(/cannot go into a test list/);
});

test('spreads by time: a shard of many quick tests balances one of few slow ones', () => {
  const tests: ListedTest[] = [
    ...Array.from({ length: 4 }, (_, i) => ({
      project: 'webkit',
      file: 'engines/x.spec.ts',
      titles: [`slow ${i}`],
    })),
    ...Array.from({ length: 300 }, (_, i) => ({
      project: 'production',
      file: 'production/p.spec.ts',
      titles: [`quick ${i}`],
    })),
  ];
  const plan = planShards(tests, { 'engines/x.spec.ts': 10, 'production/p.spec.ts': 0.1 }, 2);
  const [one, two] = plan.map((shard) => shard.seconds);
  // 70 s in all: each shard within one slow test of 35 s.
  expect(Math.abs((one ?? 0) - (two ?? 0))).toBeLessThanOrEqual(10);
  // The quick project spreads over both instead of filling the last shard.
  for (const shard of plan) expect(shard.tests.some((t) => t.project === 'production')).toBe(true);
});

test('every test in exactly one shard, each shard in the order of the list, the same plan every time', () => {
  const tests = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].flatMap((project) =>
    ['one', 'two', 'three'].map((title) => brandTest(project, title)),
  );
  const plan = planShards(tests, { 'every-brand/sign-in.spec.ts': 2 }, 3);
  const lines = plan.flatMap((shard) => shard.tests.map(testListLine));
  expect([...lines].sort()).toEqual(tests.map(testListLine).sort());
  for (const shard of plan) {
    const order = shard.tests.map((t) => tests.indexOf(t));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  }
  expect(planShards(tests, { 'every-brand/sign-in.spec.ts': 2 }, 3)).toEqual(plan);
  expect(plan.map((shard) => shard.tests.length)).toEqual([7, 7, 7]);
});

test('a spec file without a measurement weighs the median of those measured', () => {
  expect(fallbackWeight({ a: 1, b: 3, c: 10 })).toBe(3);
  expect(fallbackWeight({ a: 1, b: 3 })).toBe(2);
  expect(fallbackWeight({})).toBe(1);
  const plan = planShards([brandTest('new-brand', 'x')], { other: 4 }, 1);
  expect(plan[0]?.seconds).toBe(4);
});

test('more shards than tests leaves the extra shards empty, not a test twice', () => {
  const plan = planShards([brandTest('a', 'x')], {}, 3);
  expect(plan.map((shard) => shard.tests.length)).toEqual([1, 0, 0]);
});

test('measures the mean seconds per test of each file, to a tenth', () => {
  expect(
    measuredWeights([
      { file: 'b.spec.ts', milliseconds: 1000 },
      { file: 'a.spec.ts', milliseconds: 250 },
      { file: 'b.spec.ts', milliseconds: 2000 },
    ]),
  ).toEqual({ 'a.spec.ts': 0.3, 'b.spec.ts': 1.5 });
});

test('tests whose file measured 0 s still spread over the shards', () => {
  const tests = Array.from({ length: 90 }, (_, i) => ({
    project: 'production',
    file: 'nginx.spec.ts',
    titles: [`t${i}`],
  }));
  const plan = planShards(tests, { 'nginx.spec.ts': 0 }, 3);
  expect(plan.map((shard) => shard.tests.length)).toEqual([30, 30, 30]);
});
