import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The brand folders of the last release: those committed at the checkout's HEAD, which is what
 * main releases. A folder that is not committed yet is a brand being added; when it claims a
 * domain a committed brand serves, it is the one refused (load-brands.ts). Outside a git checkout
 * (a tarball, a temporary brands folder) no brand counts as released, and a domain two folders
 * claim refuses both.
 */
export async function releasedBrands(brandsDir: string): Promise<ReadonlySet<string>> {
  try {
    const { stdout } = await promisify(execFile)('git', ['ls-tree', '-d', '--name-only', 'HEAD', './'], {
      cwd: brandsDir,
    });
    return new Set(stdout.split('\n').filter((name) => name !== ''));
  } catch {
    return new Set();
  }
}
