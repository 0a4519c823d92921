// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { prerenderFirstView } from '../../../scripts/lib/prerender.ts';
import { App } from '../../../src/app/app.tsx';
import type { Brand } from '../../../src/features/branding/brand.ts';
import { loadBrand } from '../../../src/features/branding/load-brand.ts';
import { configRoute, json, mockBackend, PAGE, testConfig } from './flow-harness.tsx';

// The build bakes prerenderFirstView's markup into each brand's page; main.tsx hydrates it with
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
  root.innerHTML = prerenderFirstView(brand);
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

function hydrate(search: string, heldMethod?: 'mail' | 'number' | 'edp') {
  const recoverable: unknown[] = [];
  const app = (
    <App
      pageUrl={new URL(search, PAGE)}
      navigate={() => undefined}
      bakedBrand={brand}
      heldMethod={heldMethod}
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
    expect(renderToString(app)).toBe(prerenderFirstView(brand));
    expect(prerenderFirstView(brand)).toContain('Anmeldemethode wählen');
  });

  test('hydrates without a mismatch, and the buttons the visitor may hold stay the same elements', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    const buttons = [...root.querySelectorAll('button')];
    const recoverable = hydrate('?service=a-dok');
    await waitFor(() => expect(root.hidden).toBe(false));
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect([...root.querySelectorAll('button')]).toEqual(buttons);
  });

  test('keeps only the enabled methods once the app has the config', async () => {
    const config = structuredClone(testConfig);
    config.services['a-dok'].loginMethods = { mail: false, number: true, edp: true };
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
    hydrate('?service=a-dok', 'edp');
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
});
