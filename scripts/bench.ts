import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchServer } from './perf/bench-server.ts';
import { formatBenchReport, type BenchReport } from './perf/bench-report.ts';
import { timeBuilds } from './perf/build-timing.ts';
import { checkBudgets } from './perf/check-budgets.ts';
import { measureFirstView } from './perf/first-view.ts';
import { measurePaymentStep } from './perf/payment-step.ts';
import { runLighthouse } from './perf/lighthouse.ts';
import { measureBundles } from './perf/measure-bundles.ts';
import { defaultBrandsDir, projectRoot } from './vite/app-config.ts';

// `npm run bench`: bundle, build, first view and Lighthouse in one run on this machine.
// The table goes to the console, everything measured to reports/bench.json (docs/performance.md).
const { values } = parseArgs({
  options: {
    brand: { type: 'string', default: 'a-dok' },
    runs: { type: 'string', default: '7' },
    'build-runs': { type: 'string', default: '5' },
    out: { type: 'string', default: path.join(projectRoot, 'reports', 'bench.json') },
    // Serve without the precompressed twins, to see what they are worth.
    plain: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const buildRuns = Number(values['build-runs']);
if (!Number.isInteger(runs) || runs < 5) throw new Error('--runs must be a whole number of at least 5');
if (!Number.isInteger(buildRuns) || buildRuns < 1) throw new Error('--build-runs must be a whole number');

const brandsDir = defaultBrandsDir;
const cacheDir = path.join(projectRoot, 'node_modules', '.cache', 'login-gateway', 'favicons');
const step = (text: string) => console.error(`… ${text}`);

step('bundle sizes (builds every brand and the React floor)');
const bundles = await measureBundles({ brandsDir, cacheDir });
step(`build times (${buildRuns} runs each)`);
const builds = await timeBuilds({ runs: buildRuns, oneBrand: values.brand });
const server = await startBenchServer({ brandsDir, cacheDir, plain: values.plain });
let report: BenchReport;
try {
  if (!server.services.includes(values.brand)) throw new Error(`unknown brand ${values.brand}`);
  step(`first view of ${values.brand} (${runs} runs each, ours and static)`);
  const firstView = await measureFirstView(server, values.brand, runs);
  step(`a-ident payment step (${runs} runs)`);
  const paymentStep = await measurePaymentStep(server, runs);
  step(`Lighthouse on ${server.services.length} brands`);
  const lighthouse = await runLighthouse(server, server.services);
  report = {
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, cpus: os.cpus().length, platform: `${os.platform()} ${os.arch()}` },
    bundles,
    builds,
    plain: values.plain,
    firstView,
    paymentStep,
    lighthouse,
    budgets: checkBudgets(bundles, builds),
  };
} finally {
  await server.stop();
}

await mkdir(path.dirname(values.out), { recursive: true });
await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(formatBenchReport(report));
console.log(`\nWritten to ${path.relative(process.cwd(), values.out) || values.out}`);
