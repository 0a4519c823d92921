import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';

const cliPackageSchema = z.object({ bin: z.object({ firebase: z.string().min(1) }) });

/**
 * The Firebase CLI this project pins (package.json's firebase-tools, as `npm ci` installs it),
 * found from this file, not from the folder the command runs in: `npx firebase` in a stage
 * outside the project finds no local CLI and runs whatever `firebase` the registry serves then.
 */
export function pinnedFirebaseCli(from: string = import.meta.url): string {
  let packageFile: string;
  try {
    packageFile = createRequire(from).resolve('firebase-tools/package.json');
  } catch (error) {
    throw new Error(
      'The Firebase CLI (firebase-tools, pinned in package.json) is not installed in this project: run `npm ci` and deploy again. The deploy runs only that CLI, never one npx would fetch.',
      { cause: error },
    );
  }
  const { bin } = cliPackageSchema.parse(JSON.parse(readFileSync(packageFile, 'utf8')));
  return path.resolve(path.dirname(packageFile), bin.firebase);
}

/**
 * `firebase.deployCommand` as it is run: `firebase …` runs the pinned CLI by its path with this
 * Node. `npx firebase …`, as settings written before said, means the same CLI, and npx does not
 * run; any other npx command is refused, since npx would fetch what the project does not pin.
 * Another command (an upload script of the operator's) runs as written.
 */
export function firebaseCommandLine(
  command: readonly string[],
  cli: () => string = () => pinnedFirebaseCli(),
): string[] {
  const [first, second, ...rest] = command;
  if (first === 'firebase') return [process.execPath, cli(), ...command.slice(1)];
  if (first === 'npx' && second === 'firebase') return [process.execPath, cli(), ...rest];
  if (first === 'npx') {
    throw new Error(
      `firebase.deployCommand runs \`${command.join(' ')}\`: npx would fetch what the project does not pin and run it. Write ["firebase", …] for the project's Firebase CLI, or name a program of your own.`,
    );
  }
  return [...command];
}
