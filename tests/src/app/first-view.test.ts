// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import {
  FIRST_VIEW_STATUS_ID,
  firstViewOf,
  firstViewTemplateId,
  handOver,
  startFirstView,
  takeSubmitted,
  type FirstViewPage,
} from '../../../src/app/first-view.ts';
import { serviceConfig } from './flow-harness.tsx';
import { decideStartup } from '../../../src/app/startup.ts';
import { readQuery } from '../../../src/lib/query-rules.ts';
import { METHOD_NAMES } from '../../../src/lib/first-view-messages.ts';
import { LOGIN_METHODS } from '../../../src/types/login-method.ts';
import { methodFlags } from '../../../tools/demo/dev-config.ts';

const config = {
  services: {
    'a-dok': serviceConfig(),
    'a-ident': serviceConfig({ redirectUrl: undefined }),
    wdpall: serviceConfig({ loginMethods: methodFlags('mail', 'edp') }),
  },
};

function page(search: string, overrides: Partial<FirstViewPage> = {}): FirstViewPage {
  const url = new URL(search, 'https://login.example/gateway/');
  const service = url.searchParams.get('service') ?? undefined;
  return { url, brand: service, redirectHosts: ['a-dok.example'], hasProgress: () => false, ...overrides };
}

describe('firstViewOf: what the first script may show before the app runs', () => {
  test.each([
    ['every enabled method of the page’s own service', '?service=a-dok', ['mail', 'number', 'edp']],
    ['only the enabled ones', '?service=wdpall', ['mail', 'edp']],
    ['a-ident with a QR id', '?service=a-ident&qrid=QR-1', ['mail', 'number', 'edp']],
    ['an appid, which the page ignores', '?service=a-dok&appid=7', ['mail', 'number', 'edp']],
  ])('shows view 0 with %s', (_case, search, methods) => {
    expect(firstViewOf(config, page(search))).toEqual({ methods, method: undefined });
  });

  test.each([
    ['mail', '?service=a-dok&method=mail'],
    ['edp', '?service=wdpall&method=edp'],
  ])('shows view 1 of the enabled method %s a parameter names', (method, search) => {
    expect(firstViewOf(config, page(search))).toMatchObject({ method });
  });

  test.each([
    ['no service', '', {}],
    ['a service of two characters', '?service=ab', {}],
    ['an unknown service', '?service=unknown', {}],
    ['an inherited key', '?service=__proto__', {}],
    ['a service that is not the page’s brand', '?service=a-dok', { brand: 'wdpall' }],
    ['a-ident without a QR id', '?service=a-ident', {}],
    ['a-ident with a QR id a payment cannot carry', '?service=a-ident&qrid=QR%201', {}],
    ['a redirect outside the page’s hosts', '?service=a-dok', { redirectHosts: ['other.example'] }],
    ['a page without redirect hosts', '?service=a-dok', { redirectHosts: [] }],
    ['progress to return to', '?service=a-dok', { hasProgress: (scope: string) => scope === 'a-dok' }],
  ])('leaves the page to the app with %s', (_case, search, overrides) => {
    expect(firstViewOf(config, page(search, overrides))).toBeUndefined();
  });

  // Spec §8: an invalid or unsupported method is only logged (by the app), and the page starts on
  // view 0, as without one; a blank page is for an invalid service only (issue 34).
  test.each([
    ['an unknown method parameter', '?service=a-dok&method=sms', ['mail', 'number', 'edp']],
    ['an empty method parameter', '?service=a-dok&method=', ['mail', 'number', 'edp']],
    ['a method parameter the service does not enable', '?service=wdpall&method=number', ['mail', 'edp']],
  ])('shows view 0 with %s', (_case, search, methods) => {
    expect(firstViewOf(config, page(search))).toEqual({ methods, method: undefined });
  });

  test('asks for the progress of the QR id’s own sign-in on a-ident', () => {
    const scopes: string[] = [];
    const hasProgress = (scope: string) => scopes.push(scope) < 0;
    firstViewOf(config, page('?service=a-ident&qrid=QR-1', { hasProgress }));
    expect(scopes).toEqual(['a-ident:QR-1']);
  });

  test.each([
    ['no JSON config', undefined],
    ['services that are a list', { services: [] }],
    ['a service that is no object', { services: { 'a-dok': 'yes' } }],
    [
      'methods that are not flags',
      { services: { 'a-dok': serviceConfig({ loginMethods: { mail: 'true' } }) } },
    ],
    ['a missing method flag', { services: { 'a-dok': serviceConfig({ loginMethods: { mail: true } }) } }],
    ['no redirectUrl', { services: { 'a-dok': serviceConfig({ redirectUrl: undefined }) } }],
    [
      'a plain-http redirectUrl',
      { services: { 'a-dok': serviceConfig({ redirectUrl: 'http://a-dok.example/' }) } },
    ],
  ])('shows nothing with %s', (_case, json) => {
    expect(firstViewOf(json, page('?service=a-dok'))).toBeUndefined();
  });
});

