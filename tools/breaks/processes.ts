import { spawn, type ChildProcess } from 'node:child_process';

/** How much of a command's output is kept, for the message when it fails. */
const KEPT_OUTPUT = 20_000;
/** How long a stopped command gets to clean up (Playwright's global teardown stops its servers). */
const GRACE_MS = 20_000;

const running = new Set<ChildProcess>();

export interface Finished {
  code: number | null;
  /** The end of stdout and stderr together. */
  output: string;
}

/**
 * Runs a command in a process group of its own, so that stopping it reaches everything it
 * started, and only that. Resolves when it exits, whatever its exit code.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => {
      running.delete(child);
      reject(error);
    });
    const finish = () => {
      running.delete(child);
      resolve({ code: child.exitCode, output });
    };
    child.once('close', finish);
    // A process it left behind may hold its output open: the exit is what counts.
    child.once('exit', () => setTimeout(finish, 2000));
  });
}

/**
 * Stops every command this tool started and is still running: SIGINT to its group first, as a
 * Ctrl-C in its terminal would (Playwright then runs its teardown), SIGKILL after a grace time.
 */
export async function stopCommands(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      const closed = new Promise((resolve) => child.once('exit', resolve));
      signalGroup(child, 'SIGINT');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), GRACE_MS);
      if (child.exitCode === null && child.signalCode === null) await closed;
      clearTimeout(timer);
    }),
  );
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}
