import { afterAll, beforeAll, expect, test } from 'vitest';
import { createReferenceBackend, OUTBOX_PATH } from './reference-backend.ts';
import { freePort } from './ports.ts';
import { close, json, listen, makeDemoWorld, send, type DemoWorld } from './demo-fixtures.ts';

let world: DemoWorld;
let port: number;
let backend: ReturnType<typeof createReferenceBackend>;

beforeAll(async () => {
  world = await makeDemoWorld();
  backend = createReferenceBackend({ brands: world.brands, publicHttpsPort: 443 });
  port = await freePort();
  await listen(backend.server, port);
  backend.outbox.push({
    channel: 'mail',
    to: 'a@example.de',
    code: '123456',
    sentAt: '2025-01-06T09:00:00Z',
  });
});
afterAll(async () => {
  await close(backend.server);
  await world.remove();
});

// A DNS-rebinding page reaches the backend's port under its own name; a brand's domain is no
// local name either, and nginx passes nothing outside /api/ anyway.
test.each([
  ['127.0.0.1:PORT', 200],
  ['localhost:PORT', 200],
  ['evil.example', 421],
  ['evil.example:PORT', 421],
  ['127.0.0.1.nip.io:PORT', 421],
  ['login.test-brand.example', 421],
])("the reference backend's outbox on Host: %s answers %i", async (host, status) => {
  const answer = await send(port, OUTBOX_PATH, { host: host.replace('PORT', String(port)) });
  expect(answer.status).toBe(status);
  if (status === 200) expect(json(answer)).toEqual(backend.outbox);
  else expect(answer.body).not.toContain('123456');
});
