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
 * A free port for a child process that binds it seconds later: one below the system's ephemeral
 * range. Every listen(0) (freePort's too) and every outgoing connection draws from that range,
 * so none of them can take this port in the meantime; freePort's port could be taken, and the
 * child then exited on "port taken" (tools/start.test.ts saw it under load).
 */
export async function freePortForChild(): Promise<number> {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  const low = Number(range.split(/\s+/)[0]);
  // Not Linux: no range to stay out of.
  if (!(low > 1024)) return freePort();
  for (;;) {
    const port = 1024 + Math.floor(Math.random() * (low - 1024));
    if (await isPortFree(port)) return port;
  }
}
