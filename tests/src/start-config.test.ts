// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { REDIRECT_HOSTS_META } from '../../src/lib/redirect-hosts.ts';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** Runs the page's first script on the page as it stands, and returns what main.tsx hands the app. */
async function runFirstScript() {
  // The config request stays open: what the first script reads of the page is the subject here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
  document.body.innerHTML = '<div id="root" hidden></div>';
  await import('../../src/start-config.ts');
  const { handOver } = await import('../../src/app/first-view.ts');
  return handOver();
}

test("reads the page's redirect hosts once and hands them to the app, with the page's port", async () => {
  document.head.innerHTML = `<meta name="${REDIRECT_HOSTS_META}" content="a-dok.example *.a-dok.example">`;
  const port = new URL(window.location.href).port;
  const handed = await runFirstScript();
  expect(handed.redirectHosts).toEqual(
    port
      ? ['a-dok.example', `a-dok.example:${port}`, '*.a-dok.example', `*.a-dok.example:${port}`]
      : ['a-dok.example', '*.a-dok.example'],
  );
});

test('hands the app no host on a page without the meta: the list fails closed', async () => {
  expect((await runFirstScript()).redirectHosts).toEqual([]);
});
