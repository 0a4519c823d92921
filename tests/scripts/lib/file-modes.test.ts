import { chmod, lstat, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeServedFolder, setServedModes, writableEntries } from '../../../scripts/lib/file-modes.ts';
import { runUnderUmaskZero } from '../umask-zero.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'file-modes-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Files and folders under root with the modes given, made whatever the umask is. */
async function makeTree(entries: Record<string, number>, { folders = [] as string[] } = {}) {
  for (const [name, mode] of Object.entries(entries)) {
    const file = path.join(root, name);
    if (folders.includes(name)) await mkdir(file, { recursive: true });
    else {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, name);
    }
    await chmod(file, mode);
  }
}

const modeOf = async (name: string) => (await lstat(path.join(root, name))).mode & 0o7777;

describe('writableEntries', () => {
  test.each([
    ['a file everyone may write', 'index.html', 0o666, ['index.html']],
    ['a file its group may write (umask 002)', 'assets/app.js', 0o664, ['assets/app.js']],
    ['a file only others may write', 'assets/app.css', 0o602, ['assets/app.css']],
    ['a file only its owner writes', 'index.html', 0o644, []],
    ['a file nobody may write', 'index.html', 0o444, []],
    ['an executable file only its owner writes', 'tool.sh', 0o755, []],
  ])('%s: %s %s', async (_case, name, mode, found) => {
    await makeTree({ [name]: mode });
    expect(await writableEntries(root)).toEqual(found);
  });

  test('names folders its group or everyone may write, nested ones by their path', async () => {
    await makeTree(
      { 'a-dok': 0o755, 'a-dok/assets': 0o777, caac: 0o775, 'caac/assets': 0o755 },
      { folders: ['a-dok', 'a-dok/assets', 'caac', 'caac/assets'] },
    );
    expect(await writableEntries(root)).toEqual(['a-dok/assets', 'caac']);
  });

  test('does not judge the folder itself, nor a symbolic link (whose own mode is always 0777)', async () => {
    await chmod(root, 0o777);
    await makeTree({ 'index.html': 0o644 });
    await symlink('index.html', path.join(root, 'link.html'));
    expect(await writableEntries(root)).toEqual([]);
  });

  test('finds every writable entry of a release built under umask 0', async () => {
    await makeTree(
      {
        'a-dok': 0o777,
        'a-dok/assets': 0o777,
        'a-dok/index.html': 0o666,
        'a-dok/assets/app.js': 0o666,
        'release.json': 0o644,
      },
      { folders: ['a-dok', 'a-dok/assets'] },
    );
    expect(await writableEntries(root)).toEqual([
      'a-dok',
      'a-dok/assets',
      'a-dok/assets/app.js',
      'a-dok/index.html',
    ]);
  });
});

describe('setServedModes', () => {
  test('makes every file 0644 and every folder 0755, the folder itself included, whatever they were', async () => {
    await makeTree(
      {
        'a-dok': 0o777,
        'a-dok/assets': 0o700,
        'a-dok/index.html': 0o666,
        'a-dok/assets/app.js': 0o600,
        'a-dok/assets/tool.sh': 0o775,
      },
      { folders: ['a-dok', 'a-dok/assets'] },
    );
    await chmod(root, 0o777);
    await setServedModes(root);
    expect(await modeOf('.')).toBe(0o755);
    expect(await modeOf('a-dok')).toBe(0o755);
    expect(await modeOf('a-dok/assets')).toBe(0o755);
    expect(await modeOf('a-dok/index.html')).toBe(0o644);
    expect(await modeOf('a-dok/assets/app.js')).toBe(0o644);
    expect(await modeOf('a-dok/assets/tool.sh')).toBe(0o644);
    expect(await writableEntries(root)).toEqual([]);
  });

  test('leaves what a symbolic link points at alone: chmod would follow it', async () => {
    const outside = path.join(os.tmpdir(), `${path.basename(root)}-secret`);
    await writeFile(outside, 'not part of the release');
    await chmod(outside, 0o600);
    try {
      await makeTree({ 'release/index.html': 0o666 });
      await symlink(outside, path.join(root, 'release', 'secret'));
      await setServedModes(path.join(root, 'release'));
      expect((await stat(outside)).mode & 0o777).toBe(0o600);
      expect(await modeOf('release/index.html')).toBe(0o644);
    } finally {
      await rm(outside, { force: true });
    }
  });
});

describe('makeServedFolder', () => {
  test('under umask 0 makes the folder and its missing parents 0755, and leaves a parent that was there as it was', async () => {
    await chmod(root, 0o700);
    await runUnderUmaskZero(
      'const { makeServedFolder } = await import(process.argv[1]);\nawait makeServedFolder(process.argv[2]);',
      [
        new URL('../../../scripts/lib/file-modes.ts', import.meta.url).href,
        path.join(root, 'www', 'releases', 'next'),
      ],
    );
    expect(await modeOf('.')).toBe(0o700);
    expect(await modeOf('www')).toBe(0o755);
    expect(await modeOf('www/releases')).toBe(0o755);
    expect(await modeOf('www/releases/next')).toBe(0o755);
  });

  test('leaves a folder that was there as it was', async () => {
    await makeTree({ www: 0o750 }, { folders: ['www'] });
    await makeServedFolder(path.join(root, 'www'));
    expect(await modeOf('www')).toBe(0o750);
  });
});
