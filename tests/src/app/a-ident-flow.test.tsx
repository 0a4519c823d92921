// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  configRoute,
  json,
  mailSent,
  mockBackend,
  renderApp,
  testConfig,
  verified,
} from './flow-harness.tsx';
import { setPagePayPalClientIds } from '../paypal-page.ts';
import { SPEC_TEXTS } from '../../spec-texts.ts';

// PayPal stands in at its React boundary: one button approves an order, as the real one would.
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children }: { children: ReactNode }) => children,
  usePayPalScriptReducer: () => [
    { isInitial: false, isPending: false, isResolved: true, isRejected: false, options: {} },
    () => undefined,
  ],
  PayPalButtons: (props: {
    createOrder: (
      data: object,
      actions: { order: { create: (order: unknown) => Promise<string> } },
    ) => unknown;
    onApprove: (data: object, actions: { order: { capture: () => Promise<unknown> } }) => unknown;
  }) => (
    <button
      type="button"
      onClick={async () => {
        const orderID = await props.createOrder({}, { order: { create: async () => 'ORDER-1' } });
        await props.onApprove(
          { orderID },
          { order: { capture: async () => ({ id: 'CAPTURE-9', status: 'COMPLETED' }) } },
        );
      }}
    >
      Stand-in approve
    </button>
  ),
}));

const MAIL = '/api/users/auth/mail';
const VERIFY_MAIL = '/api/users/verify/mail';
const RESOLVER = '/gateway/api/resolver';
const QRID = 'QR/1?x#y';
const TARGET = 'https://target.example/app/QR%2F1%3Fx%23y';
const PAY_TITLE = SPEC_TEXTS.payTitle;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.documentElement.dataset.brand = 'a-ident';
  setPagePayPalClientIds({ live: 'live-client-id' });
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const resolved = (exists: boolean, data: Record<string, unknown> = {}) =>
  json({
    success: true,
    exists,
    message: 'ok',
    data: { value: 0, sponsor: 'a-ident', targetDomain: 'target.example', path: 'app', ...data },
  });

function backendWith(resolver: Parameters<typeof mockBackend>[0][string]) {
  return mockBackend({
    [configRoute]: json(testConfig),
    [MAIL]: mailSent(),
    [VERIFY_MAIL]: verified('tok-a'),
    [RESOLVER]: resolver,
  });
}

/** Signs in by mail as a-ident with the hostile qrid, up to the code being verified. */
async function signIn() {
  const view = renderApp(`?service=a-ident&qrid=${encodeURIComponent(QRID)}&method=mail`);
  await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), 'max@example.de{Enter}');
  await userEvent.type(await screen.findByLabelText('Bestätigungscode'), '123456');
  return view;
}

async function expectFlowStopped(navigate: ReturnType<typeof vi.fn>) {
  await waitFor(() =>
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Login flow stopped')),
  );
  // The brand's frame stays; the card holds no view, no message and no spinner.
  expect(screen.getByRole('main')).toBeEmptyDOMElement();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
}

