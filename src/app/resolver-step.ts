import type { preloadPayPalSdk } from '../features/payment/preload-paypal.ts';
import { resolveQr, type Resolution } from '../features/resolver/api/resolve-qr.ts';

export interface ResolverStepInput {
  pageUrl: URL;
  /** The resolver's form (spec §7). */
  fields: { qrid: string; token: string; service: string };
  /** Where a demo build loads PayPal's stand-in from; undefined in a release. */
  sdkBaseUrl: string | undefined;
}

/** What the step runs on besides the resolver's call, handed in so a test can play each part. */
export interface ResolverStepParts {
  /** PayPal's preload chunk: one that fails costs the head start, not the payment. */
  loadPayPalPreload: () => Promise<{ preloadPayPalSdk: typeof preloadPayPalSdk }>;
  /** View 3's chunk, fetched while the resolver answers. */
  prefetchPaymentView: () => Promise<unknown>;
  /** Whether the flow takes this demand for a payment to view 3 (the reducer may refuse its target). */
  leadsToPayment: (resolution: Resolution) => boolean;
}

/**
 * a-ident after the code (spec §4): asks the resolver what the QR id needs, and once a payment
 * is certain starts the download of PayPal's SDK. The answer goes to the reducer.
 */
export async function runResolverStep(
  input: ResolverStepInput,
  parts: ResolverStepParts,
): Promise<Resolution> {
  // The resolver's call starts at once, with this chunk; PayPal's preload is only needed once the
  // answer is in.
  const preloading = parts.loadPayPalPreload().catch(() => undefined);
  const resolving = resolveQr(input.pageUrl, input.fields);
  // View 3's chunk comes from the page's own origin, so fetching it in vain costs bytes, not
  // the visitor's privacy; PayPal's SDK waits for the answer.
  parts.prefetchPaymentView().catch(() => undefined);
  const [resolution, preload] = await Promise.all([resolving, preloading]);
  // PayPal is contacted once a payment is certain, and at once: in the task that received
  // the answer, before view 3 renders and inserts the SDK's <script>.
  if (resolution.outcome === 'pay' && parts.leadsToPayment(resolution))
    preload?.preloadPayPalSdk({ sponsor: resolution.sponsor, sdkBaseUrl: input.sdkBaseUrl });
  return resolution;
}
