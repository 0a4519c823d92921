// @vitest-environment jsdom
import { PayPalScriptProvider, type ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  paypalScriptOptions,
  paypalSdkUrl,
  type PayPalOptions,
} from '../../../../src/features/payment/paypal-options.ts';
import { setPagePayPalClientIds } from '../../paypal-page.ts';

// PayPal's own loader runs here, unmocked: it inserts its <script> into jsdom's head, which
// loads nothing, so its src is the URL a browser would request.

const STAND_IN = 'http://a-ident.localhost:8080/dev/paypal/sdk/js';
const QUERY = 'currency=EUR&intent=capture&locale=de_DE&disable-card=amex,discover,jcb,elo,hiper';

beforeEach(() => setPagePayPalClientIds({ live: 'live-client-id' }));
afterEach(() => {
  cleanup();
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

/** The src of the <script> PayPal's loader inserts for `options`. */
function loaderUrl(options: ReactPayPalScriptOptions): string | null {
  render(<PayPalScriptProvider options={options}>{null}</PayPalScriptProvider>);
  const scripts = document.head.querySelectorAll('script[src]');
  expect(scripts).toHaveLength(1);
  return scripts[0]?.getAttribute('src') ?? null;
}

function optionsFor(sponsor: string | undefined, sdkBaseUrl?: string): PayPalOptions {
  const options = paypalScriptOptions({ sponsor, sdkBaseUrl });
  if (!options) throw new Error('no PayPal options');
  return options;
}

describe('paypalSdkUrl', () => {
  test.each([
    [
      'a live sponsor',
      'a-ident',
      undefined,
      `https://www.paypal.com/sdk/js?client-id=live-client-id&${QUERY}`,
    ],
    [
      'no sponsor at all',
      undefined,
      undefined,
      `https://www.paypal.com/sdk/js?client-id=live-client-id&${QUERY}`,
    ],
    [
      'the sandbox sponsor',
      'sandbox',
      undefined,
      `https://www.sandbox.paypal.com/sdk/js?client-id=sb&${QUERY}`,
    ],
    ['the stand-in', 'a-ident', STAND_IN, `${STAND_IN}?client-id=live-client-id&${QUERY}`],
    ['the stand-in for the sandbox', 'sandbox', STAND_IN, `${STAND_IN}?client-id=sb&${QUERY}`],
  ])(
    'for %s is the fixed URL and the one PayPal’s loader requests',
    (_case, sponsor, sdkBaseUrl, expected) => {
      const options = optionsFor(sponsor, sdkBaseUrl);
      expect(paypalSdkUrl(options)).toBe(expected);
      expect(loaderUrl(options)).toBe(expected);
    },
  );

  test('takes the stand-in’s client id when the page carries no live one', () => {
    setPagePayPalClientIds({});
    const options = optionsFor('a-ident', STAND_IN);
    expect(paypalSdkUrl(options)).toBe(`${STAND_IN}?client-id=stand-in&${QUERY}`);
    expect(loaderUrl(options)).toBe(paypalSdkUrl(options));
  });

  // Options this app does not pass today, so that one added later keeps the two URLs equal.
  test.each<[string, ReactPayPalScriptOptions]>([
    ['data attributes and crossorigin', { clientId: 'x', dataNamespace: 'pp', crossorigin: 'anonymous' }],
    ['empty values', { clientId: 'x', currency: '', buyerCountry: undefined, locale: 'de_DE' }],
    ['arrays and booleans', { clientId: 'x', enableFunding: ['venmo', 'paylater'], commit: false }],
    ['several merchant ids', { clientId: 'x', merchantId: ['A', 'B'] }],
    ['one merchant id', { clientId: 'x', merchantId: 'A' }],
    ['acronyms in keys', { clientId: 'x', dataSdkIntegrationSource: 'y', integrationDate: '2024-01-01' }],
    ['characters left unencoded', { clientId: 'a b&c', sdkBaseUrl: 'https://pay.example/sdk/js' }],
  ])('equals the loader’s URL with %s', (_case, options) => {
    expect(paypalSdkUrl(options)).toBe(loaderUrl(options));
  });

  test('gives no URL that does not parse', () => {
    expect(paypalSdkUrl({ clientId: 'x', sdkBaseUrl: 'not a url' })).toBeUndefined();
  });
});

describe('paypalScriptOptions', () => {
  test('has no options, so no script, without a live client id or a stand-in', () => {
    setPagePayPalClientIds({});
    expect(paypalScriptOptions({ sponsor: 'a-ident', sdkBaseUrl: undefined })).toBeUndefined();
    expect(paypalScriptOptions({ sponsor: 'sandbox', sdkBaseUrl: undefined })).toEqual(
      expect.objectContaining({ clientId: 'sb', environment: 'sandbox' }),
    );
  });

  test('takes each environment’s id from the page, never the other’s', () => {
    setPagePayPalClientIds({ live: 'live-from-page', sandbox: 'sandbox-from-page' });
    expect(paypalScriptOptions({ sponsor: 'a-ident', sdkBaseUrl: undefined })?.clientId).toBe(
      'live-from-page',
    );
    expect(paypalScriptOptions({ sponsor: 'sandbox', sdkBaseUrl: undefined })?.clientId).toBe(
      'sandbox-from-page',
    );
    setPagePayPalClientIds({ sandbox: 'sandbox-from-page' });
    expect(paypalScriptOptions({ sponsor: 'a-ident', sdkBaseUrl: undefined })).toBeUndefined();
  });
});
