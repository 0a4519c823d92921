import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/** A port the system has free right now, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The Fetch Standard's "bad ports" above 1023 (https://fetch.spec.whatwg.org/#port-blocking),
 * which browsers refuse to connect to (Chromium: net::ERR_UNSAFE_PORT). A server a test's page
 * must reach cannot listen there: the suite once drew 5061 for a page and failed.
 */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697,
  10080,
]);

/**
 * A free port for a child process that binds it seconds later: one below the system's ephemeral
 * range. Every listen(0) (freePort's too) and every outgoing connection draws from that range,
 * so none of them can take this port in the meantime; freePort's port could be taken, and the
 * child then exited on "port taken" (tests/tools/start.test.ts saw it under load).
 */
export async function freePortForChild(): Promise<number> {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  const low = Number(range.split(/\s+/)[0]);
  // Not Linux: no range to stay out of.
  if (!(low > 1024)) return freePort();
  for (;;) {
    const port = 1024 + Math.floor(Math.random() * (low - 1024));
    if (!BAD_PORTS.has(port) && (await isPortFree(port))) return port;
  }
}
