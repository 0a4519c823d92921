// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { prerenderFirstViews } from '../../../scripts/lib/prerender.ts';
import { App } from '../../../src/app/app.tsx';
import { handOver, startFirstView, type HandOver } from '../../../src/app/first-view.ts';
import { loadPendingSendCode } from '../../../src/app/lazy-steps.ts';
import type { Brand } from '../../../src/features/branding/brand.ts';
import { loadBrand } from '../../../src/features/branding/load-brand.ts';
import {
  configRoute,
  handedOverNothing,
  json,
  mailSent,
  mockBackend,
  PAGE,
  PAGE_REDIRECT_HOSTS,
  testConfig,
} from './flow-harness.tsx';
import { EVERY_METHOD, methodFlags } from '../../../tools/demo/dev-config.ts';
import { SPEC_TEXTS } from '../../spec-texts.ts';

// The build bakes prerenderFirstViews' markup into each brand's page; main.tsx hydrates it with
// the app. Both must draw the same page, or React throws the markup away (and says so).

let brand: Brand;
let root: HTMLElement;
let hydrated: Root | undefined;
const consoleError = vi.fn();

beforeEach(async () => {
  const loaded = await loadBrand('a-dok');
  if (!loaded) throw new Error('no brand a-dok');
  brand = loaded;
  document.documentElement.dataset.brand = 'a-dok';
  root = document.body.appendChild(document.createElement('div'));
  root.hidden = true;
  root.innerHTML = prerenderFirstViews(brand).methodChoice;
  vi.spyOn(console, 'error').mockImplementation(consoleError);
});
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  root.remove();
  cleanup();
  consoleError.mockReset();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function hydrate(search: string, handedOver: Partial<HandOver> = {}) {
  const recoverable: unknown[] = [];
  const app = (
    <App
      pageUrl={new URL(search, PAGE)}
      navigate={() => undefined}
      bakedBrand={brand}
      handedOver={{ ...handedOverNothing, ...handedOver }}
      setShown={(shown) => {
        root.hidden = !shown;
      }}
    />
  );
  act(() => {
    hydrated = hydrateRoot(root, app, { onRecoverableError: (error) => recoverable.push(error) });
  });
  return recoverable;
}

