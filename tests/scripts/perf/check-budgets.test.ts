import { describe, expect, test } from 'vitest';
import type { SizeGroup } from '../../../scripts/perf/bundle.ts';
import { BUDGETS } from '../../../scripts/perf/budgets.ts';
import { best, median, type BuildTimes } from '../../../scripts/perf/build-timing.ts';
import { checkBudgets, formatBudgetResults, type BudgetResult } from '../../../scripts/perf/check-budgets.ts';
import type { BundleReport, FirstView } from '../../../scripts/perf/measure-bundles.ts';

const group = (gzip: number): SizeGroup => ({
  files: [],
  raw: gzip * 3,
  gzip,
  brotli: Math.round(gzip * 0.9),
});

const FLOOR = 60_000;
const LIMIT = FLOOR + BUDGETS.firstViewOverFloorGzipBytes;

const view = (service: string, gzip: number, forbidden: string[] = []): FirstView => ({
  service,
  all: group(gzip + 5_000),
  scriptsAndStyles: group(gzip),
  forbidden,
  webFonts: [],
});

/** Every brand's first view, largest first, as measureBundles reports them. */
const report = (parts: Partial<BundleReport> = {}): BundleReport => ({
  firstViews: [view('a-dok', FLOOR + 8_000), view('caac', FLOOR + 6_000), view('wdmaps', FLOOR + 4_000)],
  floor: { all: group(FLOOR + 300), scriptsAndStyles: group(FLOOR) },
  lazy: { Firebase: group(27_000), PayPal: group(3_500) },
  ...parts,
});

const builds = (all: number[], one: number[]): BuildTimes => ({ all, one, oneBrand: 'a-dok' });
const fastBuilds = builds([6.1, 6.3, 6.2], [4.0, 4.2, 4.1]);

const byName = (results: BudgetResult[], name: string) => {
  const found = results.filter((result) => result.name === name);
  expect(found, `exactly one result named ${name}`).toHaveLength(1);
  return found[0] as BudgetResult;
};

const firebaseModule = 'assets/index-X.js: /app/node_modules/@firebase/auth/dist/esm/index.esm.js';

