import { paypalScriptOptions, paypalSdkUrl } from './paypal-options.ts';

/**
 * Asks the browser to fetch PayPal's live SDK into its cache while the resolver decides whether
 * a payment is due, so the payment view's <script> finds it there. Live, because the sponsor is
 * only known from the resolver's answer and only the sandbox sponsor pays elsewhere. Nothing
 * happens without a client id, and a retry adds no second link.
 */
export function prefetchPayPalSdk(sdkBaseUrl: string | undefined): void {
  const options = paypalScriptOptions({ sponsor: undefined, sdkBaseUrl });
  const url = options && paypalSdkUrl(options);
  if (!url) return;
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]');
  if ([...links].some((link) => link.getAttribute('href') === url)) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.setAttribute('as', 'script'); // the attribute, which jsdom keeps too; it has no `as` property
  link.href = url;
  document.head.append(link);
}
