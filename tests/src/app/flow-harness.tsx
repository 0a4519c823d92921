import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App, type AppProps } from '../../../src/app/app.tsx';
import type { HandOver } from '../../../src/app/first-view.ts';
import { answer, stubFetch } from '../fetch-stub.ts';
import { methodFlags } from '../../../tools/demo/dev-config.ts';

export const PAGE = 'https://login.example/gateway/';

export const serviceConfig = (overrides: Record<string, unknown> = {}) => ({
  name: 'A-Dok',
  accentColor: '#0b5cad',
  loginKey: 'key-a-dok',
  mwsTargetUrl: 'https://mws.example/api',
  redirectUrl: 'https://a-dok.example/start',
  firebaseConfig: { apiKey: 'demo-key', projectId: 'demo-test', authEmulatorUrl: 'http://127.0.0.1:9099' },
  loginMethods: methodFlags('mail', 'number', 'edp'),
  ...overrides,
});

export const testConfig = {
  services: {
    'a-dok': serviceConfig(),
    'a-ident': serviceConfig({ name: 'A-Ident', accentColor: '#6d28d9', loginKey: 'key-a-ident' }),
    wdpall: serviceConfig({
      name: 'WD Pall',
      accentColor: '#bd8d00',
      loginMethods: methodFlags('mail'),
      redirectUrl: 'https://wdpall.example/start?from=login',
    }),
  },
};

export interface RecordedRequest {
  url: string;
  method: string;
  credentials: RequestCredentials | undefined;
  form: Record<string, string>;
  headers: Headers;
}

type Answer = Response | (() => Response | Promise<Response>) | 'network-error';

/**
 * Stands in for the network: answers by URL path, records every request. Unlisted paths fail
 * like an unreachable server.
 */
export function mockBackend(routes: Record<string, Answer | Answer[]>) {
  const requests: RecordedRequest[] = [];
  const queues = new Map(Object.entries(routes).map(([path, answers]) => [path, [answers].flat()]));
  stubFetch(async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const form = init.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {};
    requests.push({
      url: url.href,
      method: init.method ?? 'GET',
      credentials: init.credentials,
      form,
      headers: new Headers(init.headers),
    });
    const queue = queues.get(url.pathname);
    const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!answer || answer === 'network-error') throw new TypeError('Failed to fetch');
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  return { requests, calls: (path: string) => requests.filter((r) => new URL(r.url).pathname === path) };
}

export const json = (body: unknown, status = 200) => answer(JSON.stringify(body), status);

export const mailSent = () => json({ status: 200, message: 'mail sent' });
export const smsSent = () => json({ code: 200, message: 'SMS gesendet' });
export const verified = (token = 'id-token-123') => json({ status: 'ok', token });
export const wrongCode = () => json({ status: 'error', message: 'wrong code' }, 400);

export const configRoute = '/gateway/api/config';

/**
 * The redirect hosts of the page the tests run on: those of the config's redirectUrls and of the
 * resolver's target in the a-ident tests.
 */
export const PAGE_REDIRECT_HOSTS = ['a-dok.example', 'wdpall.example', 'target.example'];

/** What the page's first script hands the app (first-view.ts) when it has shown nothing. */
export const handedOverNothing: HandOver = {
  chosen: undefined,
  sendCodeShown: undefined,
  redirectHosts: PAGE_REDIRECT_HOSTS,
};

/**
 * Renders the app as main.tsx does, into a root that is hidden until the app shows it: what the
 * app draws before the config confirms the service is there, but not to be seen or used.
 */
export function renderApp(search: string, props: Pick<AppProps, 'bakedBrand' | 'handedOver'> = {}) {
  const navigate = vi.fn<(url: string) => void>();
  const root = document.body.appendChild(document.createElement('div'));
  root.hidden = true;
  const setShown = (shown: boolean) => {
    root.hidden = !shown;
  };
  const view = render(
    <App
      pageUrl={new URL(search, PAGE)}
      navigate={navigate}
      setShown={setShown}
      handedOver={handedOverNothing}
      {...props}
    />,
    {
      container: root,
    },
  );
  return { ...view, navigate };
}
