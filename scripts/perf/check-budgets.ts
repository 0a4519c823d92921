import { BUDGETS, type Budgets } from './budgets.ts';
import { best, type BuildTimes } from './build-timing.ts';
import type { BundleReport } from './measure-bundles.ts';

export interface BudgetResult {
  name: string;
  ok: boolean;
  /** The figure and its limit, or what broke the rule. */
  detail: string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Checks the measurements against BUDGETS; every budget gives one result, kept or not. */
export function checkBudgets(
  bundles: BundleReport,
  builds: BuildTimes,
  budgets: Budgets = BUDGETS,
): BudgetResult[] {
  const missing = [
    ...(bundles.firstViews.length === 0 ? ['no first view was measured'] : []),
    ...(builds.all.length === 0 || builds.one.length === 0 ? ['no build was timed'] : []),
  ];
  // Nothing measured must not read as every budget kept.
  if (missing.length > 0) return missing.map((detail) => ({ name: 'measurements', ok: false, detail }));
  const firstViews = [...bundles.firstViews].sort(
    (a, b) => b.scriptsAndStyles.gzip - a.scriptsAndStyles.gzip,
  );
  const floor = bundles.floor.scriptsAndStyles.gzip;
  const limit = floor + budgets.firstViewOverFloorGzipBytes;
  const size = firstViews.map((view): BudgetResult => {
    const actual = view.scriptsAndStyles.gzip;
    return {
      name: `first view JS+CSS (${view.service})`,
      ok: actual <= limit,
      detail: `${kb(actual)} gzip = floor ${kb(floor)} + ${kb(actual - floor)}; limit floor + ${kb(budgets.firstViewOverFloorGzipBytes)} = ${kb(limit)}`,
    };
  });
  // The largest first view stands for all brands when it passes; every failing one is named.
  const sizeResults = size.every((result) => result.ok)
    ? size.slice(0, 1)
    : size.filter((result) => !result.ok);

  const fonts = firstViews.flatMap((view) => view.webFonts.map((font) => `${view.service}: ${font}`));
  const fontResult: BudgetResult = {
    name: 'web fonts in the first view',
    ok: new Set(firstViews.flatMap((view) => view.webFonts)).size <= budgets.firstViewWebFonts,
    detail:
      fonts.length === 0
        ? `none (limit ${budgets.firstViewWebFonts}): system fonts`
        : `${fonts.slice(0, 3).join('; ')} (limit ${budgets.firstViewWebFonts})`,
  };

  const lazy = budgets.lazyOnlyPackages.map(({ name, pattern }): BudgetResult => {
    const inFirstView = firstViews.flatMap((view) => view.forbidden.filter((line) => pattern.test(line)));
    const lazyBytes = bundles.lazy[name]?.gzip ?? 0;
    if (inFirstView.length > 0) {
      return {
        name: `${name} only in lazy chunks`,
        ok: false,
        detail: `in the first view: ${[...new Set(inFirstView)].slice(0, 5).join(', ')}`,
      };
    }
    // A pattern that matches nothing anywhere would pass forever: the package must be found.
    return {
      name: `${name} only in lazy chunks`,
      ok: lazyBytes > 0,
      detail:
        lazyBytes > 0 ? `${kb(lazyBytes)} gzip, loaded on demand` : `no ${name} module found in any chunk`,
    };
  });

  const all = best(builds.all);
  const one = best(builds.one);
  const ratio = all / one;
  const build: BudgetResult = {
    name: 'build time, all brands vs one',
    ok: ratio <= budgets.allBrandsVsOneBrandBuildRatio,
    detail: `${all.toFixed(2)} s vs ${one.toFixed(2)} s (${builds.oneBrand}) = ${ratio.toFixed(2)}×; limit ${budgets.allBrandsVsOneBrandBuildRatio}× (best of ${builds.all.length})`,
  };
  return [...sizeResults, fontResult, ...lazy, build];
}

export function formatBudgetResults(results: BudgetResult[]): string {
  const width = Math.max(...results.map((result) => result.name.length));
  return results
    .map((result) => `${result.ok ? 'ok  ' : 'FAIL'}  ${result.name.padEnd(width)}  ${result.detail}`)
    .join('\n');
}
