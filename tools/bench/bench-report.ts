import type { BudgetResult } from '../../scripts/perf/check-budgets.ts';
import { best, median, type BuildTimes } from '../../scripts/perf/build-timing.ts';
import { summarizeFirstView, type FirstViewTimes, MOBILE_PROFILE } from './first-view.ts';
import { CATEGORIES, summarizeLighthouse, type LighthouseRun } from './lighthouse.ts';
import type { BundleReport } from '../../scripts/perf/measure-bundles.ts';
import type { PaymentStepTimes } from './payment-step.ts';
import { busyWarning, describeMachine, type BenchMachine } from './machine.ts';
import type { SizeGroup } from '../../scripts/perf/bundle.ts';

/** Everything one `npm run bench` measured; written as JSON next to the printed table. */
export interface BenchReport {
  measuredAt: string;
  machine: BenchMachine;
  bundles: BundleReport;
  /** Absent in a quick run: `npm run budget` times the build in the same check. */
  builds?: BuildTimes;
  /** Served without the precompressed twins (`--plain`). */
  plain: boolean;
  /**
   * `--quick`: every step once, on what the check has built, to prove the bench runs; its
   * figures are not comparable with a full run's.
   */
  quick: boolean;
  firstView: FirstViewTimes;
  paymentStep: PaymentStepTimes;
  lighthouse: LighthouseRun[];
  budgets: BudgetResult[];
}

const bytes = (value: number) => value.toLocaleString('en-US');
const ratio = (ours: number, floor: number) => `${(ours / floor).toFixed(2)}×`;

function table(headings: string[], rows: string[][]): string {
  const widths = headings.map((heading, i) =>
    Math.max(heading.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headings), ...rows.map(line)].join('\n');
}

/** The bench's printed table: bundle, build, first view, Lighthouse and the budgets. */
export function formatBenchReport(report: BenchReport): string {
  const { bundles, builds, firstView, paymentStep, lighthouse, budgets } = report;
  const [largest] = bundles.firstViews;
  if (!largest) throw new Error('no first view was measured');
  const sizeRow = (name: string, group: SizeGroup | undefined) => [
    name,
    bytes(group?.gzip ?? 0),
    bytes(group?.brotli ?? 0),
    String(group?.files.length ?? 0),
  ];
  const floor = bundles.floor;
  const bundleTable = table(
    ['Bundle (bytes)', 'gzip', 'brotli', 'files'],
    [
      sizeRow(`first view, ${largest.service} (HTML+JS+CSS+logo)`, largest.all),
      sizeRow('  of it JS+CSS', largest.scriptsAndStyles),
      sizeRow('React 19 floor (HTML+JS)', floor.all),
      sizeRow('  of it JS+CSS', floor.scriptsAndStyles),
      [
        'ratio ours / floor, JS+CSS',
        ratio(largest.scriptsAndStyles.gzip, floor.scriptsAndStyles.gzip),
        ratio(largest.scriptsAndStyles.brotli, floor.scriptsAndStyles.brotli),
        '',
      ],
      ...Object.entries(bundles.lazy).map(([name, group]) => sizeRow(`${name} chunk (on demand)`, group)),
    ],
  );

  const buildTable = builds
    ? table(
        [`Build (s, best of ${builds.all.length})`, 'all brands', `one (${builds.oneBrand})`, 'ratio'],
        [
          [
            'npm run build',
            best(builds.all).toFixed(2),
            best(builds.one).toFixed(2),
            `${(best(builds.all) / best(builds.one)).toFixed(2)}×`,
          ],
        ],
      )
    : 'Build: not timed (--quick)';

  const view = summarizeFirstView(firstView);
  const viewTable = table(
    [
      `First view, ${firstView.service} (ms, median of ${firstView.runs}; ${MOBILE_PROFILE.cpuSlowdown}× CPU, slow 4G)`,
      'ours',
      'static HTML',
      'ratio',
    ],
    [
      [
        'navigation → view 0 painted',
        view.ours.toFixed(0),
        view.static.toFixed(0),
        `${view.ratio.toFixed(2)}×`,
      ],
      [
        `  goal: ≤ (static + one round trip of ${MOBILE_PROFILE.latencyMs.toFixed(0)}) × 1.1`,
        view.bound.toFixed(0),
        '',
        view.ours <= view.bound ? 'met' : 'missed',
      ],
      ['  the same without the first script', view.withoutFirstScript.toFixed(0), '', ''],
      ['largest layout shift (CLS)', firstView.maxLayoutShift.toFixed(3), '', ''],
      [
        `a-ident qr-pay: last code digit → PayPal button (median of ${paymentStep.runs})`,
        median(paymentStep.times).toFixed(0),
        '',
        '',
      ],
    ],
  );

  const scores = summarizeLighthouse(lighthouse);
  const lighthouseTable = table(
    [
      `Lighthouse, mobile (${lighthouse.length} brand${lighthouse.length === 1 ? '' : 's'})`,
      'lowest',
      'median',
    ],
    CATEGORIES.map((category) => [
      category,
      scores[category].lowest.toFixed(2),
      scores[category].median.toFixed(2),
    ]),
  );

  const blockingTable = table(
    ['Total blocking time (ms), per brand', 'TBT', 'performance'],
    lighthouse.map((run) => [run.service, run.metrics.tbt.toFixed(0), run.scores.performance.toFixed(2)]),
  );

  const budgetLines = budgets.map(
    (result) => `${result.ok ? 'ok  ' : 'FAIL'}  ${result.name}: ${result.detail}`,
  );
  const notes = [
    describeMachine(report.machine),
    busyWarning(report.machine),
    report.quick &&
      `Quick run (--quick): each timing once, no build timing, Lighthouse on ${lighthouse.map((run) => run.service).join(', ')} alone. It shows that the bench works; its figures are not comparable with a full run's.`,
    report.plain && 'Served WITHOUT the precompressed twins (--plain).',
  ].filter((note) => typeof note === 'string');
  const budgetTable = builds
    ? ['Budgets', ...budgetLines].join('\n')
    : 'Budgets: not checked (--quick); `npm run budget` checks them';
  return [...notes, bundleTable, buildTable, viewTable, lighthouseTable, blockingTable, budgetTable].join(
    '\n\n',
  );
}
