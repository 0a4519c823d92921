import type { ServiceConfig } from '../features/config/api/get-config.ts';
import { verifyCode } from '../features/verify/api/verify-code.ts';
import type { Outcome } from '../lib/api-client.ts';
import type { FlowState } from './flow.ts';
import { loadPaymentView, loadPhoneAuth } from './lazy-steps.ts';

export { resolveQr } from '../features/resolver/api/resolve-qr.ts';
export { preloadPayPalSdk } from '../features/payment/preload-paypal.ts';

/**
 * Fetches view 3's chunk while the resolver decides whether a payment is due. It comes from the
 * page's own origin, so fetching it in vain costs bytes, not the visitor's privacy; PayPal's SDK
 * waits for the answer (preloadPayPalSdk).
 */
export function prefetchPaymentView(): void {
  loadPaymentView().catch(() => undefined);
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
