import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { freePort, freePortForChild, isPortFree } from './ports.ts';

test('a port for a child process is free and outside the range any listen(0) or connection draws from', async () => {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
  const [low = 0, high = 0] = range.trim().split(/\s+/).map(Number);
  const drawn = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of drawn) expect(port >= low && port <= high).toBe(true);

  const port = await freePortForChild();
  expect(port).toBeGreaterThan(1024);
  expect(port).toBeLessThan(low);
  expect(await isPortFree(port)).toBe(true);
});
