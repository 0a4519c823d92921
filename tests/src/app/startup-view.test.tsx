// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { REDIRECT_HOSTS_META } from '../../../src/lib/redirect-hosts.ts';
import {
  configRoute,
  handedOverNothing,
  json,
  mockBackend,
  PAGE_REDIRECT_HOSTS,
  renderApp,
  testConfig,
} from './flow-harness.tsx';
import { SPEC_TEXTS } from '../../spec-texts.ts';

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  document.documentElement.dataset.brand = 'a-dok';
  document.documentElement.removeAttribute('style');
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function expectNothingShown(container: HTMLElement) {
  // Together: the console message comes in the task that renders, the empty page a render later.
  await waitFor(() => {
    expect(consoleError).toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });
  expect(container).not.toBeVisible();
}

describe('starting the page', () => {
  test('fetches the config relative to the page, with same-origin credentials like the preload', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig) });
    renderApp('?service=a-dok');
    expect(await screen.findByRole('heading', { name: SPEC_TEXTS.chooseMethod })).toBeInTheDocument();
    expect(backend.requests[0]).toMatchObject({
      url: 'https://login.example/gateway/api/config',
      method: 'GET',
      credentials: 'same-origin',
    });
  });

  test.each([
    ['no service', ''],
    ['an empty service', '?service='],
    ['a service of two characters', '?service=ab'],
  ])('shows nothing and asks for no config with %s', async (_case, search) => {
    const backend = mockBackend({ [configRoute]: json(testConfig) });
    const { container } = renderApp(search);
    await expectNothingShown(container);
    expect(backend.requests).toEqual([]);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Invalid service parameter'));
  });

  test.each(['unknown', '__proto__', 'constructor', 'toString', '../../', '<script>'])(
    'shows nothing for the service %j, only a console message',
    async (service) => {
      mockBackend({ [configRoute]: json(testConfig) });
      const { container } = renderApp(`?service=${encodeURIComponent(service)}`);
      await expectNothingShown(container);
    },
  );

  test.each([
    ['an unreachable config', 'network-error' as const],
    ['a config that is HTML', new Response('<html>', { status: 200 })],
    ['a config without services', json({ service: {} })],
    ['a server error', json({}, 500)],
  ])('shows nothing with %s', async (_case, answer) => {
    mockBackend({ [configRoute]: answer });
    const { container } = renderApp('?service=a-dok');
    await expectNothingShown(container);
  });

  test('shows nothing for a-ident without a qrid', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    const { container } = renderApp('?service=a-ident');
    await expectNothingShown(container);
    expect(consoleError).toHaveBeenCalledWith('Service a-ident needs a qrid parameter');
  });

  test('shows nothing for a-ident on the page of a brand that cannot take its payment', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    const { container } = renderApp('?service=a-ident&qrid=QR-1');
    await expectNothingShown(container);
    expect(consoleError).toHaveBeenCalledWith(
      "Service a-ident can end in a payment, which the page of a-dok does not allow: open a-ident's own page",
    );
  });

  test("shows nothing for a service whose redirectUrl the first script's list does not hold", async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    const { container } = renderApp('?service=wdpall', {
      handedOver: { ...handedOverNothing, redirectHosts: ['a-dok.example'] },
    });
    await expectNothingShown(container);
    expect(consoleError).toHaveBeenCalledWith(
      "Service wdpall redirects to wdpall.example, which is not one of this page's redirect hosts",
    );
  });

  // The page's first script reads the meta, once (start-config.ts): the app does not read it
  // again, so a page whose first script handed over no list allows no host, whatever the DOM says.
  test.each([
    ['without what the first script hands over', undefined],
    ['with an empty list from the first script', { ...handedOverNothing, redirectHosts: [] }],
  ])('shows nothing %s, though the page carries a meta that lists the host', async (_case, handedOver) => {
    const meta = document.head.appendChild(document.createElement('meta'));
    meta.name = REDIRECT_HOSTS_META;
    meta.content = PAGE_REDIRECT_HOSTS.join(' ');
    try {
      mockBackend({ [configRoute]: json(testConfig) });
      const { container } = renderApp('?service=a-dok', { handedOver });
      await expectNothingShown(container);
      expect(consoleError).toHaveBeenCalledWith(
        "Service a-dok redirects to a-dok.example, which is not one of this page's redirect hosts",
      );
    } finally {
      meta.remove();
    }
  });

  test('starts in view 1 when the method parameter is valid and enabled', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    renderApp('?service=a-dok&method=edp&appid=ignored');
    expect(await screen.findByRole('heading', { name: 'Mit EDP-Kennung anmelden' })).toBeInTheDocument();
  });

  // Spec §2 and §8: the method is optional, and an invalid or unsupported one is only logged; a
  // blank page is for an invalid service only (issue 34).
  test.each([
    [
      'an unknown method',
      'a-dok',
      'sms',
      ['E-Mail-Adresse', 'Telefonnummer', 'EDP-Kennung'],
      'Invalid method parameter "sms": starting with the choice of method',
    ],
    [
      'a disabled method',
      'wdpall',
      'number',
      ['E-Mail-Adresse'],
      'Method number is not enabled for service wdpall: starting with the choice of method',
    ],
  ])(
    'starts on view 0 with %s, and says why in the console (spec §8)',
    async (_case, service, method, methods, logged) => {
      mockBackend({ [configRoute]: json(testConfig) });
      const { container } = renderApp(`?service=${service}&method=${method}`);
      expect(await screen.findByRole('heading', { name: SPEC_TEXTS.chooseMethod })).toBeInTheDocument();
      expect(container).toBeVisible();
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(methods);
      expect(consoleError).toHaveBeenCalledWith(logged);
    },
  );
});

