import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { chromiumPath } from '../../scripts/lib/chromium.ts';

/** What the figures were measured on: a browser release or a busy machine moves them. */
export interface BenchMachine {
  node: string;
  cpus: number;
  platform: string;
  /** `chromium --version` of the browser the bench drives, as it answered. */
  chromium: string;
  /** The 1, 5 and 15 minute load averages when the bench started. */
  loadAverage: number[];
}

/**
 * Above this much load per core in the last minute, other work competes with the measured page
 * for the CPU the bench slows down four times: its timings then say more about the machine.
 */
export const BUSY_LOAD_PER_CORE = 0.5;

export function readMachine(): BenchMachine {
  let chromium: string;
  try {
    // Debian's wrapper script writes shell noise to stderr on --version; the answer is stdout.
    chromium = execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      timeout: 30_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch (error) {
    chromium = `unknown (${chromiumPath} --version failed: ${(error as Error).message.split('\n')[0]})`;
  }
  return {
    node: process.version,
    cpus: os.availableParallelism(),
    platform: `${os.platform()} ${os.arch()}`,
    chromium,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

export function describeMachine(machine: BenchMachine): string {
  const [oneMinute = 0, five = 0, fifteen = 0] = machine.loadAverage;
  return `Measured with ${machine.chromium}, Node ${machine.node}, ${machine.cpus} cores (${machine.platform}); load ${oneMinute} / ${five} / ${fifteen} (1 / 5 / 15 min) at the start.`;
}

/** A warning when the machine was too busy at the start for the timings to be trusted. */
export function busyWarning(machine: BenchMachine): string | undefined {
  const [oneMinute = 0] = machine.loadAverage;
  const limit = BUSY_LOAD_PER_CORE * machine.cpus;
  if (oneMinute <= limit) return undefined;
  return `WARNING: the machine was busy (load ${oneMinute} over the last minute, more than ${limit} for ${machine.cpus} cores): the timings are not reliable; run the bench again on a quiet machine.`;
}
