import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { firebaseCommandLine, pinnedFirebaseCli } from '../../../scripts/deploy/firebase-cli.ts';
import { runCommand } from '../../../scripts/deploy/run-command.ts';
import { projectRoot } from '../../../scripts/vite/app-config.ts';

const CLI = '/project/node_modules/firebase-tools/lib/bin/firebase.js';
const cli = () => CLI;

describe('the deploy command as it runs', () => {
  test.each([
    ['firebase as the settings say', ['firebase', 'deploy', '--only', 'hosting']],
    ['npx firebase as settings written before said', ['npx', 'firebase', 'deploy', '--only', 'hosting']],
  ])('%s: the pinned CLI by its path, with this Node, and no npx', (_case, command) => {
    const line = firebaseCommandLine(command, cli);
    expect(line).toEqual([process.execPath, CLI, 'deploy', '--only', 'hosting']);
    expect(line).not.toContain('npx');
  });

  test.each([
    ['another package', ['npx', 'firebase-tools', 'deploy']],
    ['npx told to install without asking', ['npx', '-y', 'firebase', 'deploy']],
    ['a package at a version', ['npx', 'firebase-tools@latest', 'deploy']],
    ['npx alone', ['npx']],
  ])('npx with %s is refused, naming what to write instead', (_case, command) => {
    expect(() => firebaseCommandLine(command, cli)).toThrow(
      `firebase.deployCommand runs \`${command.join(' ')}\`: npx would fetch what the project does not pin and run it. Write ["firebase", …] for the project's Firebase CLI, or name a program of your own.`,
    );
  });

  test('a program of the operator’s own runs as written, and the CLI is not looked for', () => {
    const unused = () => {
      throw new Error('not asked');
    };
    expect(firebaseCommandLine(['/opt/upload-hosting', '--site', 'all'], unused)).toEqual([
      '/opt/upload-hosting',
      '--site',
      'all',
    ]);
  });
});

describe('the pinned Firebase CLI', () => {
  test('is the bin of the firebase-tools package.json pins, in this project', async () => {
    const pinned = (
      JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies['firebase-tools'];
    const installed = path.join(projectRoot, 'node_modules', 'firebase-tools');
    const { version, bin } = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as {
      version: string;
      bin: { firebase: string };
    };
    expect(version).toBe(pinned);
    expect(pinnedFirebaseCli()).toBe(path.join(installed, bin.firebase));
  });

  test('runs from a stage folder outside the project: the pinned version answers', async () => {
    const stage = await mkdtemp(path.join(os.tmpdir(), 'firebase-stage-'));
    try {
      const { version } = JSON.parse(
        await readFile(path.join(projectRoot, 'node_modules', 'firebase-tools', 'package.json'), 'utf8'),
      ) as { version: string };
      const result = await runCommand(firebaseCommandLine(['firebase', '--version']), stage);
      expect(result).toEqual({ code: 0, output: `${version}\n` });
    } finally {
      await rm(stage, { recursive: true, force: true });
    }
  });

  test('not installed, it stops the deploy with a message that says to run npm ci', async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'no-firebase-'));
    try {
      expect(() => pinnedFirebaseCli(pathToFileURL(path.join(elsewhere, 'deploy.ts')).href)).toThrow(
        'The Firebase CLI (firebase-tools, pinned in package.json) is not installed in this project: run `npm ci` and deploy again. The deploy runs only that CLI, never one npx would fetch.',
      );
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
