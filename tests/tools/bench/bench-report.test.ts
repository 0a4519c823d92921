import { expect, test } from 'vitest';
import type { SizeGroup } from '../../../scripts/perf/bundle.ts';
import { formatBenchReport, type BenchReport } from '../../../tools/bench/bench-report.ts';
import type { LighthouseRun } from '../../../tools/bench/lighthouse.ts';

const group = (gzip: number, brotli: number, files = 1): SizeGroup => ({
  files: Array.from({ length: files }, (_, i) => ({ file: `f${i}`, raw: gzip * 3, gzip, brotli })),
  raw: gzip * 3,
  gzip,
  brotli,
});

const lighthouseRun = (service: string, performance: number): LighthouseRun => ({
  service,
  url: `http://${service}.localhost/`,
  scores: { performance, accessibility: 1, 'best-practices': 1 },
  metrics: { fcp: 1300, lcp: 1500, tbt: 0, cls: 0, speedIndex: 1300 },
  missed: [],
});

const report: BenchReport = {
  measuredAt: '2026-11-22T20:00:00.000Z',
  machine: {
    node: 'v20.20.2',
    cpus: 2,
    platform: 'linux x64',
    chromium: 'Chromium 156.0.8078.108',
    loadAverage: [0.31, 0.6, 0.9],
  },
  bundles: {
    firstViews: [
      {
        service: 'a-dok',
        all: group(82_833, 71_653, 5),
        scriptsAndStyles: group(81_617, 70_698, 3),
        forbidden: [],
        webFonts: [],
      },
    ],
    floor: { all: group(67_657, 58_272, 2), scriptsAndStyles: group(67_427, 58_132) },
    lazy: { Firebase: group(27_639, 24_261), PayPal: group(6_476, 5_691, 3) },
  },
  builds: { all: [2.5, 2.27, 2.4], one: [1.8, 1.67, 1.7], oneBrand: 'a-dok' },
  plain: false,
  quick: false,
  firstView: {
    service: 'a-dok',
    runs: 5,
    ours: [1900, 1876, 1850, 2100, 1860],
    static: [1290, 1293, 1300, 1280, 1310],
    withoutFirstScript: [2418, 2400, 2500, 2410, 2420],
    maxLayoutShift: 0,
  },
  paymentStep: { runs: 5, times: [2009, 2050, 1990, 2100, 2000] },
  lighthouse: [lighthouseRun('a-dok', 1), lighthouseRun('caac', 0.96), lighthouseRun('wdpall', 0.99)],
  budgets: [{ name: 'build time, all brands vs one', ok: false, detail: 'too slow' }],
};

const rowOf = (text: string, start: string) =>
  text.split('\n').find((line) => line.trimStart().startsWith(start));

test('prints every section with the figures it was given', () => {
  const text = formatBenchReport(report);
  expect(rowOf(text, 'first view, a-dok')).toMatch(/82,833\s+71,653\s+5$/);
  expect(rowOf(text, 'React 19 floor')).toMatch(/67,657\s+58,272\s+2$/);
  expect(rowOf(text, 'ratio ours / floor')).toMatch(/1\.21×\s+1\.22×/);
  expect(rowOf(text, 'Firebase chunk')).toMatch(/27,639\s+24,261/);
  expect(rowOf(text, 'npm run build')).toMatch(/2\.27\s+1\.67\s+1\.36×$/);
  expect(rowOf(text, 'navigation → view 0 painted')).toMatch(/1876\s+1293\s+1\.45×$/);
  // (1293 + 562.5) × 1.1 = 2041: 1876 meets it.
  expect(rowOf(text, 'goal: ≤ (static + one round trip of 563) × 1.1')).toMatch(/2041\s+met$/);
  expect(rowOf(text, 'the same without the first script')).toMatch(/2418$/);
  expect(rowOf(text, 'a-ident qr-pay')).toMatch(/2009$/);
  expect(rowOf(text, 'Lighthouse, mobile (3 brands)')).toMatch(/lowest\s+median$/);
  expect(rowOf(text, 'performance')).toMatch(/0\.96\s+0\.99$/);
  expect(rowOf(text, 'FAIL')).toBe('FAIL  build time, all brands vs one: too slow');
  expect(rowOf(text, 'Total blocking time (ms), per brand')).toMatch(/TBT\s+performance$/);
  expect(rowOf(text, 'caac')).toMatch(/0\s+0\.96$/);
  expect(text).not.toContain('WITHOUT the precompressed twins');
  expect(text).not.toContain('Quick run');
});

test('names the browser and the load it measured with, and warns when the machine was busy', () => {
  const quiet = formatBenchReport(report).split('\n');
  expect(quiet[0]).toBe(
    'Measured with Chromium 156.0.8078.108, Node v20.20.2, 2 cores (linux x64); load 0.31 / 0.6 / 0.9 (1 / 5 / 15 min) at the start.',
  );
  expect(quiet.join('\n')).not.toContain('WARNING');
  const busy = formatBenchReport({ ...report, machine: { ...report.machine, loadAverage: [1.4, 1, 1] } });
  expect(busy.split('\n\n')[1]).toBe(
    'WARNING: the machine was busy (load 1.4 over the last minute, more than 1 for 2 cores): the timings are not reliable; run the bench again on a quiet machine.',
  );
});

test('says when view 0 missed its goal', () => {
  const slow = { ...report.firstView, ours: [2100, 2100, 2100, 2100, 2100] };
  expect(rowOf(formatBenchReport({ ...report, firstView: slow }), 'goal:')).toMatch(/2041\s+missed$/);
});

test('says so when the pages were served without their compressed twins', () => {
  expect(formatBenchReport({ ...report, plain: true }).split('\n\n')[1]).toBe(
    'Served WITHOUT the precompressed twins (--plain).',
  );
});

test('says first that a quick run shows the bench works, and what it left out', () => {
  const { builds: _builds, ...full } = report;
  const quick: BenchReport = {
    ...full,
    quick: true,
    firstView: { ...report.firstView, runs: 1, ours: [1900], static: [1300], withoutFirstScript: [2400] },
    paymentStep: { runs: 1, times: [2100] },
    lighthouse: [lighthouseRun('a-dok', 0.98)],
    budgets: [],
  };
  const text = formatBenchReport(quick);
  expect(text.split('\n\n')[1]).toBe(
    "Quick run (--quick): each timing once, no build timing, Lighthouse on a-dok alone. It shows that the bench works; its figures are not comparable with a full run's.",
  );
  expect(text).toContain('\n\nBuild: not timed (--quick)\n\n');
  expect(rowOf(text, 'npm run build')).toBeUndefined();
  expect(rowOf(text, 'navigation → view 0 painted')).toMatch(/1900\s+1300\s+1\.46×$/);
  expect(rowOf(text, 'a-ident qr-pay: last code digit → PayPal button (median of 1)')).toMatch(/2100$/);
  expect(rowOf(text, 'Lighthouse, mobile (1 brand)')).toMatch(/lowest\s+median$/);
  expect(rowOf(text, 'performance')).toMatch(/0\.98\s+0\.98$/);
  expect(text.split('\n').at(-1)).toBe('Budgets: not checked (--quick); `npm run budget` checks them');
});
