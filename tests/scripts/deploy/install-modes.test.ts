import { chmod, lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { addToAssetStore } from '../../../scripts/deploy/asset-store.ts';
import { installRelease } from '../../../scripts/deploy/install-release.ts';
import { writableEntries } from '../../../scripts/lib/file-modes.ts';
import { readReleaseManifest } from '../../../scripts/lib/release-manifest.ts';
import { runUnderUmaskZero } from '../umask-zero.ts';
import {
  makeDeployWorld,
  RELEASE,
  removeDeployWorld,
  writeRelease,
  type DeployWorld,
} from './deploy-fixtures.ts';

let world: DeployWorld;
beforeEach(async () => {
  world = await makeDeployWorld();
});
afterEach(async () => {
  await removeDeployWorld(world);
});

const ASSETS = { 'index-AAAA.js': 'export const a = 1;\n' };
const moduleUrl = (file: string) => new URL(`../../../scripts/${file}`, import.meta.url).href;

/** A release as a build under umask 0 leaves it: every file 0666, every folder 0777. */
async function writeOpenRelease(release: string): Promise<string> {
  const dir = await writeRelease(world, release, { assets: ASSETS });
  await chmod(dir, 0o777);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
  }
  return dir;
}

/** Every file and folder below dir with its mode, as `path mode` lines (symbolic links left out). */
async function modesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const lines = await Promise.all(
    entries
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return `${path.relative(dir, file)} ${((await lstat(file)).mode & 0o7777).toString(8)}`;
      }),
  );
  return lines.sort();
}

test('a release of 0666 files and 0777 folders, installed under umask 0, is 0644 and 0755 in the release folder and the store', async () => {
  const releaseDir = await writeOpenRelease(RELEASE.a);
  await runUnderUmaskZero(
    [
      'const [install, store, manifests, releaseDir, root] = process.argv.slice(1);',
      'const { installRelease } = await import(install);',
      'const { addToAssetStore } = await import(store);',
      'const manifest = await (await import(manifests)).readReleaseManifest(releaseDir);',
      'await addToAssetStore(root, await installRelease(releaseDir, root, manifest), manifest.brands);',
    ].join('\n'),
    [
      moduleUrl('deploy/install-release.ts'),
      moduleUrl('deploy/asset-store.ts'),
      moduleUrl('lib/release-manifest.ts'),
      releaseDir,
      world.webRoot,
    ],
  );

  const modes = await modesBelow(world.webRoot);
  expect(modes).toContain(`releases/${RELEASE.a}/alpha-brand/index.html 644`);
  expect(modes).toContain(`releases/${RELEASE.a}/alpha-brand/assets 755`);
  expect(modes).toContain('store/alpha-brand/assets/index-AAAA.js 644');
  expect(modes).toContain('store 755');
  expect(modes.filter((line) => !/ (644|755)$/.test(line))).toEqual([]);
  expect(await writableEntries(world.webRoot)).toEqual([]);
  // The build's own files are copied, never linked, so setting the modes left them as they were.
  expect((await stat(path.join(releaseDir, 'alpha-brand', 'index.html'))).mode & 0o777).toBe(0o666);
});

test('a file stored by an earlier deploy at 0666 becomes 0644 and stays the one file its releases link', async () => {
  const first = await installRelease(
    await writeRelease(world, RELEASE.a, { assets: ASSETS }),
    world.webRoot,
    await readReleaseManifest(path.join(world.dir, 'builds', RELEASE.a)),
  );
  await addToAssetStore(world.webRoot, first, ['alpha-brand']);
  const stored = path.join(world.webRoot, 'store', 'alpha-brand', 'assets', 'index-AAAA.js');
  // As a deploy before this rule left it.
  await chmod(stored, 0o666);
  const before = await stat(stored);

  const releaseDir = await writeOpenRelease(RELEASE.b);
  const second = await installRelease(releaseDir, world.webRoot, await readReleaseManifest(releaseDir));
  await addToAssetStore(world.webRoot, second, ['alpha-brand']);

  const after = await stat(stored);
  expect(after.mode & 0o777).toBe(0o644);
  // Not replaced: a page of release A still reads the very file, which is still readable to all.
  expect(after.ino).toBe(before.ino);
  expect((await stat(path.join(first, 'alpha-brand', 'assets', 'index-AAAA.js'))).ino).toBe(before.ino);
});

test('a release installed before, with a writable file, gets 0644 when it is deployed again', async () => {
  const releaseDir = await writeRelease(world, RELEASE.a, { assets: ASSETS });
  const manifest = await readReleaseManifest(releaseDir);
  const folder = await installRelease(releaseDir, world.webRoot, manifest);
  await chmod(path.join(folder, 'alpha-brand', 'index.html'), 0o666);
  await chmod(path.join(folder, 'beta-brand'), 0o777);

  expect(await installRelease(releaseDir, world.webRoot, manifest)).toBe(folder);
  expect(await writableEntries(folder)).toEqual([]);
});
