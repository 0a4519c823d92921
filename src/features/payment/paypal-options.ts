/**
 * What PayPal's SDK is loaded with, in one place: the payment view hands these options to
 * PayPalScriptProvider, and the preload builds the same script URL from them the moment the
 * resolver says a payment is due. Imports nothing of PayPal's, so the preload stays small.
 */
import { readPayPalClientId } from '../../lib/paypal-client-ids.ts';

/** Card brands the spec turns off; PayPal takes them as disable-card, not disable-funding. */
const DISABLED_CARDS = ['amex', 'discover', 'jcb', 'elo', 'hiper'];
const SANDBOX_SPONSOR = 'sandbox';
const LIVE_SDK = 'https://www.paypal.com/sdk/js';
const SANDBOX_SDK = 'https://www.sandbox.paypal.com/sdk/js';

/** A type, not an interface, so it passes as the record paypalSdkUrl takes. */
export type PayPalOptions = {
  clientId: string;
  environment: 'production' | 'sandbox';
  currency: string;
  intent: string;
  locale: string;
  disableCard: string;
  sdkBaseUrl?: string;
};

/**
 * The options for the resolver's sponsor, or undefined when there is no client id for its
 * environment. Only the sponsor `sandbox` pays in PayPal's sandbox; every other one pays live.
 */
export function paypalScriptOptions({
  sponsor,
  sdkBaseUrl,
}: {
  sponsor: string | undefined;
  /** The config's paymentSdkUrl: a stand-in for PayPal's script in development. */
  sdkBaseUrl: string | undefined;
}): PayPalOptions | undefined {
  const sandbox = sponsor === SANDBOX_SPONSOR;
  // The page carries the ids (the build bakes them into paying brands' pages). A development
  // stand-in takes any client id; the real SDK needs the one for its environment.
  const configured = sandbox
    ? (readPayPalClientId('sandbox', document) ?? 'sb')
    : readPayPalClientId('live', document);
  const clientId = configured || (__DEMO_BUILD__ && sdkBaseUrl ? 'stand-in' : undefined);
  if (!clientId) return undefined;
  return {
    clientId,
    environment: sandbox ? 'sandbox' : 'production',
    currency: 'EUR',
    intent: 'capture',
    locale: 'de_DE',
    disableCard: DISABLED_CARDS.join(','),
    ...(sdkBaseUrl && { sdkBaseUrl }),
  };
}

/**
 * The script URL PayPal's loader requests for these options, built as its `processOptions`
 * builds it (@paypal/paypal-js 11): keys in kebab case and in their order, values as they are
 * (not encoded), data-* and crossorigin left out because they become attributes. A preload of
 * any other string would be a second download, so tests compare it with the loader's own.
 */
export function paypalSdkUrl(options: Readonly<Record<string, unknown>>): string | undefined {
  const { environment, sdkBaseUrl, ...rest } = options;
  const base =
    (typeof sdkBaseUrl === 'string' && sdkBaseUrl) || (environment === 'sandbox' ? SANDBOX_SDK : LIVE_SDK);
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || value === null || value === '') continue;
    const name = key.replace(
      /[A-Z]+(?![a-z])|[A-Z]/g,
      (match, at: number) => (at ? '-' : '') + match.toLowerCase(),
    );
    if (!name.startsWith('data') && name !== 'crossorigin') query[name] = String(value);
  }
  // More than one merchant id goes into an attribute, and the query says "*".
  if (query['merchant-id']?.includes(',')) query['merchant-id'] = '*';
  const url = `${base}?${Object.entries(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&')}`;
  try {
    new URL(url);
    return url;
  } catch {
    return undefined;
  }
}
