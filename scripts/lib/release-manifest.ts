import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { DEFAULT_SETTINGS_FILE } from './deploy-settings.ts';

/**
 * What a release says of itself, in `<release>/release.json`: which build it is and which brand
 * folders it holds. It is for operators and the deploy, and no host serves it: every brand domain
 * answers `/healthz` with the status and the release id alone (healthAnswer), the id every answer
 * carries anyway (RELEASE_HEADER), so a load balancer can tell which release a domain serves; the
 * whole commit and the names of the other brands stay with the operator. The brand folders themselves
 * carry no build time: a rebuild that changes nothing of a brand leaves its folder byte for byte
 * as it was.
 */
export const RELEASE_FILE = 'release.json';
export const HEALTH_PATH = '/healthz';
export const RELEASE_HEADER = 'Login-Gateway-Release';

/** `<UTC build time>-<commit>`, e.g. 20261126T072000Z-b8bc1df, `-dirty` for uncommitted changes. */
export const RELEASE_ID = /^\d{8}T\d{6}Z-(?:[0-9a-f]{7,40}|unknown)(?:-dirty)?$/;

export const releaseManifestSchema = z.strictObject({
  status: z.literal('ok'),
  release: z.string().regex(RELEASE_ID),
  commit: z.string(),
  dirty: z.boolean(),
  builtAt: z.iso.datetime(),
  brands: z.array(z.string()),
});

export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

/** The body of `/healthz` for a release, the same from nginx and from Firebase Hosting. */
export function healthAnswer(release: string): string {
  return `${JSON.stringify({ status: 'ok', release })}\n`;
}

/** The manifest of a build made now from the project's working tree. */
export async function describeRelease(
  projectRoot: string,
  brands: readonly string[],
  now = new Date(),
): Promise<ReleaseManifest> {
  const { commit, dirty } = await gitState(projectRoot);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return {
    status: 'ok',
    release: `${stamp}-${commit === 'unknown' ? commit : commit.slice(0, 12)}${dirty ? '-dirty' : ''}`,
    commit,
    dirty,
    builtAt: now.toISOString().replace(/\.\d+Z$/, 'Z'),
    brands: [...brands].sort(),
  };
}

export async function writeReleaseManifest(dir: string, manifest: ReleaseManifest): Promise<void> {
  await writeFile(path.join(dir, RELEASE_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The manifest of the release in `dir`, checked; throws naming the file when it is missing or wrong. */
export async function readReleaseManifest(dir: string): Promise<ReleaseManifest> {
  const file = path.join(dir, RELEASE_FILE);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) throw new Error(`${file} is missing: build the release with \`npm run build\``);
  const parsed = releaseManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a release manifest: ${parsed.error.message}`);
  return parsed.data;
}

async function gitState(cwd: string): Promise<{ commit: string; dirty: boolean }> {
  const run = promisify(execFile);
  try {
    const { stdout: commit } = await run('git', ['rev-parse', 'HEAD'], { cwd });
    // A new file not yet committed (a brand folder, a module) is built into the release as much as
    // a changed one: no commit holds it either. Ignored files (node_modules, reports) are not.
    // The settings file is settings, not code: production's own values (a backend, a web root)
    // there leave the release clean, as they do in a --settings file outside the project.
    const { stdout: status } = await run(
      'git',
      ['status', '--porcelain', '--untracked-files=normal', '--', '.', `:(exclude)${DEFAULT_SETTINGS_FILE}`],
      { cwd },
    );
    return { commit: commit.trim(), dirty: status.trim() !== '' };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}
