import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PAYPAL_ENV } from '../lib/deploy-settings.ts';
import { projectRoot } from '../vite/app-config.ts';

const run = promisify(execFile);
const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const buildScript = path.join(projectRoot, 'scripts', 'build.ts');

export interface BuildTimes {
  /** Seconds per run of `npm run build`, all brands. */
  all: number[];
  /** Seconds per run of `npm run build -- --brand <one>`. */
  one: number[];
  oneBrand: string;
}

/** One timed run of the build command: its seconds and whether every favicon came from the cache. */
export interface TimedBuild {
  seconds: number;
  faviconsWarm: boolean;
}

export interface BuildTimingOptions {
  /** Pairs of runs (all brands, then one brand), at most. */
  runs: number;
  oneBrand: string;
  /**
   * Stop after the first pair whose best runs keep all brands within this multiple of one
   * brand; only a pair over it is repeated. Without it every pair runs, for the figures.
   */
  stopWithin?: number;
}

/**
 * Times the build command as a brand manager runs it, whole process included, alternating
 * all-brands and one-brand runs so that a busy moment of the machine hits both alike.
 */
export async function timeBuilds(options: BuildTimingOptions): Promise<BuildTimes> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-build-timing-'));
  try {
    return await timeRuns(async (args) => {
      const started = performance.now();
      const { stdout } = await run(tsx, [buildScript, '--out-dir', outDir, ...args], {
        cwd: projectRoot,
        // A release of every brand needs a PayPal live id; this one only fills a-ident's meta tag.
        env: { ...process.env, [PAYPAL_ENV.live]: process.env[PAYPAL_ENV.live] || 'measurement-only' },
      });
      return { seconds: (performance.now() - started) / 1000, faviconsWarm: allFaviconsFromCache(stdout) };
    }, options);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The order and number of runs of timeBuilds, given a way to time one build with its arguments. */
export async function timeRuns(
  timeBuild: (args: string[]) => Promise<TimedBuild>,
  { runs, oneBrand, stopWithin }: BuildTimingOptions,
): Promise<BuildTimes> {
  const times: BuildTimes = { all: [], one: [], oneBrand };
  let first = await timeBuild([]);
  // A first run that drew favicons is the warm-up any earlier build on the machine would have
  // been; one that found them all cached (after measureBundles, say) already counts.
  if (!first.faviconsWarm) first = await timeBuild([]);
  for (let i = 0; i < runs; i++) {
    times.all.push(i === 0 ? first.seconds : (await timeBuild([])).seconds);
    times.one.push((await timeBuild(['--brand', oneBrand])).seconds);
    if (stopWithin !== undefined && best(times.all) / best(times.one) <= stopWithin) break;
  }
  return times;
}

/** Whether the build command's summary says every brand it built took its favicons from the cache. */
export function allFaviconsFromCache(stdout: string): boolean {
  const summary = /^Built (\d+) brand\(s\) .*\(favicons from cache: (\d+)\)\.$/m.exec(stdout);
  return summary !== null && Number(summary[1]) > 0 && summary[2] === summary[1];
}

export const best = (values: number[]) => Math.min(...values);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