describe('checkBudgets', () => {
  test('keeps every budget, with one size result for the largest first view', () => {
    const results = checkBudgets(report(), fastBuilds);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.map((result) => result.name)).toEqual([
      'first view JS+CSS (a-dok)',
      'web fonts in the first view',
      'Firebase only in lazy chunks',
      'PayPal only in lazy chunks',
      'build time, all brands vs one',
    ]);
    expect(results.filter((result) => result.name.startsWith('first view'))).toHaveLength(1);
    expect(byName(results, 'first view JS+CSS (a-dok)').detail).toBe(
      '66.4 KB gzip = floor 58.6 KB + 7.8 KB; limit floor + 10.0 KB = 68.6 KB',
    );
  });

  test('fails a first view 1 byte over floor + its budget and names that brand only', () => {
    const results = checkBudgets(
      report({ firstViews: [view('caac', LIMIT + 1), view('a-dok', LIMIT), view('wdmaps', FLOOR)] }),
      fastBuilds,
    );
    const size = results.filter((result) => result.name.startsWith('first view'));
    expect(size).toEqual([{ name: 'first view JS+CSS (caac)', ok: false, detail: expect.any(String) }]);
    expect(results.filter((result) => !result.ok)).toEqual(size);
  });

  test('names every first view over the limit', () => {
    const results = checkBudgets(
      report({
        firstViews: [view('caac', LIMIT + 900), view('wdmaps', LIMIT + 1), view('a-dok', LIMIT - 1)],
      }),
      fastBuilds,
    );
    expect(results.filter((result) => !result.ok).map((result) => result.name)).toEqual([
      'first view JS+CSS (caac)',
      'first view JS+CSS (wdmaps)',
    ]);
  });

  test('passes a first view exactly at the limit', () => {
    const results = checkBudgets(report({ firstViews: [view('a-dok', LIMIT)] }), fastBuilds);
    expect(byName(results, 'first view JS+CSS (a-dok)').ok).toBe(true);
  });

  test('measures against the floor: the same size fails above a smaller floor', () => {
    const smallFloor = { all: group(50_300), scriptsAndStyles: group(50_000) };
    const results = checkBudgets(
      report({ firstViews: [view('a-dok', LIMIT)], floor: smallFloor }),
      fastBuilds,
    );
    expect(byName(results, 'first view JS+CSS (a-dok)').ok).toBe(false);
  });

  test('fails when a Firebase module is in a first view, naming the module', () => {
    const results = checkBudgets(
      report({ firstViews: [view('a-dok', FLOOR + 8_000), view('caac', FLOOR + 6_000, [firebaseModule])] }),
      fastBuilds,
    );
    const firebase = byName(results, 'Firebase only in lazy chunks');
    expect(firebase.ok).toBe(false);
    expect(firebase.detail).toContain(firebaseModule);
    expect(byName(results, 'PayPal only in lazy chunks').ok).toBe(true);
    expect(results.filter((result) => !result.ok)).toEqual([firebase]);
  });

  test('fails a PayPal module in a first view under PayPal, not Firebase', () => {
    const paypalModule = 'assets/index-X.js: /app/node_modules/@paypal/paypal-js/dist/esm/paypal-js.js';
    const results = checkBudgets(report({ firstViews: [view('a-dok', FLOOR, [paypalModule])] }), fastBuilds);
    expect(byName(results, 'PayPal only in lazy chunks')).toMatchObject({
      ok: false,
      detail: expect.stringContaining(paypalModule),
    });
    expect(byName(results, 'Firebase only in lazy chunks').ok).toBe(true);
  });

  test('fails a package found in no chunk instead of passing vacuously', () => {
    const results = checkBudgets(report({ lazy: { Firebase: group(0), PayPal: group(3_500) } }), fastBuilds);
    expect(byName(results, 'Firebase only in lazy chunks')).toEqual({
      name: 'Firebase only in lazy chunks',
      ok: false,
      detail: 'no Firebase module found in any chunk',
    });
    const missing = checkBudgets(report({ lazy: { Firebase: group(27_000) } }), fastBuilds);
    expect(byName(missing, 'PayPal only in lazy chunks').ok).toBe(false);
  });

  test('passes a build ratio of exactly 2.0 and fails 2.01', () => {
    const ratio = (all: number, one: number) =>
      byName(checkBudgets(report(), builds([all], [one])), 'build time, all brands vs one');
    expect(ratio(20, 10).ok).toBe(true);
    expect(ratio(20.1, 10).ok).toBe(false);
    expect(ratio(20.1, 10).detail).toContain('2.01×');
  });

  test('counts the best run, so one slow run does not fail the build budget', () => {
    const result = byName(
      checkBudgets(report(), builds([30, 8, 8.2], [4, 4.1, 12])),
      'build time, all brands vs one',
    );
    expect(result.ok).toBe(true);
    expect(result.detail).toBe('8.00 s vs 4.00 s (a-dok) = 2.00×; limit 2× (best of 3)');
    const everyRunSlow = checkBudgets(report(), builds([9, 9.5, 8.5], [4, 4.1, 4.2]));
    expect(byName(everyRunSlow, 'build time, all brands vs one').ok).toBe(false);
  });

  test('takes its limits from the budgets it is given', () => {
    const custom = {
      ...BUDGETS,
      firstViewOverFloorGzipBytes: 1024,
      lazyOnlyPackages: [
        { name: 'Firebase', pattern: /[\\/]node_modules[\\/]react[\\/]/ },
        { name: 'PayPal', pattern: /[\\/]node_modules[\\/]@paypal[\\/]/ },
      ],
    } as const;
    const reactModule = 'assets/index-X.js: /app/node_modules/react/index.js';
    const bundles = report({ firstViews: [view('a-dok', FLOOR + 1025, [firebaseModule, reactModule])] });
    const results = checkBudgets(bundles, fastBuilds, custom);
    expect(byName(results, 'first view JS+CSS (a-dok)')).toMatchObject({
      ok: false,
      detail: expect.stringContaining('limit floor + 1.0 KB'),
    });
    // The pattern of the given budgets decides what is forbidden, not the built-in one.
    expect(byName(results, 'Firebase only in lazy chunks').detail).toBe(`in the first view: ${reactModule}`);

    // The same report keeps the built-in budgets but for the Firebase module.
    const builtIn = checkBudgets(bundles, fastBuilds);
    expect(byName(builtIn, 'first view JS+CSS (a-dok)').ok).toBe(true);
    expect(byName(builtIn, 'Firebase only in lazy chunks').detail).toBe(
      `in the first view: ${firebaseModule}`,
    );
  });

  test('takes the build ratio from the budgets it is given', () => {
    // BUDGETS is `as const`, so its ratio is typed as the literal 2: another needs a cast.
    const lenient = { ...BUDGETS, allBrandsVsOneBrandBuildRatio: 3 };
    const slow = builds([25], [10]);
    expect(byName(checkBudgets(report(), slow, lenient), 'build time, all brands vs one').ok).toBe(true);
    expect(byName(checkBudgets(report(), slow), 'build time, all brands vs one').ok).toBe(false);
  });
});

