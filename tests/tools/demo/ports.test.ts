import { readFile } from 'node:fs/promises';
import { expect, test, vi } from 'vitest';
import { BAD_PORTS, freePort, freePortForChild, isPortFree } from '../../../tools/demo/ports.ts';

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

test("never a port the browsers refuse (the Fetch Standard's bad ports)", async () => {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
  const low = Number(range.split(/\s+/)[0]);
  // The first draws land on 5061 and 6000, which a page cannot reach; then on a usable port.
  const draws = [5061, 6000, 20_000].map((port) => (port - 1024 + 0.5) / (low - 1024));
  const random = vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
  try {
    expect(await freePortForChild()).toBe(20_000);
  } finally {
    random.mockRestore();
  }
  expect(BAD_PORTS.has(5061)).toBe(true);
});
