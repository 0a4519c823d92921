import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { renderFirebaseJson } from '../../../scripts/lib/firebase-hosting.ts';
import { hostHeaders, type PathKind } from '../../../scripts/lib/host-headers.ts';
import { RELEASE_HEADER } from '../../../scripts/lib/release-manifest.ts';
import { validSvg } from '../../scripts/brand-fixtures.ts';
import { committedSettings, TEST_RELEASE } from '../../scripts/committed-settings.ts';
import { hostingHeadersFor } from '../../scripts/hosting-headers.ts';
import {
  makeDemoWorld,
  PAGE_POLICY,
  send,
  startDemo,
  type DemoWorld,
  type RunningDemo,
} from './demo-fixtures.ts';

const SERVICE = 'a-dok';

/**
 * What the demo leaves out of the release hosts' headers (static-files.ts says why): HSTS and the
 * release's name always, and on a page the release's policy, which the demo build's own replaces.
 */
const NOT_IN_THE_DEMO = ['strict-transport-security', RELEASE_HEADER.toLowerCase()];
const NOT_ON_A_DEMO_PAGE = [
  'content-security-policy',
  'content-security-policy-report-only',
  'reporting-endpoints',
];

/** One file of each kind of path, as the build writes them and nginx (host-headers.ts) classifies them. */
const PATHS: [pathname: string, kind: PathKind, svg: boolean][] = [
  ['/', 'page', false],
  ['/index.html', 'page', false],
  ['/assets/app-abc12345.js', 'asset', false],
  ['/assets/logo-abc12345.svg', 'asset', true],
  ['/favicon.svg', 'file', true],
  ['/favicon.ico', 'file', false],
  ['/manifest.webmanifest', 'file', false],
  // nginx has no such file (a 404), Firebase serves it with the headers of every path.
  ['/stray.json', 'none', false],
];

let world: DemoWorld;
let demo: RunningDemo;
let site: ReturnType<typeof renderFirebaseJson>['hosting'][number] | undefined;

beforeAll(async () => {
  world = await makeDemoWorld();
  const dir = path.join(world.distDir, SERVICE);
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'assets', 'logo-abc12345.svg'), validSvg);
  await writeFile(path.join(dir, 'favicon.ico'), 'icon');
  await writeFile(path.join(dir, 'manifest.webmanifest'), '{}');
  await writeFile(path.join(dir, 'stray.json'), '{}');
  demo = await startDemo(world);
  site = renderFirebaseJson(world.brands, committedSettings.firebase, TEST_RELEASE).hosting.find(
    ({ target }) => target === SERVICE,
  );
});
afterAll(async () => {
  await demo.stop();
  await world.remove();
});

function lowerCaseNames(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function withoutDemoDifferences(headers: Record<string, string>, kind: PathKind): Record<string, string> {
  const left = [...NOT_IN_THE_DEMO, ...(kind === 'page' ? NOT_ON_A_DEMO_PAGE : [])];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !left.includes(name)));
}

describe('the demo sends the release hosts’ headers', () => {
  test.each(PATHS)('for %s (%s) as firebase.json and nginx do', async (pathname, kind, svg) => {
    const answer = await send(demo.port, `/${SERVICE}${pathname}`);
    expect(answer.status).toBe(200);
    if (!site) throw new Error(`no Hosting site for ${SERVICE}`);
    const firebase = withoutDemoDifferences(lowerCaseNames(hostingHeadersFor(site, pathname)), kind);
    const nginx = withoutDemoDifferences(lowerCaseNames(hostHeaders(SERVICE, kind, { svg })), kind);
    expect(firebase).toEqual(nginx);
    expect(answer.headers).toMatchObject(nginx);
    for (const name of NOT_IN_THE_DEMO) expect(answer.headers).not.toHaveProperty(name);
  });

  test.each([
    ['GET', '/api/config', 200],
    // The resolver's answer to a form without its fields: the backend's error, as the hosts pass it on.
    ['POST', '/api/resolver', 400],
  ] as const)(
    'for the backend answer %s %s as firebase.json and nginx add to it',
    async (method, pathname, status) => {
      const answer = await send(demo.port, `/${SERVICE}${pathname}`, {
        method,
        ...(method === 'POST' && {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        }),
      });
      expect(answer.status).toBe(status);
      if (!site) throw new Error(`no Hosting site for ${SERVICE}`);
      const firebase = withoutDemoDifferences(lowerCaseNames(hostingHeadersFor(site, pathname)), 'api');
      const nginx = withoutDemoDifferences(lowerCaseNames(hostHeaders(SERVICE, 'api')), 'api');
      expect(firebase).toEqual(nginx);
      expect(answer.headers).toMatchObject(nginx);
      for (const name of NOT_IN_THE_DEMO) expect(answer.headers).not.toHaveProperty(name);
    },
  );

  test('for the demo’s own answers, which no host serves: the release’s headers of their kind', async () => {
    const cases = [
      ['/dev/outbox', 'api', 200],
      ['/no-such-path', 'none', 404],
      [`/${SERVICE}`, 'none', 301],
    ] as const;
    for (const [pathname, kind, status] of cases) {
      const answer = await send(demo.port, pathname);
      expect(answer.status, pathname).toBe(status);
      const release = lowerCaseNames(hostHeaders('', kind));
      expect(answer.headers, pathname).toMatchObject(withoutDemoDifferences(release, kind));
    }
  });

  test('for a path of a brand that holds no file: a 404 with the headers nginx sends it', async () => {
    const answer = await send(demo.port, `/${SERVICE}/no-such-file.js`);
    expect(answer.status).toBe(404);
    expect(answer.headers).toMatchObject(
      withoutDemoDifferences(lowerCaseNames(hostHeaders(SERVICE, 'none')), 'none'),
    );
    for (const name of NOT_IN_THE_DEMO) expect(answer.headers).not.toHaveProperty(name);
  });

  test("gives a page the demo build's own policy, framed as the release's", async () => {
    const answer = await send(demo.port, `/${SERVICE}/`);
    const release = lowerCaseNames(hostHeaders(SERVICE, 'page'))['content-security-policy'] ?? '';
    expect(release).toMatch(/; frame-ancestors 'none'$/);
    expect(answer.headers['content-security-policy']).toBe(`${PAGE_POLICY}; frame-ancestors 'none'`);
    // The demo build enforces Trusted Types in its <meta>: no Report-Only copy of them.
    expect(answer.headers).not.toHaveProperty('content-security-policy-report-only');
  });
});
