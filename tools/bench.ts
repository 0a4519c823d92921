import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCommandLine, refuseCommandLine } from '../scripts/lib/command-line.ts';
import type { BenchReport } from './bench/bench-report.ts';

// `npm run bench`: bundle, build, first view and Lighthouse in one run on this machine.
// The table goes to the console, everything measured to reports/bench.json (docs/performance.md).
const command = 'npm run bench --';
const { values } = parseCommandLine({
  command,
  summary:
    'Measures the bundle, the build, the first view, the payment step and Lighthouse on this machine; prints a table and writes everything as JSON.',
  options: {
    brand: {
      type: 'string',
      default: 'a-dok',
      valueName: '<service>',
      description: 'The brand whose first view and one-brand build are timed',
    },
    runs: {
      type: 'string',
      valueName: '<n>',
      description: 'Runs of the first view and the payment step, median taken (default: 7, at least 5)',
    },
    'build-runs': {
      type: 'string',
      valueName: '<n>',
      description: 'Builds of all brands and of one, best taken (default: 5)',
    },
    out: {
      type: 'string',
      valueName: '<file>',
      description:
        'Writes the JSON there (default: reports/bench.json, with --quick reports/bench-quick.json)',
    },
    plain: {
      type: 'boolean',
      default: false,
      description: 'Serves every file without its .br/.gz twin, to see what they are worth',
    },
    quick: {
      type: 'boolean',
      default: false,
      description:
        'A short run that proves the bench works: --runs 1 unless given, no build timing, Lighthouse on --brand alone, dist-demo/ served when it holds every brand',
    },
  },
  notes: [
    'A full run takes about five minutes on two cores; run it on a quiet machine. See docs/performance.md.',
  ],
});

const refuse = (message: string) => refuseCommandLine(command, message);

const { quick } = values;
const runs = Number(values.runs ?? (quick ? 1 : 7));
const buildRuns = Number(values['build-runs'] ?? 5);
if (quick && values['build-runs'] !== undefined)
  refuse('--quick times no build, so --build-runs has no use with it.');
const fewestRuns = quick ? 1 : 5;
if (!Number.isInteger(runs) || runs < fewestRuns)
  refuse(`--runs must be a whole number of at least ${fewestRuns}${quick ? '' : ' (1 with --quick)'}.`);
if (!Number.isInteger(buildRuns) || buildRuns < 1)
  refuse('--build-runs must be a whole number of at least 1.');

// Loaded once the command line holds, so that --help and a wrong option answer at once: Vite,
// Playwright and Lighthouse alone take seconds.
const { DEMO_BUILD_META } = await import('../scripts/lib/bake-html.ts');
const { loadBrands } = await import('../scripts/lib/load-brands.ts');
const {
  defaultBrandsDir,
  faviconCacheDir: cacheDir,
  projectRoot,
} = await import('../scripts/vite/app-config.ts');
const { measureBundles } = await import('../scripts/perf/measure-bundles.ts');
const { timeBuilds } = await import('../scripts/perf/build-timing.ts');
const { checkBudgets } = await import('../scripts/perf/check-budgets.ts');
const { startBenchServer } = await import('./bench/bench-server.ts');
const { measureFirstView } = await import('./bench/first-view.ts');
const { measurePaymentStep } = await import('./bench/payment-step.ts');
const { runLighthouse } = await import('./bench/lighthouse.ts');
const { formatBenchReport } = await import('./bench/bench-report.ts');
const { busyWarning, describeMachine, readMachine } = await import('./bench/machine.ts');

const out = path.resolve(
  values.out ?? path.join(projectRoot, 'reports', quick ? 'bench-quick.json' : 'bench.json'),
);

const brandsDir = defaultBrandsDir;
const services = (await loadBrands(brandsDir)).brands.map((brand) => brand.service);
if (!services.includes(values.brand))
  refuse(`--brand ${values.brand} is no valid brand; the brands are: ${services.join(', ')}.`);
const step = (text: string) => console.error(`… ${text}`);

// Read before anything starts, so the load is the machine's and not the bench's own.
const machine = readMachine();
console.error(describeMachine(machine));
const busy = busyWarning(machine);
if (busy) console.error(busy);

// A quick run serves the demo build the check has just made, when it holds every brand.
const demoDir = path.join(projectRoot, 'dist-demo');
const isDemoOfEveryBrand = services.every((service) => {
  const page = path.join(demoDir, service, 'index.html');
  return existsSync(page) && readFileSync(page, 'utf8').includes(DEMO_BUILD_META);
});
const existingBuild = quick && isDemoOfEveryBrand ? demoDir : undefined;

step('bundle sizes (builds every brand and the React floor)');
const bundles = await measureBundles({ brandsDir, cacheDir });
// `npm run budget` times the build command in the same check; a quick run leaves it out.
if (!quick) step(`build times (${buildRuns} run${buildRuns === 1 ? '' : 's'} each)`);
const builds = quick ? undefined : await timeBuilds({ runs: buildRuns, oneBrand: values.brand });
step(existingBuild ? 'serving a linked copy of dist-demo/' : 'the demo build to serve');
const server = await startBenchServer({ brandsDir, cacheDir, plain: values.plain, existingBuild });
let report: BenchReport;
try {
  step(
    `first view of ${values.brand} (${runs} run${runs === 1 ? '' : 's'} each, ours, static, no first script)`,
  );
  const firstView = await measureFirstView(server, values.brand, runs);
  step(`a-ident payment step (${runs} run${runs === 1 ? '' : 's'})`);
  const paymentStep = await measurePaymentStep(server, runs);
  const lighthouseServices = quick ? [values.brand] : server.services;
  step(`Lighthouse on ${lighthouseServices.join(', ')}`);
  const lighthouse = await runLighthouse(server, lighthouseServices);
  report = {
    measuredAt: new Date().toISOString(),
    machine,
    bundles,
    builds,
    plain: values.plain,
    quick,
    firstView,
    paymentStep,
    lighthouse,
    budgets: builds ? checkBudgets(bundles, builds) : [],
  };
} finally {
  await server.stop();
}

await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(formatBenchReport(report));
console.log(`\nWritten to ${path.relative(process.cwd(), out) || out}`);