describe('a-ident: the resolver after verification', () => {
  test('asks the page resolver with qrid, token and service, and redirects when the id exists', async () => {
    const backend = backendWith(resolved(true, { value: 5 }));
    const { navigate } = await signIn();

    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(backend.calls(RESOLVER)).toEqual([
      expect.objectContaining({
        url: 'https://login.example/gateway/api/resolver',
        method: 'POST',
        form: { qrid: QRID, token: 'tok-a', service: 'a-ident' },
      }),
    ]);
    expect(navigate).toHaveBeenCalledWith(`${TARGET}?idtoken=tok-a`);
    expect(screen.queryByRole('heading', { name: PAY_TITLE })).not.toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  test.each([
    [5, '5,00\u00a0€'],
    ['12.5', '12,50\u00a0€'],
  ])('shows the payment view for an unknown id with the value %j as %j', async (value, shown) => {
    backendWith(resolved(false, { value }));
    const { navigate } = await signIn();

    expect(await screen.findByRole('heading', { name: PAY_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/€$/).textContent).toBe(shown);
    expect(await screen.findByRole('button', { name: 'Stand-in approve' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('redirects without payment when the value is 0', async () => {
    backendWith(resolved(false, { value: 0 }));
    const { navigate } = await signIn();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${TARGET}?idtoken=tok-a`));
    expect(screen.queryByRole('heading', { name: PAY_TITLE })).not.toBeInTheDocument();
  });

  test('redirects with the payment id once PayPal has captured the order', async () => {
    backendWith(resolved(false, { value: 5 }));
    const { navigate } = await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Stand-in approve' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate).toHaveBeenCalledWith(`${TARGET}?idtoken=tok-a&ppid=CAPTURE-9`);
    expect(screen.getByRole('heading', { name: SPEC_TEXTS.pleaseWait })).toBeInTheDocument();
    // The payment view's draft is gone with the redirect: a reload now starts on view 0.
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });
});

describe('a-ident: resolver failures only reach the console', () => {
  test.each([
    ['success: false', json({ success: false, exists: false, message: 'unknown qrid' })],
    ['an answer that is HTML', new Response('<html>oops</html>', { status: 200 })],
    ['an answer without exists', json({ success: true, data: { value: 5, targetDomain: 'x', path: 'y' } })],
    ['a server error', json({}, 500)],
    ['a network failure', 'network-error' as const],
  ])('stops the flow for %s', async (_case, answer) => {
    backendWith(answer);
    const { navigate } = await signIn();
    await expectFlowStopped(navigate);
  });
});

describe('a-ident: a hostile targetDomain is never followed', () => {
  const hostile = [
    'javascript:alert(1)',
    '//evil.example',
    'http://evil.example',
    'https://user@evil.example',
  ];

  test.each(hostile)('no redirect to %j for an existing id', async (targetDomain) => {
    backendWith(resolved(true, { targetDomain }));
    const { navigate } = await signIn();
    await expectFlowStopped(navigate);
  });

  test.each(hostile)('no payment view for %j when a payment is due', async (targetDomain) => {
    backendWith(resolved(false, { value: 5, targetDomain }));
    const { navigate } = await signIn();
    await expectFlowStopped(navigate);
    expect(screen.queryByRole('button', { name: 'Stand-in approve' })).not.toBeInTheDocument();
  });
});

describe('a-ident: progress kept across a reload', () => {
  // The code is used up and the token is never stored: the payment view cannot resume, and says so.
  test('a reload on the payment view returns to view 1 with the address, saying why', async () => {
    backendWith(resolved(false, { value: 5 }));
    const first = await signIn();
    await screen.findByRole('heading', { name: PAY_TITLE });
    expect(Object.keys(sessionStorage).join(' ')).not.toMatch(/token/);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('tok-a');
    first.unmount();

    renderApp(`?service=a-ident&qrid=${encodeURIComponent(QRID)}`);
    expect(await screen.findByLabelText('E-Mail-Adresse')).toHaveValue('max@example.de');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Die Seite wurde während der Zahlung neu geladen. Aus Sicherheitsgründen beginnt die Anmeldung neu: Bitte fordere einen neuen Code an.',
    );
    expect(screen.queryByRole('heading', { name: PAY_TITLE })).not.toBeInTheDocument();
  });

  test('belongs to its QR id: a link for another id starts over', async () => {
    backendWith(resolved(true));
    const first = renderApp(`?service=a-ident&qrid=QR-A&method=mail`);
    await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), 'max@example.de{Enter}');
    await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode });
    first.unmount();

    const other = renderApp(`?service=a-ident&qrid=QR-B&method=mail`);
    expect(await screen.findByRole('heading', { name: 'Mit E-Mail-Adresse anmelden' })).toBeInTheDocument();
    other.unmount();

    renderApp(`?service=a-ident&qrid=QR-A&method=mail`);
    expect(await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeInTheDocument();
  });
});