describe('view 0', () => {
  test('lists the enabled methods in the spec order, with the footer links', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    renderApp('?service=a-dok');
    await screen.findByRole('heading', { name: SPEC_TEXTS.chooseMethod });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['E-Mail-Adresse', 'Telefonnummer', 'EDP-Kennung']);
    expect(screen.getByRole('link', { name: SPEC_TEXTS.imprint })).toHaveAttribute(
      'href',
      'https://www.a-dok.example/impressum',
    );
    expect(screen.getByRole('link', { name: SPEC_TEXTS.privacy })).toHaveAttribute(
      'href',
      'https://www.a-dok.example/datenschutz',
    );
  });

  test('offers only what the service enables', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    renderApp('?service=wdpall');
    await screen.findByRole('heading', { name: SPEC_TEXTS.chooseMethod });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['E-Mail-Adresse']);
  });

  test.each([
    ['E-Mail-Adresse', { type: 'email', autocomplete: 'email', inputmode: 'email' }],
    ['Telefonnummer', { type: 'tel', autocomplete: 'tel-national', inputmode: 'tel' }],
    ['EDP-Kennung', { type: 'text', autocomplete: 'username', inputmode: 'text' }],
  ])('choosing %s opens view 1 with the input that fits it', async (label, attributes) => {
    mockBackend({ [configRoute]: json(testConfig) });
    renderApp('?service=a-dok');
    await userEvent.click(await screen.findByRole('button', { name: label }));
    const input = screen.getByLabelText(label);
    for (const [name, value] of Object.entries(attributes)) expect(input).toHaveAttribute(name, value);
    expect(input).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: SPEC_TEXTS.otherMethod }));
    // Keyboard focus is not dropped on the page: it moves to the view that came back.
    expect(screen.getByRole('heading', { name: SPEC_TEXTS.chooseMethod })).toHaveFocus();
  });

  test('the phone method has a country prefix field, +49 by default', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    renderApp('?service=a-dok&method=number');
    expect(await screen.findByLabelText('Ländervorwahl')).toHaveValue('+49');
  });
});

describe('following the chosen service', () => {
  test('a service other than the baked brand brings its own title, favicon, colors and logo', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    document.head.innerHTML =
      '<title>A-Dok – Anmeldung</title><meta name="theme-color" content="#0b5cad"><link rel="icon" href="favicon.ico">';
    renderApp('?service=wdpall');
    expect(await screen.findByRole('img', { name: 'WD Pall' })).toBeInTheDocument();
    // The view's name first, the brand's title after (document-title.ts), once the flow is in.
    await waitFor(() => expect(document.title).toBe(`${SPEC_TEXTS.chooseMethod} – WD Pall – Anmeldung`));
    expect(document.documentElement.dataset.brand).toBe('wdpall');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#1c1917');
    const icons = [...document.querySelectorAll('link[rel="icon"]')].map((link) => link.getAttribute('href'));
    expect(icons).toEqual([expect.stringMatching(/wdpall\/icon\.svg/)]);
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#bd8d00');
    expect(document.documentElement.style.getPropertyValue('--accent-text')).toBe('#1c1917');
  });

  test('the baked brand keeps its look', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    document.title = 'A-Dok – Anmeldung';
    renderApp('?service=a-dok');
    await screen.findByRole('img', { name: 'A-Dok' });
    await waitFor(() => expect(document.title).toBe(`${SPEC_TEXTS.chooseMethod} – A-Dok – Anmeldung`));
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('');
  });
});
