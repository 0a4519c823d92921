import { chmod, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeServedFolder, SERVED_MODES } from '../lib/file-modes.ts';

/**
 * Replaces `file` in one rename, so a reader sees the old text or the new, never half of it.
 * The temporary name starts with a dot: nginx's `include conf.d/*.conf` or `sites-enabled/*`
 * does not pick it up. The file is 0644 whatever the umask: nginx's config and the deploy history
 * are the deploy's to write, anyone's to read.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  await makeServedFolder(path.dirname(file));
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.deploy-tmp`);
  await writeFile(temporary, text);
  await chmod(temporary, SERVED_MODES.file);
  await rename(temporary, file);
}
