import { writeFile } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { PREVIEW_FILE } from '../../../scripts/lib/emit-brand.ts';
import { loadBrands } from '../../../scripts/lib/load-brands.ts';
import { PAGE_POLICY, send, useDemo } from './demo-fixtures.ts';
import { LIVE_RELOAD_PATH } from '../../../tools/demo/live-reload.ts';

const demo = useDemo({ perTest: true });

beforeAll(async () => {
  // The preview page as the build leaves it: the brand's policy in its head.
  await writeFile(
    path.join(demo.world.distDir, 'a-dok', PREVIEW_FILE),
    `<!doctype html>
<html lang="de" data-brand="a-dok">
<head>
<meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}">
<title>Vorschau</title>
</head>
<body><div id="login-gateway-preview"></div></body>
</html>
`,
  );
});

/** What a listening page has heard so far; `heard` waits for an event. */
interface Listener {
  status: number;
  type: string | undefined;
  heard(): Promise<string>;
}

const open: ClientRequest[] = [];
afterEach(() => open.splice(0).forEach((listening) => listening.destroy()));

/** Listens as EventSource does, once the answer's headers have come. */
function listen(since: string | undefined): Promise<Listener> {
  const query = since === undefined ? '' : `?${new URLSearchParams({ since })}`;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port: demo.port, path: `${LIVE_RELOAD_PATH}${query}`, agent: false },
      (incoming) => {
        let text = '';
        const waiting: (() => void)[] = [];
        incoming.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: rebuilt')) waiting.splice(0).forEach((wake) => wake());
        });
        resolve({
          status: incoming.statusCode ?? 0,
          type: incoming.headers['content-type'],
          heard: () =>
            text.includes('event: rebuilt')
              ? Promise.resolve(text)
              : new Promise((wake) => waiting.push(() => wake(text))),
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
    open.push(outgoing);
  });
}

/** The state a page was served from, as its live reload script names it. */
function servedState(html: string): string {
  const src = /<script type="module" src="(\/dev\/live-reload\.js\?[^"]+)"><\/script>/.exec(html)?.[1];
  const since = new URL(src?.replaceAll('&amp;', '&') ?? '', 'http://localhost').searchParams.get('since');
  if (!since) throw new Error(`no live reload script in:\n${html}`);
  return since;
}

async function galleryState(): Promise<string> {
  return servedState((await send(demo.port, '/')).body);
}

describe('the gallery and the brand previews follow the rebuilds', () => {
  test('a page hears nothing while nothing is rebuilt, and of a rebuild once it is served', async () => {
    const page = await listen(await galleryState());
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/event-stream');

    demo.setBrands(await loadBrands(path.join(demo.world.root, 'brands')));

    // Events come in order: one before the rebuild's would stand before it.
    expect(await page.heard()).toMatch(/^: listening\n\nevent: rebuilt\ndata: [0-9a-f]+\.1\n\n$/);
  });

  test('a failed rebuild reloads the pages too, so the gallery shows why', async () => {
    const page = await listen(await galleryState());

    demo.showRebuildFailure('Vite could not build');

    await page.heard();
    expect((await send(demo.port, '/')).body).toContain('Der letzte Neubau ist fehlgeschlagen');
  });

  test('a page reloads as soon as it listens when a rebuild finished after it was served', async () => {
    const served = await galleryState();
    demo.setBrands(demo.world);

    expect(await (await listen(served)).heard()).toContain('event: rebuilt');
  });

  test('a page served by an earlier start of the server reloads as soon as it listens', async () => {
    // The browser listens again by itself once a restarted server answers; its count may match.
    const earlier = (await galleryState()).replace(/^[0-9a-f]+/, 'beef0000');

    expect(await (await listen(earlier)).heard()).toContain('event: rebuilt');
  });

  test('a listener without a state is told only of rebuilds to come', async () => {
    const page = await listen(undefined);
    demo.setBrands(demo.world);

    expect(await page.heard()).toMatch(/^: listening\n\nevent: rebuilt\n[^\n]+\n\n$/);
  });

  test("the brand's preview page gets the script, at the end of its head and under its own policy", async () => {
    const state = await galleryState();
    for (const [target, host] of [
      [`/${PREVIEW_FILE}?service=a-dok`, `a-dok.localhost:${demo.port}`],
      [`/a-dok/${PREVIEW_FILE}?service=a-dok`, undefined],
    ] as const) {
      const preview = await send(demo.port, target, { host, headers: { 'accept-encoding': 'br, gzip' } });
      expect(preview.status).toBe(200);
      expect(preview.headers['content-encoding']).toBeUndefined();
      expect(preview.body).toContain(
        `<script type="module" src="/dev/live-reload.js?since=${state}"></script>\n</head>`,
      );
      expect(servedState(preview.body)).toBe(state);
      expect(preview.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self'; /);
    }
  });

  test.each([
    ['a frame of the preview', `/a-dok/${PREVIEW_FILE}?service=a-dok&view=method&scheme=dark`],
    ['the login page', '/a-dok/?service=a-dok'],
  ])('%s does not get it', async (_, target) => {
    const page = await send(demo.port, target);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('live-reload');
  });

  test.each(['/dev/live-reload.js', '/dev/tryout.js'])(
    'serves %s as JavaScript, its types stripped',
    async (target) => {
      const script = await send(demo.port, target);
      expect(script.status).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.headers['cache-control']).toBe('no-store');
      expect(script.body).toMatch(/\bdocument\b/);
      expect(script.body).not.toMatch(/\bimport type\b|: (string|EventSource|HTMLElement)\b/);
    },
  );
});
