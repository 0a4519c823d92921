import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { expect, onTestFinished, test } from 'vitest';
import { projectRoot } from '../../../scripts/vite/app-config.ts';
import { send } from './demo-fixtures.ts';

const fixtures = pathToFileURL(new URL('./demo-fixtures.ts', import.meta.url).pathname).href;

// A file that vanishes between the server's stat and its read (dist/ rebuilt by `npm run build`
// while `npm start` serves) fails in the read stream. /proc/self/mem stands in for it: stat calls
// it a file, and reading it fails. The server runs in a child process, so a crash cannot take
// the test runner with it.
const serverScript = `
import { symlink } from 'node:fs/promises';
import path from 'node:path';
const { makeDemoWorld, startDemo } = await import(${JSON.stringify(fixtures)});
const world = await makeDemoWorld();
await symlink('/proc/self/mem', path.join(world.distDir, 'a-dok', 'assets', 'gone-abc12345.js'));
const demo = await startDemo(world);
console.log(JSON.stringify({ port: demo.port, root: world.root }));
`;

test.skipIf(!existsSync('/proc/self/mem'))(
  'keeps serving after a file fails while it is read',
  async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', serverScript], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Also when the test times out, which skips its own finally.
    onTestFinished(() => void child.kill('SIGKILL'));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    // 'close' comes after the last of the output: a server that died before its first line fails
    // the test at once, with its error, instead of when a deadline of the test's own runs out.
    const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
    let root: string | undefined;
    try {
      const lines = createInterface({ input: child.stdout });
      const line = await Promise.race([
        once(lines, 'line').then(([first]) => String(first)),
        closed.then(([code, signal]) => {
          throw new Error(`the server ended (${signal ?? `exit ${code}`}) before it listened:\n${stderr}`);
        }),
      ]);
      const started = JSON.parse(line) as { port: number; root: string };
      root = started.root;

      await Promise.race([
        send(started.port, '/a-dok/assets/gone-abc12345.js').catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
      const after = await send(started.port, '/a-dok/').catch((error: Error) => error);
      expect(after instanceof Error ? `no answer: ${after.message}` : after.status).toBe(200);
    } finally {
      if (root) await rm(root, { recursive: true, force: true });
    }
  },
  30_000,
);
