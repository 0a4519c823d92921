// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import PaymentView from '../../../../src/features/payment/payment-view.tsx';
import { prefetchPayPalSdk } from '../../../../src/features/payment/prefetch-paypal.ts';

// PayPal's loader runs unmocked: jsdom loads no scripts, so its <script src> is what a browser
// would request, and the prefetch must have asked for exactly that.

const STAND_IN = 'http://a-ident.localhost:8080/dev/paypal/sdk/js';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubEnv('VITE_PAYPAL_CLIENT_ID_LIVE', 'live-client-id');
  vi.stubEnv('VITE_PAYPAL_CLIENT_ID_SANDBOX', undefined);
});
afterEach(() => {
  cleanup();
  for (const element of document.head.querySelectorAll('link, script')) element.remove();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const prefetchLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];

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

describe('prefetchPayPalSdk', () => {
  test('adds one prefetch of the live SDK as a script to the head', () => {
    prefetchPayPalSdk(undefined);
    expect(prefetchLinks()).toHaveLength(1);
    const [link] = prefetchLinks();
    expect(link?.getAttribute('as')).toBe('script');
    expect(link?.getAttribute('href')).toBe(
      'https://www.paypal.com/sdk/js?client-id=live-client-id&currency=EUR&intent=capture&locale=de_DE&disable-card=amex,discover,jcb,elo,hiper',
    );
  });

  test('adds no second link when it runs again', () => {
    prefetchPayPalSdk(STAND_IN);
    prefetchPayPalSdk(STAND_IN);
    expect(prefetchLinks()).toHaveLength(1);
    expect(prefetchLinks()[0]?.getAttribute('href')).toMatch(
      /^http:\/\/a-ident\.localhost:8080\/dev\/paypal\//,
    );
  });

  test('prefetches nothing without a live client id or a stand-in', () => {
    vi.stubEnv('VITE_PAYPAL_CLIENT_ID_LIVE', '');
    vi.stubEnv('VITE_PAYPAL_CLIENT_ID_SANDBOX', 'sandbox-client-id');
    prefetchPayPalSdk(undefined);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  test.each([
    ['PayPal’s live SDK', 'live-client-id', undefined],
    ['the stand-in', 'live-client-id', STAND_IN],
    ['the stand-in in a build without a live id', '', STAND_IN],
  ])(
    'asks for %s at the URL the payment view then loads for a live sponsor',
    async (_case, liveId, sdkBaseUrl) => {
      vi.stubEnv('VITE_PAYPAL_CLIENT_ID_LIVE', liveId);
      prefetchPayPalSdk(sdkBaseUrl);
      const prefetched = prefetchLinks()[0]?.getAttribute('href');
      expect(prefetched).toEqual(expect.any(String));
      expect(await paymentViewScript('a-ident', sdkBaseUrl)).toBe(prefetched);
    },
  );
});
