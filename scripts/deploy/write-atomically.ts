import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces `file` in one rename, so a reader sees the old text or the new, never half of it.
 * The temporary name starts with a dot: nginx's `include conf.d/*.conf` or `sites-enabled/*`
 * does not pick it up.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.deploy-tmp`);
  await writeFile(temporary, text);
  await rename(temporary, file);
}
