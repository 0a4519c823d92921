import { afterEach, describe, expect, test, vi } from 'vitest';
import { runResolverStep, type ResolverStepParts } from '../../../src/app/resolver-step.ts';
import type { preloadPayPalSdk } from '../../../src/features/payment/preload-paypal.ts';
import { answer, onlyRequest, stubFetch } from '../fetch-stub.ts';

// a-ident after the code (spec §4): the resolver's answer decides, and PayPal hears of the visitor
// only once a payment is certain (docs/privacy.md). The network is stubbed at fetch; the chunks
// and PayPal's preload are played by the test.

const PAGE = new URL('https://login.example/gateway/?service=a-ident&qrid=QR1');
const SDK = 'https://login.example/gateway/dev/paypal/sdk/js';
const input = {
  pageUrl: PAGE,
  fields: { qrid: 'QR1', token: 'id-token', service: 'a-ident' },
  sdkBaseUrl: SDK,
};
const target = { targetDomain: 'target.example', path: 'app' };

afterEach(() => {
  vi.unstubAllGlobals();
});

const resolverSays = (body: unknown) => () => answer(JSON.stringify(body));
const data = (value: unknown, extra: Record<string, unknown> = {}) => ({ value, ...target, ...extra });

type Server = () => Response | Promise<Response>;

function parts(sdk: 'loads' | 'fails', targetAllowed: boolean) {
  const preload = vi.fn<typeof preloadPayPalSdk>();
  const leadsToPayment = vi.fn<ResolverStepParts['leadsToPayment']>(() => targetAllowed);
  const prefetchPaymentView = vi.fn(async () => ({}));
  const given: ResolverStepParts = {
    loadPayPalPreload: async () =>
      sdk === 'loads' ? { preloadPayPalSdk: preload } : Promise.reject(new Error('chunk gone')),
    prefetchPaymentView,
    leadsToPayment,
  };
  return { given, preload, leadsToPayment, prefetchPaymentView };
}

describe('runResolverStep', () => {
  test.each<{
    name: string;
    server: Server;
    targetAllowed: boolean;
    sdk: 'loads' | 'fails';
    outcome: 'redirect' | 'pay' | 'failed';
    preloaded: Parameters<typeof preloadPayPalSdk>[0] | undefined;
  }>([
    {
      name: 'an existing QR id redirects, and PayPal hears nothing',
      server: resolverSays({ success: true, exists: true, data: data(5) }),
      targetAllowed: true,
      sdk: 'loads',
      outcome: 'redirect',
      preloaded: undefined,
    },
    {
      name: 'nothing to pay (value 0) redirects, and PayPal hears nothing',
      server: resolverSays({ success: true, exists: false, data: data(0) }),
      targetAllowed: true,
      sdk: 'loads',
      outcome: 'redirect',
      preloaded: undefined,
    },
    {
      name: "a payment due starts the SDK's download for its sponsor",
      server: resolverSays({ success: true, exists: false, data: data('12.50', { sponsor: 'sandbox' }) }),
      targetAllowed: true,
      sdk: 'loads',
      outcome: 'pay',
      preloaded: { sponsor: 'sandbox', sdkBaseUrl: SDK },
    },
    {
      name: 'a payment due to a target the page refuses contacts no PayPal',
      server: resolverSays({ success: true, exists: false, data: data(5) }),
      targetAllowed: false,
      sdk: 'loads',
      outcome: 'pay',
      preloaded: undefined,
    },
    {
      name: "a payment due whose preload chunk fails still goes on (view 3 loads PayPal's SDK itself)",
      server: resolverSays({ success: true, exists: false, data: data(5) }),
      targetAllowed: true,
      sdk: 'fails',
      outcome: 'pay',
      preloaded: undefined,
    },
    {
      name: 'nothing to pay with a failing preload chunk redirects',
      server: resolverSays({ success: true, exists: true, data: data(0) }),
      targetAllowed: true,
      sdk: 'fails',
      outcome: 'redirect',
      preloaded: undefined,
    },
    {
      name: 'the resolver reporting failure stops',
      server: resolverSays({ success: false, exists: false, message: 'unknown qrid' }),
      targetAllowed: true,
      sdk: 'loads',
      outcome: 'failed',
      preloaded: undefined,
    },
    {
      name: 'an unusable amount stops',
      server: resolverSays({ success: true, exists: false, data: data('fünf') }),
      targetAllowed: true,
      sdk: 'loads',
      outcome: 'failed',
      preloaded: undefined,
    },
    {
      name: 'an answer outside the schema stops',
      server: resolverSays({ success: 'yes', exists: false }),
      targetAllowed: true,
      sdk: 'loads',
      outcome: 'failed',
      preloaded: undefined,
    },
    {
      name: 'an HTTP error stops',
      server: () => answer('{}', 500),
      targetAllowed: true,
      sdk: 'loads',
      outcome: 'failed',
      preloaded: undefined,
    },
    {
      name: 'no answer at all stops',
      server: () => Promise.reject(new TypeError('Failed to fetch')),
      targetAllowed: true,
      sdk: 'loads',
      outcome: 'failed',
      preloaded: undefined,
    },
  ])('$name', async ({ server, targetAllowed, sdk, outcome, preloaded }) => {
    stubFetch(async () => server());
    const { given, preload, leadsToPayment, prefetchPaymentView } = parts(sdk, targetAllowed);

    const resolution = await runResolverStep(input, given);

    expect(resolution.outcome).toBe(outcome);
    if (preloaded) expect(preload).toHaveBeenCalledExactlyOnceWith(preloaded);
    else expect(preload).not.toHaveBeenCalled();
    // Only a demand for money asks whether the flow will take it to view 3.
    expect(leadsToPayment).toHaveBeenCalledTimes(outcome === 'pay' ? 1 : 0);
    expect(prefetchPaymentView).toHaveBeenCalledOnce();
  });

  test('asks the resolver beside the page with the QR id, the token and the service', async () => {
    const fetchMock = stubFetch(async () =>
      answer(JSON.stringify({ success: true, exists: true, data: data(0) })),
    );

    await runResolverStep(input, parts('loads', true).given);

    const { url, init } = onlyRequest(fetchMock);
    expect(url).toBe('https://login.example/gateway/api/resolver');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual(input.fields);
  });

  test("does not wait for PayPal's preload chunk before it asks the resolver", async () => {
    const fetchMock = stubFetch(async () =>
      answer(JSON.stringify({ success: true, exists: false, data: data(5) })),
    );
    let deliver: (module: { preloadPayPalSdk: typeof preloadPayPalSdk }) => void = () => undefined;
    const preload = vi.fn<typeof preloadPayPalSdk>();
    const { given } = parts('loads', true);

    const running = runResolverStep(input, {
      ...given,
      loadPayPalPreload: () => new Promise((resolve) => (deliver = resolve)),
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(preload).not.toHaveBeenCalled();
    deliver({ preloadPayPalSdk: preload });

    expect((await running).outcome).toBe('pay');
    expect(preload).toHaveBeenCalledOnce();
  });

  test('a view 3 chunk that fails to prefetch changes nothing: it is loaded again when it is shown', async () => {
    stubFetch(async () => answer(JSON.stringify({ success: true, exists: false, data: data(5) })));
    const { given, preload } = parts('loads', true);

    const resolution = await runResolverStep(input, {
      ...given,
      prefetchPaymentView: () => Promise.reject(new Error('chunk gone')),
    });

    expect(resolution.outcome).toBe('pay');
    expect(preload).toHaveBeenCalledOnce();
  });
});