describe('the pre-rendered page', () => {
  test("is the app's first render, for the page's own brand", () => {
    const app = (
      <App pageUrl={new URL('?service=a-dok', PAGE)} navigate={() => undefined} bakedBrand={brand} />
    );
    expect(renderToString(app)).toBe(prerenderFirstViews(brand).methodChoice);
    expect(prerenderFirstViews(brand).methodChoice).toContain(SPEC_TEXTS.chooseMethod);
  });

  test('hydrates without a mismatch, and the buttons the visitor may hold stay the same elements', async () => {
    // Every method enabled: the app then keeps every button the build rendered.
    const config = structuredClone(testConfig);
    config.services['a-dok'].loginMethods = EVERY_METHOD;
    mockBackend({ [configRoute]: json(config) });
    const buttons = [...root.querySelectorAll('button')];
    const recoverable = hydrate('?service=a-dok');
    await waitFor(() => expect(root.hidden).toBe(false));
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect([...root.querySelectorAll('button')]).toEqual(buttons);
  });

  test('keeps only the enabled methods once the app has the config', async () => {
    const config = structuredClone(testConfig);
    config.services['a-dok'].loginMethods = methodFlags('number', 'edp');
    mockBackend({ [configRoute]: json(config) });
    hydrate('?service=a-dok');
    await waitFor(() => expect(root.hidden).toBe(false));
    expect([...root.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Telefonnummer',
      'EDP-Kennung',
    ]);
  });

  test('opens view 1 of a method the visitor chose before the app ran', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    hydrate('?service=a-dok', { chosen: 'edp', sendCodeShown: undefined });
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Mit EDP-Kennung anmelden'));
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('hides again and says why when the app refuses what the first script let show', async () => {
    const config = structuredClone(testConfig);
    config.services['a-dok'].mwsTargetUrl = 'not a url';
    mockBackend({ [configRoute]: json(config) });
    root.hidden = false;
    hydrate('?service=a-dok');
    await waitFor(() => expect(root.hidden).toBe(true));
    expect(root).toBeEmptyDOMElement();
    expect(consoleError).toHaveBeenCalledWith('Service "a-dok" is misconfigured');
  });

  test.each(['mail', 'number', 'edp'] as const)(
    'of view 1 for method=%s hydrates as the app the first script handed it to draws it',
    async (method) => {
      root.innerHTML = prerenderFirstViews(brand).sendCode[method];
      const form = root.querySelector('form');
      // The config has not answered yet: the app draws what the first script handed it.
      mockBackend({ [configRoute]: () => new Promise<Response>(() => undefined) });
      const recoverable = hydrate(`?service=a-dok&method=${method}`, {
        chosen: undefined,
        sendCodeShown: method,
      });
      await loadPendingSendCode();
      // React hydrates the boundary in a task of its own once the chunk is in.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(recoverable).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      expect(root.querySelector('form')).toBe(form);
      expect(form).toHaveAccessibleName(
        ['Mit E-Mail-Adresse anmelden', 'Mit Telefonnummer anmelden', 'Mit EDP-Kennung anmelden'][
          ['mail', 'number', 'edp'].indexOf(method)
        ],
      );
    },
  );

  test('of view 1 hands what the visitor typed before the app took over to the flow', async () => {
    const markup = prerenderFirstViews(brand).sendCode.mail;
    root.innerHTML = markup;
    root.hidden = false;
    const input = root.querySelector<HTMLInputElement>('#login-value');
    if (!input) throw new Error('no input in view 1');
    input.value = 'besucher@example.de';
    mockBackend({ [configRoute]: json(testConfig) });
    hydrate('?service=a-dok&method=mail', { chosen: undefined, sendCodeShown: 'mail' });
    await waitFor(() => expect(root.querySelector('button[type="submit"]')).toBeEnabled());
    await waitFor(() => expect(root.querySelector('#login-value')).not.toBe(input));
    expect(root.querySelector('#login-value')).toHaveValue('besucher@example.de');
    // Nothing was sent: no progress, only view 1's draft, which keeps the value over a reload.
    expect(sessionStorage.getItem('login-gateway:progress:a-dok')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('login-gateway:draft:a-dok') ?? 'null')).toMatchObject({
      method: 'mail',
      loginValue: 'besucher@example.de',
    });
  });

  test('of view 1 sends the form the visitor sent before the flow took over, once it has', async () => {
    root.innerHTML = prerenderFirstViews(brand).sendCode.mail;
    root.id = 'root';
    // The first script, with a config that has not answered: it notes the submit.
    startFirstView(
      {
        url: new URL('?service=a-dok&method=mail', PAGE),
        brand: 'a-dok',
        redirectHosts: PAGE_REDIRECT_HOSTS,
        hasProgress: () => false,
      },
      new Promise(() => undefined),
    );
    const input = root.querySelector<HTMLInputElement>('#login-value');
    if (!input) throw new Error('no input in view 1');
    input.value = 'besucher@example.de';
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    input.form?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    const backend = mockBackend({ [configRoute]: json(testConfig), '/api/users/auth/mail': mailSent() });
    // The first script had swapped in view 1 for the method parameter; main.tsx ends its part.
    handOver();
    hydrate('?service=a-dok&method=mail', { chosen: undefined, sendCodeShown: 'mail' });
    await waitFor(() => expect(backend.calls('/api/users/auth/mail')).toHaveLength(1));
    expect(backend.calls('/api/users/auth/mail')[0]?.form).toMatchObject({ email: 'besucher@example.de' });
  });
});
