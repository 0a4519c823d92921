/**
 * PayPal's client ids reach only the pages of brands that take payments: the build bakes them
 * into those pages as meta tags, as it does the redirect hosts, so the shared chunks every brand
 * loads never hold them and rotating an id changes the paying brands' index.html only.
 */
export const PAYPAL_CLIENT_ID_META = {
  live: 'login-gateway-paypal-client-id-live',
  sandbox: 'login-gateway-paypal-client-id-sandbox',
} as const;

export type PayPalEnvironmentName = keyof typeof PAYPAL_CLIENT_ID_META;

/**
 * The client id the page carries for one environment, or undefined when it carries none. The
 * caller hands over the page: src/lib does not touch it (docs/architecture.md).
 */
export function readPayPalClientId(
  environment: PayPalEnvironmentName,
  root: Pick<Document, 'querySelector'>,
): string | undefined {
  const content = root
    .querySelector<HTMLMetaElement>(`meta[name="${PAYPAL_CLIENT_ID_META[environment]}"]`)
    ?.content.trim();
  return content || undefined;
}
