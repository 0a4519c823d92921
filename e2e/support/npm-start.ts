import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { freePortForChild } from '../../tools/demo/ports.ts';

export interface RunningStart {
  origin: string;
  port: number;
  /** Everything it printed so far. */
  output(): string;
  /** Ctrl-C, and its exit. */
  stop(): Promise<void>;
}

/**
 * `npm start -- --no-emulator` on a brands folder and an out folder of the test's own, once it
 * serves: the program itself, watching and rebuilding, as a brand manager runs it. It builds its
 * demo before it serves, so give it the time of a build.
 */
export async function npmStart(brandsDir: string, outDir: string): Promise<RunningStart> {
  const port = await freePortForChild();
  const args = ['--brands-dir', brandsDir, '--out-dir', outDir, '--port', String(port), '--no-emulator'];
  // Without a test runner's NODE_ENV, with which Vite would build React's development bundle.
  const { NODE_ENV: _, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('tools', 'start.ts'), ...args], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  const closed = once(child, 'close');
  const served = await new Promise<boolean>((resolve) => {
    child.stdout.on('data', () => output.includes('Stop with Ctrl-C.') && resolve(true));
    void closed.then(() => resolve(false));
  });
  if (!served) throw new Error(`npm start ended before it served:\n${output}`);
  return {
    origin: `http://localhost:${port}`,
    port,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      await closed;
    },
  };
}
