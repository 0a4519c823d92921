import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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

/**
 * Times the build command as a brand manager runs it, whole process included, alternating
 * all-brands and one-brand runs so that a busy moment of the machine hits both alike. One
 * untimed run first fills the favicon cache, as any earlier build on the machine would have.
 */
export async function timeBuilds({
  runs,
  oneBrand,
}: {
  runs: number;
  oneBrand: string;
}): Promise<BuildTimes> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-build-timing-'));
  const times: BuildTimes = { all: [], one: [], oneBrand };
  try {
    const buildOnce = async (args: string[]) => {
      const started = performance.now();
      await run(tsx, [buildScript, '--out-dir', outDir, ...args], { cwd: projectRoot });
      return (performance.now() - started) / 1000;
    };
    await buildOnce([]);
    for (let i = 0; i < runs; i++) {
      times.all.push(await buildOnce([]));
      times.one.push(await buildOnce(['--brand', oneBrand]));
    }
    return times;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

export const best = (values: number[]) => Math.min(...values);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
