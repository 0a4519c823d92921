import { execFile } from 'node:child_process';
import { projectRoot } from '../../scripts/vite/app-config.ts';

/**
 * Runs `script`, the body of an ES module, in a Node of its own with umask 0 and tsx loaded;
 * `args` are its `process.argv.slice(1)`. The tests run in worker threads, which may not change
 * the umask, and it is the whole process's anyway. Resolves with what it printed; rejects with
 * its error output when it fails.
 */
export function runUnderUmaskZero(script: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `process.umask(0);\n${script}`, ...args],
      // Node, tsx and the imports start in a few seconds; more on a busy machine.
      { cwd: projectRoot, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}
