import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createReferenceBackend, OUTBOX_PATH } from './reference-backend.ts';
import { freePort } from './ports.ts';
import { json, makeDemoWorld, send, type DemoWorld } from './demo-fixtures.ts';

let world: DemoWorld;
let port: number;
let backend: ReturnType<typeof createReferenceBackend>;

beforeAll(async () => {
  world = await makeDemoWorld();
  backend = createReferenceBackend({ brands: world.brands, publicHttpsPort: 443 });
  port = await freePort();
  await new Promise<void>((resolve) => backend.server.listen(port, '127.0.0.1', resolve));
  backend.outbox.push({
    channel: 'mail',
    to: 'a@example.de',
    code: '123456',
    sentAt: '2025-01-06T09:00:00Z',
  });
});
afterAll(async () => {
  backend.server.closeAllConnections();
  await new Promise((resolve) => backend.server.close(resolve));
  await world.remove();
});

describe("the reference backend's outbox", () => {
  test.each(['127.0.0.1:PORT', 'localhost:PORT'])('answers on Host: %s', async (host) => {
    const answer = await send(port, OUTBOX_PATH, { host: host.replace('PORT', String(port)) });
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual(backend.outbox);
  });

  // A DNS-rebinding page reaches the backend's port under its own name; a brand's domain is no
  // local name either, and nginx passes nothing outside /api/ anyway.
  test.each(['evil.example', 'evil.example:PORT', '127.0.0.1.nip.io:PORT', 'login.test-brand.example'])(
    'refuses Host: %s',
    async (host) => {
      const answer = await send(port, OUTBOX_PATH, { host: host.replace('PORT', String(port)) });
      expect(answer.status).toBe(421);
      expect(answer.body).not.toContain('123456');
    },
  );
});
