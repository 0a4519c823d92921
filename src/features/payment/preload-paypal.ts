import { paypalScriptOptions, paypalSdkUrl } from './paypal-options.ts';

/**
 * Starts the download of PayPal's SDK for this sponsor, in the task that learnt a payment is due,
 * so it runs alongside view 3's render rather than after it; the <script> PayPal's loader then
 * inserts takes the preloaded response. Never earlier: until a payment is certain PayPal has no
 * business learning the visitor's address. Nothing happens without a client id, and a second
 * call adds no second link.
 */
export function preloadPayPalSdk({
  sponsor,
  sdkBaseUrl,
}: {
  sponsor: string | undefined;
  sdkBaseUrl: string | undefined;
}): void {
  const options = paypalScriptOptions({ sponsor, sdkBaseUrl });
  const url = options && paypalSdkUrl(options);
  if (!url) return;
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
  if ([...links].some((link) => link.getAttribute('href') === url)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script'); // the attribute, which jsdom keeps too; it has no `as` property
  // No crossorigin, as PayPal's loader inserts its <script> without one: a preload only serves
  // a request in the same mode.
  link.href = url;
  document.head.append(link);
}
