import { createServer, request as forward, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ObservatoryProxy {
  /** `http://127.0.0.1:<port>`, for the scanner's `http_proxy` and `https_proxy`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The forward proxy the Observatory's scanner goes through (axios honours `http_proxy` and
 * `https_proxy`): it sends the brand domains to this machine, their ports 80 and 443 to the
 * gateway's ports, and refuses every other host. `scan()` always asks the standard ports; the
 * gateway's own ports pass unchanged, because nginx redirects to its public https port. HTTPS goes
 * through as a CONNECT tunnel, so the scanner checks the certificate itself, end to end.
 */
export async function startObservatoryProxy({
  hosts,
  httpPort,
  httpsPort,
}: {
  hosts: readonly string[];
  httpPort: number;
  httpsPort: number;
}): Promise<ObservatoryProxy> {
  const names = new Set(hosts.map((host) => host.toLowerCase()));
  const ports = new Map([
    [80, httpPort],
    [443, httpsPort],
    [httpPort, httpPort],
    [httpsPort, httpsPort],
  ]);
  const route = (host: string, port: number) => (names.has(host.toLowerCase()) ? ports.get(port) : undefined);

  // Plain HTTP arrives in absolute form (`GET http://host/ HTTP/1.1`); HTTPS never does.
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://invalid');
    const port = url.protocol === 'http:' ? route(url.hostname, Number(url.port || 80)) : undefined;
    if (port === undefined) {
      response.writeHead(502).end();
      return;
    }
    const upstream = forward(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: url.pathname + url.search,
        headers: request.headers,
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });

  server.on('connect', (request, client, head) => {
    const { hostname, port: asked } = new URL(`http://${request.url ?? ''}`);
    const port = route(hostname, Number(asked || 443));
    if (port === undefined) {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy()).on('close', () => upstream.destroy());
  });

  // The scanner exits without closing its connections, and a tunnel is no longer the HTTP
  // server's to close: stop ends every socket.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
