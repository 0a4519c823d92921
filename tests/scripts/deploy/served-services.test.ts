import { rm } from 'node:fs/promises';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listenTarget, servedServiceProblems } from '../../../scripts/deploy/served-services.ts';
import { makeTempDir } from '../brand-fixtures.ts';
import { configOf, startConfigServer, type ConfigAnswer } from './config-server.ts';

// After a switch the deploy asks each brand domain for its api/config, through the host's own
// HTTPS listener: here a server with a throwaway CA's certificate per domain, whose answer each
// test sets.

const A_DOK = { service: 'a-dok', domains: ['login.a-dok.example'] };
const WD_BANK = { service: 'wd-bank', domains: ['login.wd-bank.example', 'anmeldung.wd-bank.example'] };

let dir: string;
let server: Awaited<ReturnType<typeof startConfigServer>>;

beforeAll(async () => {
  dir = await makeTempDir('served-services-');
  server = await startConfigServer(dir, [A_DOK, WD_BANK]);
}, 60_000);

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const answer = (next: ConfigAnswer) => server.answer(next);
const probe = () => ({ connect: { host: '127.0.0.1', port: server.port }, ca: server.certificates.caPem });

describe('after a switch, each brand domain', () => {
  test('that answers for its brand is fine', async () => {
    answer(() => ({ status: 200, body: configOf('a-dok', 'wd-bank') }));
    expect(await servedServiceProblems([A_DOK, WD_BANK], probe())).toEqual([]);
  });

  test('that cannot be read at once (nginx’s workers still reloading) is asked again; an answer is not', async () => {
    answer(() => ({ status: 200, body: configOf('a-dok') }));
    const ca = server.certificates.caPem;
    // In front of the server: the first two connections are dropped, as by a listener not ready.
    async function droppingTwice(attempts: number) {
      let dropped = 0;
      const open = new Set<Socket>();
      const front = createNetServer((socket) => {
        open.add(socket);
        if (dropped < 2) {
          dropped += 1;
          socket.destroy();
          return;
        }
        const back = connect(server.port, '127.0.0.1');
        socket.pipe(back).pipe(socket);
        back.on('error', () => socket.destroy());
      });
      await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
      const { port } = front.address() as AddressInfo;
      try {
        const connectTo = { host: '127.0.0.1', port };
        return await servedServiceProblems([A_DOK], { connect: connectTo, ca, attempts, retryMs: 10 });
      } finally {
        for (const socket of open) socket.destroy();
        await new Promise((resolve) => front.close(resolve));
      }
    }
    expect(await droppingTwice(3)).toEqual([]);
    expect(await droppingTwice(2)).toEqual([expect.stringMatching(/could not be read/)]);

    let asked = 0;
    answer(() => {
      asked += 1;
      return { status: 502, body: '' };
    });
    expect(await servedServiceProblems([A_DOK], { ...probe(), attempts: 5, retryMs: 10 })).toEqual([
      expect.stringMatching(/answered 502/),
    ]);
    expect(asked).toBe(1);
  });

  test('whose config names the service under another key is named, each domain, with the nearest key', async () => {
    answer(() => ({ status: 200, body: configOf('a-dok', 'wdbank') }));
    expect(await servedServiceProblems([A_DOK, WD_BANK], probe())).toEqual(
      WD_BANK.domains.map(
        (domain) =>
          `https://${domain}/api/config: names no service "wd-bank" (the nearest is "wdbank"), so the page there shows nothing. The folder name brands/wd-bank/ is the service key: ask the backend's operator to add "wd-bank" under services, or rename the folder to the key the backend uses and deploy again`,
      ),
    );
  });

  test('is asked for by its own name: one domain answering for another brand is found', async () => {
    answer((host) => ({
      status: 200,
      body: host.startsWith('anmeldung.') ? configOf('a-dok') : configOf('wd-bank'),
    }));
    expect(await servedServiceProblems([WD_BANK], probe())).toEqual([
      expect.stringMatching(
        /^https:\/\/anmeldung\.wd-bank\.example\/api\/config: names no service "wd-bank"/,
      ),
    ]);
  });

  test("of a-ident, whose resolver takes a phone sign-in's token by its Firebase project, is named when it shares that project", async () => {
    // On a-dok's domain, whose certificate the stand-in holds.
    const A_IDENT = { service: 'a-ident', domains: ['login.a-dok.example'] };
    const config = (project: string) =>
      JSON.stringify({
        services: {
          'a-ident': { firebaseConfig: { projectId: 'a-ident-login' } },
          'a-dok': { firebaseConfig: { projectId: project } },
          'wd-bank': { firebaseConfig: { projectId: project } },
        },
      });
    answer(() => ({ status: 200, body: config('a-ident-login') }));
    expect(await servedServiceProblems([A_IDENT], probe())).toEqual([
      `https://login.a-dok.example/api/config: a-ident shares the Firebase project "a-ident-login" with a-dok, wd-bank, so a phone sign-in on their pages passes a-ident's resolver; give a-ident a Firebase project of its own`,
    ]);
    answer(() => ({ status: 200, body: config('wd-login') }));
    expect(await servedServiceProblems([A_IDENT], probe())).toEqual([]);
  });

  test.each([
    [
      'a 502 of a backend that is down',
      { status: 502, body: '' },
      /: answered 502, so the page of a-dok shows nothing/,
    ],
    ['an answer that is not JSON', { status: 200, body: '<html>' }, /: is not a config with "services"/],
    ['JSON without services', { status: 200, body: '{"service":{}}' }, /: is not a config with "services"/],
  ])('with %s is named', async (_, reply, expected) => {
    answer(() => reply);
    expect(await servedServiceProblems([A_DOK], probe())).toEqual([expect.stringMatching(expected)]);
  });

  test('whose certificate this host does not trust is not read', async () => {
    answer(() => ({ status: 200, body: configOf('a-dok') }));
    const [problem] = await servedServiceProblems([A_DOK], {
      connect: { host: '127.0.0.1', port: server.port },
    });
    expect(problem).toMatch(
      /^https:\/\/login\.a-dok\.example\/api\/config: could not be read \(.*certificate/,
    );
  });

  test('that no server answers is named as unread', async () => {
    const [problem] = await servedServiceProblems([A_DOK], { connect: { host: '127.0.0.1', port: 1 } });
    expect(problem).toMatch(
      /could not be read \(.*ECONNREFUSED.*\), so whether it answers for "a-dok" is unknown/,
    );
  });
});

describe("the host's HTTPS listener, from nginx's listen address", () => {
  test.each([
    ['443', { host: '127.0.0.1', port: 443 }],
    ['*:8443', { host: '127.0.0.1', port: 8443 }],
    ['0.0.0.0:443', { host: '127.0.0.1', port: 443 }],
    ['10.0.0.5:443', { host: '10.0.0.5', port: 443 }],
    ['[::]:443', { host: '::1', port: 443 }],
    ['[2001:db8::1]:8443', { host: '2001:db8::1', port: 8443 }],
    ['gateway.internal:443', { host: 'gateway.internal', port: 443 }],
  ])('%s is reached at %o', (listen, target) => {
    expect(listenTarget(listen)).toEqual(target);
  });
});
