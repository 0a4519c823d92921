// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import * as lazySteps from '../../../src/app/lazy-steps.ts';
import {
  configRoute,
  json,
  mailSent,
  mockBackend,
  renderApp,
  serviceConfig,
  testConfig,
  verified,
} from './flow-harness.tsx';

// PayPal's loader runs unmocked: jsdom loads no scripts, so its <script src> is the URL a browser
// would request, and the payment view simply stays busy.

const MAIL = '/api/users/auth/mail';
const VERIFY_MAIL = '/api/users/verify/mail';
const RESOLVER = '/gateway/api/resolver';
const PAY_TITLE = 'Zu bezahlender Betrag für A-Ident freischaltung';
const STAND_IN = 'https://login.example/gateway/dev/paypal/sdk/js';
const QUERY = 'currency=EUR&intent=capture&locale=de_DE&disable-card=amex,discover,jcb,elo,hiper';
const LIVE_SDK_URL = `https://www.paypal.com/sdk/js?client-id=live-client-id&${QUERY}`;

let loadPaymentView: MockInstance<typeof lazySteps.loadPaymentView>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.documentElement.dataset.brand = 'a-ident';
  vi.stubEnv('VITE_PAYPAL_CLIENT_ID_LIVE', 'live-client-id');
  // Watched, not replaced: the flow still gets the real chunk.
  loadPaymentView = vi.spyOn(lazySteps, 'loadPaymentView');
});
afterEach(() => {
  cleanup();
  for (const element of document.head.querySelectorAll('link[rel="prefetch"], script')) element.remove();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const prefetchLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];

const payment = (sponsor: string) =>
  json({
    success: true,
    exists: false,
    message: 'payment required',
    data: { value: 5, sponsor, targetDomain: 'target.example', path: 'app' },
  });

/** A resolver that answers only when the test releases it. */
function heldResolver() {
  let release: (answer: Response) => void = () => undefined;
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer: () => answer, release };
}

function backendWith(resolver: () => Promise<Response>, aIdent: Record<string, unknown> = {}) {
  const config = {
    services: { ...testConfig.services, 'a-ident': serviceConfig({ name: 'A-Ident', ...aIdent }) },
  };
  return mockBackend({
    [configRoute]: json(config),
    [MAIL]: mailSent(),
    [VERIFY_MAIL]: verified('tok-a'),
    [RESOLVER]: resolver,
  });
}

async function signIn(search: string) {
  const view = renderApp(search);
  await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), 'max@example.de{Enter}');
  await userEvent.type(await screen.findByLabelText('Bestätigungscode'), '123456');
  return view;
}

describe('a-ident: view 3 is fetched while the resolver answers', () => {
  test.each([
    ['PayPal’s live SDK', {}, LIVE_SDK_URL],
    ['the configured stand-in', { paymentSdkUrl: STAND_IN }, `${STAND_IN}?client-id=live-client-id&${QUERY}`],
  ])(
    'prefetches the payment view and %s before the answer, and the view loads that same URL',
    async (_case, aIdent, sdkUrl) => {
      const resolver = heldResolver();
      const backend = backendWith(resolver.answer, aIdent);
      await signIn('?service=a-ident&qrid=QR-1&method=mail');

      await waitFor(() => expect(backend.calls(RESOLVER)).toHaveLength(1));
      await waitFor(() => expect(prefetchLinks()).toHaveLength(1));
      expect(prefetchLinks()[0]?.getAttribute('href')).toBe(sdkUrl);
      expect(prefetchLinks()[0]?.getAttribute('as')).toBe('script');
      expect(loadPaymentView).toHaveBeenCalledTimes(1);
      // Still waiting for the resolver: no view 3 yet, and no SDK script.
      expect(screen.queryByRole('heading', { name: PAY_TITLE })).not.toBeInTheDocument();
      expect(document.head.querySelector('script[src]')).toBeNull();

      resolver.release(payment('a-ident'));
      expect(await screen.findByRole('heading', { name: PAY_TITLE })).toBeInTheDocument();
      await waitFor(() => expect(document.head.querySelector('script[src]')).not.toBeNull());
      expect(document.head.querySelector('script[src]')?.getAttribute('src')).toBe(sdkUrl);
      expect(prefetchLinks()).toHaveLength(1);
    },
  );

  test('prefetches nothing of PayPal in a build without a live client id, but still the view', async () => {
    vi.stubEnv('VITE_PAYPAL_CLIENT_ID_LIVE', '');
    const resolver = heldResolver();
    const backend = backendWith(resolver.answer);
    await signIn('?service=a-ident&qrid=QR-1&method=mail');

    await waitFor(() => expect(backend.calls(RESOLVER)).toHaveLength(1));
    await waitFor(() => expect(loadPaymentView).toHaveBeenCalledTimes(1));
    expect(prefetchLinks()).toEqual([]);
    resolver.release(payment('a-ident'));
    expect(await screen.findByRole('heading', { name: PAY_TITLE })).toBeInTheDocument();
  });

  test.each([
    ['a-dok', '?service=a-dok&qrid=QR-1&method=mail'],
    ['wdpall', '?service=wdpall&method=mail'],
  ])('%s has no QR id: no resolver and no prefetch', async (_service, search) => {
    const backend = backendWith(async () => payment('a-ident'));
    const { navigate } = await signIn(search);

    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(backend.calls(RESOLVER)).toEqual([]);
    expect(loadPaymentView).not.toHaveBeenCalled();
    expect(prefetchLinks()).toEqual([]);
  });
});
