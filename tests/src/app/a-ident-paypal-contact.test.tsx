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
import { setPagePayPalClientIds } from '../paypal-page.ts';
import { SPEC_TEXTS } from '../../spec-texts.ts';

// PayPal's loader runs unmocked: jsdom loads no scripts, so its <script src> is the URL a browser
// would request, and the payment view simply stays busy.

const MAIL = '/api/users/auth/mail';
const VERIFY_MAIL = '/api/users/verify/mail';
const RESOLVER = '/gateway/api/resolver';
const PAY_TITLE = SPEC_TEXTS.payTitle;
const STAND_IN = 'https://login.example/gateway/dev/paypal/sdk/js';
const QUERY = 'currency=EUR&intent=capture&locale=de_DE&disable-card=amex,discover,jcb,elo,hiper';
const LIVE_SDK_URL = `https://www.paypal.com/sdk/js?client-id=live-client-id&${QUERY}`;
const SANDBOX_SDK_URL = `https://www.sandbox.paypal.com/sdk/js?client-id=sb&${QUERY}`;

let loadPaymentView: MockInstance<typeof lazySteps.loadPaymentView>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.documentElement.dataset.brand = 'a-ident';
  setPagePayPalClientIds({ live: 'live-client-id' });
  // Watched, not replaced: the flow still gets the real chunk.
  loadPaymentView = vi.spyOn(lazySteps, 'loadPaymentView');
});
afterEach(() => {
  cleanup();
  for (const element of document.head.querySelectorAll('link, script')) element.remove();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Every URL of the page's head that a browser would fetch from PayPal or its stand-in. */
const paypalUrls = () =>
  [...document.head.querySelectorAll('link[href], script[src]')]
    .map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '')
    .filter((url) => /paypal/.test(url));

const answer = (data: Record<string, unknown>, exists = false) =>
  json({
    success: true,
    exists,
    message: 'ok',
    data: { targetDomain: 'target.example', path: 'app', ...data },
  });
const payment = (sponsor: string) => answer({ value: 5, sponsor });

/** A resolver that answers only when the test releases it. */
function heldResolver() {
  let release: (answer: Response) => void = () => undefined;
  const answered = new Promise<Response>((resolve) => (release = resolve));
  return { answer: () => answered, release };
}

function backendWith(
  resolver: (() => Promise<Response>) | 'network-error',
  aIdent: Record<string, unknown> = {},
) {
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

/** What the page adds to the DOM, in order: PayPal preloads and scripts, and view 3's heading. */
function recordInsertions() {
  const seen: string[] = [];
  const observer = new MutationObserver((mutations) => {
    for (const node of mutations.flatMap((mutation) => [...mutation.addedNodes])) {
      if (!(node instanceof Element)) continue;
      if (node.matches('link[rel="preload"][as="script"]')) seen.push(`preload ${node.getAttribute('href')}`);
      if (node.matches('script[src]')) seen.push(`script ${node.getAttribute('src')}`);
      if (node.querySelector('h1, h2')?.textContent === PAY_TITLE || node.textContent === PAY_TITLE)
        seen.push('view 3');
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('a-ident: PayPal is contacted once a payment is due, and not before', () => {
  test.each([
    ['a live sponsor, PayPal’s live SDK', 'a-ident', {}, LIVE_SDK_URL],
    ['the sandbox sponsor, PayPal’s sandbox SDK', 'sandbox', {}, SANDBOX_SDK_URL],
    [
      'a live sponsor, the configured stand-in',
      'a-ident',
      { paymentSdkUrl: STAND_IN },
      `${STAND_IN}?client-id=live-client-id&${QUERY}`,
    ],
  ])(
    'for %s: nothing while the resolver answers, then the SDK preloaded before view 3 renders',
    async (_case, sponsor, aIdent, sdkUrl) => {
      const resolver = heldResolver();
      const backend = backendWith(resolver.answer, aIdent);
      await signIn('?service=a-ident&qrid=QR-1&method=mail');

      await waitFor(() => expect(backend.calls(RESOLVER)).toHaveLength(1));
      // View 3's own chunk comes from the page's origin and loads early, on view 2; PayPal may not.
      expect(loadPaymentView).toHaveBeenCalled();
      expect(paypalUrls()).toEqual([]);

      const insertions = recordInsertions();
      resolver.release(payment(sponsor));
      expect(await screen.findByRole('heading', { name: PAY_TITLE })).toBeInTheDocument();
      await waitFor(() => expect(insertions.seen).toContain(`script ${sdkUrl}`));
      insertions.stop();
      // The preload went in before React drew view 3, and the loader's script uses its URL.
      expect(insertions.seen).toEqual([`preload ${sdkUrl}`, 'view 3', `script ${sdkUrl}`]);
      expect(paypalUrls()).toEqual([sdkUrl, sdkUrl]);
    },
  );

  test('view 3’s chunk comes on view 2, before the code is complete, and PayPal hears nothing of it', async () => {
    const resolver = heldResolver();
    const backend = backendWith(resolver.answer);
    renderApp('?service=a-ident&qrid=QR-1&method=mail');
    await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), 'max@example.de{Enter}');
    const codeField = await screen.findByLabelText('Bestätigungscode');

    await waitFor(() => expect(loadPaymentView).toHaveBeenCalled());
    await Promise.all(loadPaymentView.mock.results.map((result) => result.value));
    expect(backend.calls(VERIFY_MAIL)).toEqual([]);
    expect(paypalUrls()).toEqual([]);

    await userEvent.type(codeField, '123456');
    await waitFor(() => expect(backend.calls(RESOLVER)).toHaveLength(1));
    expect(backend.calls(RESOLVER)[0]?.form).toMatchObject({ qrid: 'QR-1', token: 'tok-a' });
    expect(paypalUrls()).toEqual([]);

    const insertions = recordInsertions();
    resolver.release(payment('a-ident'));
    expect(await screen.findByRole('heading', { name: PAY_TITLE })).toBeInTheDocument();
    await waitFor(() => expect(insertions.seen).toContain(`script ${LIVE_SDK_URL}`));
    insertions.stop();
    expect(insertions.seen).toEqual([`preload ${LIVE_SDK_URL}`, 'view 3', `script ${LIVE_SDK_URL}`]);
  });

  test.each([
    ['the QR id is unlocked already', () => Promise.resolve(answer({ value: 5 }, true))],
    ['the amount is 0', () => Promise.resolve(answer({ value: 0 }))],
    ['the amount is negative', () => Promise.resolve(answer({ value: -3 }))],
    [
      'the resolver refuses the QR id',
      () => Promise.resolve(json({ success: false, exists: false, message: 'unknown' })),
    ],
    ['the resolver answers 500', () => Promise.resolve(json({ error: 'down' }, 500))],
    ['the resolver cannot be reached', 'network-error' as const],
    [
      'the payment would lead to a target the page refuses',
      () => Promise.resolve(answer({ value: 5, targetDomain: 'javascript:alert(1)' })),
    ],
  ])('nothing of PayPal when %s', async (_case, resolver) => {
    const backend = backendWith(resolver);
    const { navigate } = await signIn('?service=a-ident&qrid=QR-1&method=mail');

    await waitFor(() => expect(backend.calls(RESOLVER)).toHaveLength(1));
    // The flow has acted on the answer: a redirect, or a stop explained in the console.
    const stops = () =>
      vi
        .mocked(console.error)
        .mock.calls.filter(([message]) => String(message).startsWith('Login flow stopped'));
    await waitFor(() => expect(navigate.mock.calls.length + stops().length).toBe(1));
    expect(paypalUrls()).toEqual([]);
    expect(screen.queryByRole('heading', { name: PAY_TITLE })).not.toBeInTheDocument();
  });

  test('nothing of PayPal on a page without a live client id, though view 3 shows', async () => {
    setPagePayPalClientIds({});
    const backend = backendWith(() => Promise.resolve(payment('a-ident')));
    await signIn('?service=a-ident&qrid=QR-1&method=mail');

    await waitFor(() => expect(backend.calls(RESOLVER)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: PAY_TITLE })).toBeInTheDocument();
    expect(paypalUrls()).toEqual([]);
  });

  test.each([
    ['a-dok', '?service=a-dok&qrid=QR-1&method=mail'],
    ['wdpall', '?service=wdpall&method=mail'],
  ])('%s has no QR id: no resolver, no view 3 chunk, nothing of PayPal', async (_service, search) => {
    const backend = backendWith(() => Promise.resolve(payment('a-ident')));
    const { navigate } = await signIn(search);

    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(backend.calls(RESOLVER)).toEqual([]);
    expect(loadPaymentView).not.toHaveBeenCalled();
    expect(paypalUrls()).toEqual([]);
  });
});
