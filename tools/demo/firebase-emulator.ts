import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { freePortForChild, isPortFree } from './ports.ts';
import type { OutboxEntry } from './reference-mws.ts';

const READY_TIMEOUT_MS = 60_000;
/** The emulators listen on IPv4 only. */
export const EMULATOR_HOST = '127.0.0.1';

export interface RunningEmulator {
  url: string;
  /** The SMS codes the emulator would have sent, oldest first. */
  codes(): Promise<OutboxEntry[]>;
  stop(): Promise<void>;
}

const codesSchema = z.object({
  verificationCodes: z
    .array(z.object({ phoneNumber: z.string(), code: z.string(), sessionInfo: z.string() }))
    .default([]),
});

/**
 * Writes firebase.json into workDir, with `settings` (firebase.json's other keys) and the one
 * emulator `only` on 127.0.0.1:port, its hub and logging on free ports and no UI, and starts
 * `firebase emulators:start --only <only>` there, detached: its own process group, so stopping
 * the group by the child's PID stops every process it started.
 */
export async function spawnFirebaseEmulator({
  workDir,
  only,
  port,
  projectId,
  settings = {},
  hubPort,
  loggingPort,
}: {
  workDir: string;
  only: 'auth' | 'hosting';
  port: number;
  projectId: string;
  settings?: Record<string, unknown>;
  /** Free ones when not given. */
  hubPort?: number;
  loggingPort?: number;
}) {
  const host = EMULATOR_HOST;
  hubPort ??= await freePortForChild();
  loggingPort ??= await freePortForChild();
  await writeFile(
    path.join(workDir, 'firebase.json'),
    JSON.stringify({
      ...settings,
      emulators: {
        [only]: { host, port },
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );
  return spawnEmulators(workDir, ['--only', only, '--project', projectId, '--config', 'firebase.json']);
}

/**
 * `firebase emulators:start <args>` in `cwd`, detached: its own process group, so stopping the
 * group by the child's PID stops every process it started. Output piped, without colours.
 */
export function spawnEmulators(cwd: string, args: readonly string[]) {
  const firebase = path.join(projectRoot, 'node_modules', '.bin', 'firebase');
  return spawn(firebase, ['emulators:start', ...args], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' },
  });
}

/**
 * Starts the Firebase Auth emulator (firebase-tools) for a demo-* project, which needs no
 * account and no network. Its hub and logging ports are picked free, so only the auth port is
 * the caller's choice. Resolves once the emulator answers, or rejects with the reason.
 */
export async function startAuthEmulator({
  port,
  projectId,
}: {
  port: number;
  projectId: string;
}): Promise<RunningEmulator> {
  if (!(await isPortFree(port))) throw new Error(`port ${port} is taken (set FIREBASE_AUTH_EMULATOR_PORT)`);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-emulator-'));
  const child = await spawnFirebaseEmulator({ workDir, only: 'auth', port, projectId });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    await rm(workDir, { recursive: true, force: true });
  };

  const url = `http://${EMULATOR_HOST}:${port}`;
  const ready = await Promise.race([waitUntilAnswering(url), exited.then(() => false)]);
  if (!ready) {
    await stop();
    throw new Error(`the Firebase Auth emulator did not start:\n${output.slice(-2000)}`);
  }

  const firstSeen = new Map<string, string>();
  return {
    url,
    stop,
    async codes() {
      const response = await fetch(`${url}/emulator/v1/projects/${projectId}/verificationCodes`);
      const { verificationCodes } = codesSchema.parse(await response.json());
      return verificationCodes.map(({ phoneNumber, code, sessionInfo }) => {
        if (!firstSeen.has(sessionInfo)) firstSeen.set(sessionInfo, new Date().toISOString());
        return {
          channel: 'firebase' as const,
          to: phoneNumber,
          code,
          sentAt: firstSeen.get(sessionInfo) ?? '',
        };
      });
    },
  };
}

async function waitUntilAnswering(url: string): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
