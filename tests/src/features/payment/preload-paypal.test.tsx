// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import PaymentView from '../../../../src/features/payment/payment-view.tsx';
import { preloadPayPalSdk } from '../../../../src/features/payment/preload-paypal.ts';
import { setPagePayPalClientIds } from '../../paypal-page.ts';

// PayPal's loader runs unmocked: jsdom loads no scripts, so its <script src> is what a browser
// would request, and the preload must have asked for exactly that.

const STAND_IN = 'http://a-ident.localhost:8080/dev/paypal/sdk/js';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  setPagePayPalClientIds({ live: 'live-client-id' });
});
afterEach(() => {
  cleanup();
  for (const element of document.head.querySelectorAll('link, script')) element.remove();
  vi.restoreAllMocks();
});

const preloadLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];

/** The src of the SDK script the payment view has PayPal's loader insert. */
async function paymentViewScript(sponsor: string, sdkBaseUrl: string | undefined) {
  render(
    <PaymentView amount={5} sponsor={sponsor} sdkBaseUrl={sdkBaseUrl} reference="QR-7" onPaid={() => {}} />,
  );
  await screen.findByRole('status');
  const scripts = document.head.querySelectorAll('script[src]');
  expect(scripts).toHaveLength(1);
  return scripts[0]?.getAttribute('src');
}

describe('preloadPayPalSdk', () => {
  test('adds one preload of the live SDK as a script, without crossorigin, for a live sponsor', () => {
    preloadPayPalSdk({ sponsor: 'a-ident', sdkBaseUrl: undefined });
    expect(preloadLinks()).toHaveLength(1);
    const [link] = preloadLinks();
    expect(link?.getAttribute('as')).toBe('script');
    expect(link?.hasAttribute('crossorigin')).toBe(false);
    expect(link?.getAttribute('href')).toBe(
      'https://www.paypal.com/sdk/js?client-id=live-client-id&currency=EUR&intent=capture&locale=de_DE&disable-card=amex,discover,jcb,elo,hiper',
    );
  });

  test('asks the sandbox host, and only it, for the sandbox sponsor', () => {
    preloadPayPalSdk({ sponsor: 'sandbox', sdkBaseUrl: undefined });
    expect(preloadLinks().map((link) => link.getAttribute('href'))).toEqual([
      'https://www.sandbox.paypal.com/sdk/js?client-id=sb&currency=EUR&intent=capture&locale=de_DE&disable-card=amex,discover,jcb,elo,hiper',
    ]);
  });

  test('adds no second link when it runs again', () => {
    preloadPayPalSdk({ sponsor: 'a-ident', sdkBaseUrl: STAND_IN });
    preloadPayPalSdk({ sponsor: 'a-ident', sdkBaseUrl: STAND_IN });
    expect(preloadLinks()).toHaveLength(1);
    expect(preloadLinks()[0]?.getAttribute('href')).toMatch(
      /^http:\/\/a-ident\.localhost:8080\/dev\/paypal\//,
    );
  });

  test('preloads nothing for a live sponsor without a live client id or a stand-in', () => {
    setPagePayPalClientIds({ sandbox: 'sandbox-client-id' });
    preloadPayPalSdk({ sponsor: 'a-ident', sdkBaseUrl: undefined });
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  test.each([
    ['PayPal’s live SDK', 'a-ident', { live: 'live-client-id' }, undefined],
    ['PayPal’s sandbox SDK', 'sandbox', { live: 'live-client-id' }, undefined],
    ['the stand-in', 'a-ident', { live: 'live-client-id' }, STAND_IN],
    ['the stand-in on a page without a live id', 'a-ident', {}, STAND_IN],
  ])('asks for %s at the URL the payment view then loads', async (_case, sponsor, ids, sdkBaseUrl) => {
    setPagePayPalClientIds(ids);
    preloadPayPalSdk({ sponsor, sdkBaseUrl });
    const preloaded = preloadLinks()[0]?.getAttribute('href');
    expect(preloaded).toEqual(expect.any(String));
    expect(await paymentViewScript(sponsor, sdkBaseUrl)).toBe(preloaded);
  });
});