// One start rule (start-rule.ts): for the page's own brand without progress, the first script
// reveals a view exactly when the app, with the full schema, starts the flow there, on the same
// method. The app alone refuses what only the schema sees (a missing name, a bad accent colour).
describe('the first script and the app decide alike', () => {
  const cases: [string, string, Partial<FirstViewPage>][] = [
    ['a-dok', '?service=a-dok', {}],
    ['a method parameter', '?service=wdpall&method=edp', {}],
    ['a disabled method parameter', '?service=wdpall&method=number', {}],
    ['a-ident with a QR id', '?service=a-ident&qrid=QR-1', {}],
    ['a-ident without one', '?service=a-ident', {}],
    ['a QR id a payment cannot carry', '?service=a-ident&qrid=QR%201', {}],
    ['a redirect outside the hosts', '?service=a-dok', { redirectHosts: ['other.example'] }],
    ['no redirect hosts', '?service=a-dok', { redirectHosts: [] }],
    ['an unknown service', '?service=nowhere', {}],
    ['a short service', '?service=ab', {}],
  ];
  test.each(cases)('%s', (_case, search, overrides) => {
    const shown = page(search, overrides);
    const startup = decideStartup(readQuery(shown.url.search), config, shown);
    const view = firstViewOf(config, shown);
    expect(view !== undefined).toBe(startup.ok);
    if (view && startup.ok) expect(view.method).toBe(startup.method);
  });
});

