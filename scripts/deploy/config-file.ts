import { readFile, rm } from 'node:fs/promises';
import { writeFileAtomically } from './write-atomically.ts';

/**
 * Installs `text` as `file` (one rename) and returns how to put back what was there before: the
 * old text, or no file when there was none. The old text is kept in memory, not beside the file,
 * where nginx's include pattern could pick it up.
 */
export async function installConfigFile(file: string, text: string): Promise<() => Promise<void>> {
  const old = await readFile(file, 'utf8').catch(() => undefined);
  await writeFileAtomically(file, text);
  return async () => {
    if (old === undefined) await rm(file, { force: true });
    else await writeFileAtomically(file, old);
  };
}