describe('formatBudgetResults', () => {
  test('marks failures with FAIL and kept budgets with ok, names lined up', () => {
    expect(
      formatBudgetResults([
        { name: 'first view JS+CSS (a-dok)', ok: true, detail: '70.3 KB gzip' },
        { name: 'Firebase only in lazy chunks', ok: false, detail: 'in the first view: x' },
      ]),
    ).toBe(
      [
        'ok    first view JS+CSS (a-dok)     70.3 KB gzip',
        'FAIL  Firebase only in lazy chunks  in the first view: x',
      ].join('\n'),
    );
  });

  test('formats the results of a broken check with one FAIL per broken budget', () => {
    const results = checkBudgets(
      report({ firstViews: [view('caac', LIMIT + 1, [firebaseModule])] }),
      builds([21], [10]),
    );
    const lines = formatBudgetResults(results).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.filter((line) => line.startsWith('FAIL')).map((line) => line.split(/\s{2,}/)[1])).toEqual([
      'first view JS+CSS (caac)',
      'Firebase only in lazy chunks',
      'build time, all brands vs one',
    ]);
    expect(lines.filter((line) => line.startsWith('ok'))).toHaveLength(2);
  });
});

describe('best and median of build times', () => {
  test('best is the fastest run, whatever the order', () => {
    expect(best([6.2, 4.9, 7.5])).toBe(4.9);
    expect(best([3])).toBe(3);
    expect(best([8, 2.5])).toBe(2.5);
  });

  test('median of an odd count is the middle value after sorting', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([7])).toBe(7);
    expect(median([3, 100, 2, 4, 1])).toBe(3);
  });

  test('median of an even count is the mean of the two middle values', () => {
    expect(median([10, 2, 4, 8])).toBe(6);
    expect(median([1, 2])).toBe(1.5);
  });

  test('median sorts numerically, not as text, and leaves its input alone', () => {
    const values = [10, 9, 100];
    expect(median(values)).toBe(10);
    expect(values).toEqual([10, 9, 100]);
  });

  test('median of no values is NaN', () => {
    expect(median([])).toBeNaN();
  });
});

describe('checkBudgets without measurements', () => {
  test('fails when no first view was measured instead of keeping the size budget', () => {
    const results = checkBudgets(report({ firstViews: [] }), fastBuilds);
    expect(results).toEqual([{ name: 'measurements', ok: false, detail: 'no first view was measured' }]);
  });

  test('fails when no build was timed instead of dividing by nothing', () => {
    const results = checkBudgets(report(), builds([6.1], []));
    expect(results).toEqual([{ name: 'measurements', ok: false, detail: 'no build was timed' }]);
  });

  test('finds the largest first view whatever order it comes in', () => {
    const firstViews = [
      view('wdmaps', FLOOR + 4_000),
      view('caac', FLOOR + 9_000),
      view('a-dok', FLOOR + 8_000),
    ];
    const results = checkBudgets(report({ firstViews }), fastBuilds);
    expect(results.filter((result) => result.name.startsWith('first view')).map((r) => r.name)).toEqual([
      'first view JS+CSS (caac)',
    ]);
  });
});

describe('web fonts', () => {
  test('fails when a first view carries a font face, naming the brand', () => {
    const withFont = {
      ...view('caac', FLOOR + 6_000),
      webFonts: ['@font-face{font-family:Brand;src:url(b.woff2)}'],
    };
    const results = checkBudgets(
      report({ firstViews: [view('a-dok', FLOOR + 8_000), withFont] }),
      fastBuilds,
    );
    const fonts = byName(results, 'web fonts in the first view');
    expect(fonts.ok).toBe(false);
    expect(fonts.detail).toContain('caac: @font-face{font-family:Brand');
  });

  test('allows as many fonts as the budget says', () => {
    const withFont = {
      ...view('caac', FLOOR + 6_000),
      webFonts: ['<link rel="preload" as="font" href="b.woff2">'],
    };
    const results = checkBudgets(report({ firstViews: [withFont] }), fastBuilds, {
      ...BUDGETS,
      firstViewWebFonts: 1,
    });
    expect(byName(results, 'web fonts in the first view').ok).toBe(true);
  });
});