describe('startFirstView: the pre-rendered view 0 before the app runs', () => {
  afterEach(() => {
    handOver();
    takeSubmitted();
    document.body.innerHTML = '';
  });

  function rootElement(): HTMLElement {
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    return root;
  }

  function click(method: string): void {
    document.querySelector<HTMLButtonElement>(`[data-method="${method}"] button`)?.click();
  }

  /** View 0 as the build renders it: every method. */
  function prerenderedRoot() {
    const items = LOGIN_METHODS.map((m) => `<li data-method="${m}"><button>${METHOD_NAMES[m]}</button></li>`);
    document.body.innerHTML = `<div id="root" hidden><ul>${items.join('')}</ul></div>`;
    return rootElement();
  }

  /** The methods of view 0 the visitor sees. */
  function shownMethods(): (string | undefined)[] {
    return [...document.querySelectorAll<HTMLElement>('[data-method]')]
      .filter((item) => !item.hidden)
      .map((item) => item.dataset.method);
  }

  test('reveals it with only the enabled methods once the config confirms it', async () => {
    const root = prerenderedRoot();
    const answered = Promise.resolve(config);
    startFirstView(page('?service=wdpall'), answered);
    expect(root.hidden).toBe(true);
    await answered;
    await Promise.resolve();
    expect(root.hidden).toBe(false);
    expect(shownMethods()).toEqual(['mail', 'edp']);
  });

  test.each([
    ['a config it refuses', () => Promise.resolve({ services: {} })],
    ['a config that failed', () => Promise.reject(new Error('offline'))],
  ])('keeps it hidden with %s', async (_case, answer) => {
    const root = prerenderedRoot();
    const answered = answer();
    startFirstView(page('?service=a-dok'), answered);
    await answered.catch(() => undefined);
    await Promise.resolve();
    expect(root.hidden).toBe(true);
    expect(shownMethods()).toEqual([...LOGIN_METHODS]);
  });

  test('holds the method chosen before the app runs, and hands it over once', () => {
    prerenderedRoot();
    startFirstView(page('?service=a-dok'), new Promise(() => undefined));
    click('edp');
    expect(handOver().chosen).toBe('edp');
    expect(handOver().chosen).toBeUndefined();
  });

  test("hands the app the page's redirect hosts once, also on a page with nothing pre-rendered", () => {
    document.body.innerHTML = '<div id="root" hidden></div>';
    startFirstView(
      page('?service=a-dok', { redirectHosts: ['a-dok.example', '*.a-dok.example'] }),
      new Promise(() => undefined),
    );
    expect(handOver().redirectHosts).toEqual(['a-dok.example', '*.a-dok.example']);
    expect(handOver().redirectHosts).toEqual([]);
  });

  test('leaves everything to the app once it has taken over', async () => {
    const root = prerenderedRoot();
    const answered = Promise.resolve(config);
    startFirstView(page('?service=a-dok'), answered);
    expect(handOver()).toEqual({
      chosen: undefined,
      sendCodeShown: undefined,
      redirectHosts: ['a-dok.example'],
    });
    click('mail');
    await answered;
    await Promise.resolve();
    expect(handOver().chosen).toBeUndefined();
    expect(root.hidden).toBe(true);
  });

  test('swaps in view 1 of the method parameter, focuses its field and keeps its form from sending itself', async () => {
    const root = prerenderedRoot();
    document.body.insertAdjacentHTML(
      'beforeend',
      `<template id="${firstViewTemplateId('edp')}"><form><input id="login-value" autofocus></form></template>`,
    );
    const answered = Promise.resolve(config);
    startFirstView(page('?service=a-dok&method=edp'), answered);
    await answered;
    await Promise.resolve();
    expect(root.hidden).toBe(false);
    expect(root.querySelector('[data-method]')).toBeNull();
    expect(document.activeElement).toBe(root.querySelector('#login-value'));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(handOver()).toEqual({ chosen: undefined, sendCodeShown: 'edp', redirectHosts: ['a-dok.example'] });
    expect(takeSubmitted()).toBe(true);
    expect(takeSubmitted()).toBe(false);
  });

  // An Enter before the flow has taken view 1 over is sent once it has (hydration.test.tsx);
  // meanwhile the page shows and says at once that it is on its way.
  test('shows a submit on view 1 before the flow takes over as busy at once, until the flow takes it', async () => {
    const root = prerenderedRoot();
    document.body.insertAdjacentHTML(
      'beforeend',
      `<template id="${firstViewTemplateId('mail')}"><form><input id="login-value"><button type="submit">Anmelden</button></form></template>` +
        // As the build writes it beside the root (bake-html.ts): the text comes with the page.
        `<p id="${FIRST_VIEW_STATUS_ID}" class="visually-hidden" role="status" data-busy="Bitte warten"></p>`,
    );
    const status = document.getElementById(FIRST_VIEW_STATUS_ID);
    const answered = Promise.resolve(config);
    startFirstView(page('?service=a-dok&method=mail'), answered);
    await answered;
    await Promise.resolve();
    expect(document.documentElement).not.toHaveAttribute('data-sending');
    expect(status).toHaveTextContent('');

    root.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(document.documentElement).toHaveAttribute('data-sending');
    expect(status).toHaveTextContent('Bitte warten');

    expect(takeSubmitted()).toBe(true);
    expect(document.documentElement).not.toHaveAttribute('data-sending');
    expect(status).toHaveTextContent('');
  });

  test('does nothing on a page without a pre-rendered view (development)', async () => {
    document.body.innerHTML = '<div id="root" hidden></div>';
    const answered = Promise.resolve(config);
    startFirstView(page('?service=a-dok'), answered);
    await answered;
    await Promise.resolve();
    expect(rootElement().hidden).toBe(true);
  });
});
