import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { readLock, withDeployLock } from '../../../scripts/deploy/deploy-lock.ts';
import { deadPid } from './faults.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-test-lock-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const lock = () => path.join(root, '.deploy-lock');
async function holdAs(owner: Record<string, unknown>) {
  await mkdir(lock());
  await writeFile(path.join(lock(), 'owner.json'), JSON.stringify(owner));
}

test('records who holds it (process, host, start, command) while the work runs, and goes after it', async () => {
  const seen = await withDeployLock(root, () => readLock(root));
  expect(seen).toEqual({
    pid: process.pid,
    host: os.hostname(),
    startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    command: expect.any(String),
  });
  expect(await readLock(root)).toBeUndefined();
  expect(await readdir(root)).toEqual([]);
});

test('a lock whose process runs refuses the second run, naming it', async () => {
  await holdAs({
    pid: process.pid,
    host: os.hostname(),
    startedAt: '2026-11-28T10:00:00.000Z',
    command: 'nginx',
  });
  let ran = false;
  await expect(
    withDeployLock(root, async () => {
      ran = true;
    }),
  ).rejects.toThrow(
    `Another deploy holds ${lock()}: pid ${process.pid} on ${os.hostname()} since 2026-11-28T10:00:00.000Z (nginx); nothing was changed. Wait for it to end.`,
  );
  expect(ran).toBe(false);
});

test('a lock whose process is gone (killed) is stale: taken over, and said so', async () => {
  const pid = deadPid();
  await holdAs({ pid, host: os.hostname(), startedAt: '2026-11-28T10:00:00.000Z', command: 'nginx' });
  let notes: string[] = [];
  expect(
    await withDeployLock(root, (told) => {
      notes = told;
      return Promise.resolve('done');
    }),
  ).toBe('done');
  expect(notes).toEqual([
    `The deploy lock ${lock()} was held by pid ${pid} on ${os.hostname()} since 2026-11-28T10:00:00.000Z (nginx), which is no longer running: taken over.`,
  ]);
  expect(await readdir(root)).toEqual([]);
});

test('a lock of another host cannot be judged from here: refused, saying how to tell', async () => {
  await holdAs({
    pid: deadPid(),
    host: 'web2.example',
    startedAt: '2026-11-28T10:00:00.000Z',
    command: 'nginx',
  });
  await expect(withDeployLock(root, () => Promise.resolve())).rejects.toThrow(
    /on web2\.example since 2026-11-28T10:00:00\.000Z \(nginx\); nothing was changed\. It runs on another host, so whether it still runs cannot be told from here: wait for it, or, once sure it is gone, remove that folder and deploy again\.$/,
  );
  expect(JSON.parse(await readFile(path.join(lock(), 'owner.json'), 'utf8'))).toMatchObject({
    host: 'web2.example',
  });
});

test('two runs at once: exactly one holds it', async () => {
  const order: string[] = [];
  const results = await Promise.allSettled(
    ['first', 'second', 'third'].map((name) =>
      withDeployLock(root, async () => {
        order.push(name);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }),
    ),
  );
  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  expect(order).toHaveLength(1);
});
