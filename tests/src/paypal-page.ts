import { PAYPAL_CLIENT_ID_META, type PayPalEnvironmentName } from '../../src/lib/paypal-client-ids.ts';

const ENVIRONMENTS = Object.keys(PAYPAL_CLIENT_ID_META) as PayPalEnvironmentName[];

/**
 * Gives the page the PayPal client ids the build bakes into a paying brand's index.html, and no
 * others: `{}` is a page built without a live id.
 */
export function setPagePayPalClientIds(ids: Partial<Record<PayPalEnvironmentName, string>>): void {
  for (const environment of ENVIRONMENTS) {
    document.head.querySelector(`meta[name="${PAYPAL_CLIENT_ID_META[environment]}"]`)?.remove();
    const id = ids[environment];
    if (id === undefined) continue;
    const meta = document.createElement('meta');
    meta.name = PAYPAL_CLIENT_ID_META[environment];
    meta.content = id;
    document.head.append(meta);
  }
}
