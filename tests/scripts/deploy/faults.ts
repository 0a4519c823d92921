import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import type { CommandResult, RunCommand } from '../../../scripts/deploy/run-command.ts';

/**
 * Fault injection for the deploy: every write to the file system below a folder (through
 * node:fs/promises, which the deploy uses for all of them) and every command it runs is one
 * step, numbered from 1. A fault starts at step `at`:
 *
 * - `fail-once`: that step fails (a write with EIO, a command with exit 1); the run goes on
 *   (faults.test.ts uses it for the commands: a failing `nginx -t`, reload or `firebase deploy`);
 * - `disk-full`: that write and every later one fails with ENOSPC until `end()` (space freed);
 *   commands still run;
 * - `kill`: that step and every later one throws, so no cleanup of the run's own gets through:
 *   what a kill -9 or a power cut leaves.
 */
export type FaultMode = 'fail-once' | 'disk-full' | 'kill';

const WRITES = [
  'writeFile',
  'appendFile',
  'rename',
  'symlink',
  'link',
  'copyFile',
  'cp',
  'mkdir',
  'rm',
  'rmdir',
  'unlink',
  'chmod',
  'truncate',
] as const;

export class Killed extends Error {
  constructor() {
    super('killed (injected)');
  }
}

export interface Faults {
  /** The steps taken so far. */
  steps: () => number;
  /** What each step was, in order: a write or a command. */
  kinds: () => ('write' | 'command')[];
  /** Whether the fault has struck. */
  struck: () => boolean;
  /** The command runner to pass to the deploy: counts and fails commands as the plan says. */
  run: RunCommand;
  /** Puts node:fs/promises back. */
  end: () => void;
}

/**
 * Wraps node:fs/promises' writes below `root` (and `inner`'s commands) with the fault at step
 * `at` (Infinity: none, to count the steps). The ESM bindings are synced, so modules that
 * imported the functions by name see the wrappers.
 */
export function injectFaults(root: string, inner: RunCommand, at: number, mode: FaultMode): Faults {
  let steps = 0;
  let struck = false;
  const originals = new Map<string, unknown>();
  const mutable = fsp as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;

  const sites = new Set<string>();
  const kinds: ('write' | 'command')[] = [];
  /** Throws (or says to fail) when this step is faulted. */
  function step(kind: 'write' | 'command', what: string): 'ok' | 'fail' {
    if (struck && mode === 'kill') throw new Killed();
    if (struck && mode === 'disk-full' && kind === 'write') return 'fail';
    // A step is a place in the deploy's code (its call stack), met the first time: the copy of
    // the tenth file is the same step as the first's.
    const site = `${what} ${callSite()}`;
    if (sites.has(site)) return 'ok';
    sites.add(site);
    kinds.push(kind);
    steps += 1;
    if (steps !== at) return 'ok';
    struck = true;
    if (mode === 'kill') throw new Killed();
    return 'fail';
  }

  for (const name of WRITES) {
    const original = mutable[name];
    if (!original) continue;
    originals.set(name, original);
    mutable[name] = (...args: unknown[]) => {
      const below = args.some((arg) => typeof arg === 'string' && path.resolve(arg).startsWith(root));
      if (!below) return original.apply(fsp, args);
      try {
        if (step('write', name) === 'fail') {
          const code = mode === 'disk-full' ? 'ENOSPC' : 'EIO';
          const error = Object.assign(new Error(`${code}: injected, ${name} '${String(args[0])}'`), { code });
          return Promise.reject(error);
        }
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return original.apply(fsp, args);
    };
  }
  syncBuiltinESMExports();

  const run: RunCommand = async (command, cwd) => {
    if (step('command', command.join(' ')) === 'fail')
      return { code: 1, output: 'injected failure\n' } satisfies CommandResult;
    return inner(command, cwd);
  };
  return {
    steps: () => steps,
    kinds: () => [...kinds],
    struck: () => struck,
    run,
    end: () => {
      for (const [name, original] of originals)
        mutable[name] = original as (...args: unknown[]) => Promise<unknown>;
      syncBuiltinESMExports();
    },
  };
}

/**
 * The deploy's own frames of the current call stack (scripts/), as raw call sites: no source-map
 * lookup, which would cost more than the write it names.
 */
function callSite(): string {
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = (_error, frames) => frames;
  const holder: { stack?: NodeJS.CallSite[] } = {};
  Error.captureStackTrace(holder, callSite);
  const frames = holder.stack ?? [];
  Error.prepareStackTrace = prepare;
  return frames
    .filter((frame) => frame.getFileName()?.includes('/scripts/'))
    .map((frame) => `${frame.getFileName() ?? ''}:${frame.getLineNumber() ?? 0}`)
    .join(' < ');
}

/**
 * nginx as the deploy sees it: `nginx -t` passes, and a reload loads the config on disk, whose
 * header names the release (`loaded`) — what the served answers' release header says.
 */
export function fakeNginx(
  configFile: string,
  initial?: string,
): { run: RunCommand; loaded: () => string | undefined } {
  let loaded = initial;
  const run: RunCommand = (command) => {
    if (command.includes('reload')) {
      let text: string | undefined;
      try {
        text = readFileSync(configFile, 'utf8');
      } catch {
        text = undefined;
      }
      loaded = text === undefined ? undefined : /^#\s+release:\s+(\S+)$/m.exec(text)?.[1];
    }
    return Promise.resolve({ code: 0, output: '' });
  };
  return { run, loaded: () => loaded };
}

/** A process id that no process has: a lock's holder after a kill. */
export function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (pid === undefined) throw new Error('could not start a process to take a dead pid from');
  return pid;
}
