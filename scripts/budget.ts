import { parseCommandLine } from './lib/command-line.ts';

// `npm run budget`: part of `npm run check`. Exits 1 when a budget of scripts/perf/budgets.ts breaks.
// It takes no options: the budgets are one fixed measurement, so that every run compares alike.
parseCommandLine({
  command: 'npm run budget --',
  summary:
    'Builds every brand and a bare React app into temporary folders, times the build command and exits 1 when a budget of scripts/perf/budgets.ts breaks.',
  options: {},
  notes: ['The budgets and their reasons: docs/performance.md and scripts/perf/budgets.ts.'],
});

// Loaded once the command line holds, so that --help and a wrong option answer at once.
const { BUDGETS } = await import('./perf/budgets.ts');
const { timeBuilds } = await import('./perf/build-timing.ts');
const { checkBudgets, formatBudgetResults } = await import('./perf/check-budgets.ts');
const { measureBundles } = await import('./perf/measure-bundles.ts');
const { defaultBrandsDir, faviconCacheDir: cacheDir } = await import('./vite/app-config.ts');

const bundles = await measureBundles({ brandsDir: defaultBrandsDir, cacheDir });
const builds = await timeBuilds({
  runs: BUDGETS.buildRuns,
  oneBrand: 'a-dok',
  stopWithin: BUDGETS.allBrandsVsOneBrandBuildRatio,
});
const results = checkBudgets(bundles, builds);
console.log(formatBudgetResults(results));
const failed = results.filter((result) => !result.ok).length;
if (failed > 0) {
  console.error(`\n${failed} performance budget(s) broken; the budgets and why: scripts/perf/budgets.ts`);
  process.exitCode = 1;
} else {
  console.log('\nAll performance budgets kept.');
}
