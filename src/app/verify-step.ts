import type { ServiceConfig } from '../features/config/api/get-config.ts';
import { prefetchPayPalSdk } from '../features/payment/prefetch-paypal.ts';
import { verifyCode } from '../features/verify/api/verify-code.ts';
import type { Outcome } from '../lib/api-client.ts';
import type { FlowState } from './flow.ts';
import { loadPaymentView, loadPhoneAuth } from './lazy-steps.ts';

export { resolveQr } from '../features/resolver/api/resolve-qr.ts';

/**
 * Fetches what view 3 needs while the resolver decides whether a payment is due: the view's
 * chunk and PayPal's SDK. Wasted when no payment is due; when one is, the view no longer waits
 * for the resolver's round trip and then for both downloads in turn.
 */
export function prefetchPayment(sdkBaseUrl: string | undefined): void {
  loadPaymentView().catch(() => undefined);
  prefetchPayPalSdk(sdkBaseUrl);
}

/** Checks the code with whoever sent it: Firebase, or the MWS for mail, EDP and SMS fallback. */
export async function confirmCode(
  service: ServiceConfig,
  current: FlowState,
  code: string,
): Promise<Outcome<string>> {
  if (current.viaProvider) {
    const phone = await loadPhoneAuth().catch(() => undefined);
    if (!phone || !current.verificationId) return { ok: false, code: 'VN02' };
    return phone.confirmPhoneCode(service.firebaseConfig, current.verificationId, code);
  }
  return verifyCode(current.method === 'number' ? 'sms' : 'mail', service.mwsTargetUrl, current.sentTo, code);
}
