// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { PAYPAL_CLIENT_ID_META, readPayPalClientId } from '../../../src/lib/paypal-client-ids.ts';

const LIVE = PAYPAL_CLIENT_ID_META.live;
const SANDBOX = PAYPAL_CLIENT_ID_META.sandbox;

/** A page whose head holds `head`, as the build bakes it. */
const page = (head: string) =>
  new DOMParser().parseFromString(`<!doctype html><head>${head}</head>`, 'text/html');

describe('readPayPalClientId', () => {
  test('reads each environment’s id from its own meta tag', () => {
    const both = page(`<meta name="${LIVE}" content="live-id"><meta name="${SANDBOX}" content="sandbox-id">`);
    expect(readPayPalClientId('live', both)).toBe('live-id');
    expect(readPayPalClientId('sandbox', both)).toBe('sandbox-id');
  });

  test.each([
    ['no meta tag (a brand that takes no payments)', ''],
    ['only the other environment’s', `<meta name="${SANDBOX}" content="sandbox-id">`],
    ['an empty content', `<meta name="${LIVE}" content="">`],
    ['a content of spaces only', `<meta name="${LIVE}" content="   ">`],
    ['no content attribute', `<meta name="${LIVE}">`],
    ['the name as a property, not a name', `<meta property="${LIVE}" content="live-id">`],
    ['a longer name that starts with it', `<meta name="${LIVE}-old" content="live-id">`],
  ])('gives no live id for a page with %s', (_, head) => {
    expect(readPayPalClientId('live', page(head))).toBeUndefined();
  });

  test('trims the white space around an id', () => {
    expect(readPayPalClientId('live', page(`<meta name="${LIVE}" content=" live-id\n">`))).toBe('live-id');
  });

  test('names the metas as the build bakes them', () => {
    expect(PAYPAL_CLIENT_ID_META).toEqual({
      live: 'login-gateway-paypal-client-id-live',
      sandbox: 'login-gateway-paypal-client-id-sandbox',
    });
  });
});
