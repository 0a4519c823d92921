import { spawn } from 'node:child_process';

/** How a command ended (`code` is null when it could not start or a signal ended it) and what it said. */
export interface CommandResult {
  code: number | null;
  output: string;
}

/**
 * Runs a command without a shell and collects its output. The deploy steps take one as a
 * parameter, so tests fake nginx, systemctl and firebase.
 */
export type RunCommand = (command: readonly string[], cwd?: string) => Promise<CommandResult>;

export const runCommand: RunCommand = (command, cwd) =>
  new Promise((resolve) => {
    const [file = '', ...args] = command;
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    // A command that cannot start (not installed) reports an error instead of an exit code.
    child.on('error', (error) => resolve({ code: null, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code, output }));
  });

/** The error for a command that failed, with its output and what the deploy put back. */
export function commandFailed(command: readonly string[], result: CommandResult, aftermath: string): Error {
  const ended = result.code === null ? 'did not run to an end' : `failed (exit ${result.code})`;
  const output = result.output.trim() === '' ? '' : `\n${indent(result.output.trimEnd())}`;
  return new Error(`\`${command.join(' ')}\` ${ended}:${output}\n${aftermath}`);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
