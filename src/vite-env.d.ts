/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** PayPal client id for live payments; unset means the payment view shows it cannot load. */
  readonly VITE_PAYPAL_CLIENT_ID_LIVE?: string;
  /** PayPal client id for the sandbox sponsor; defaults to PayPal's shared sandbox id "sb". */
  readonly VITE_PAYPAL_CLIENT_ID_SANDBOX?: string;
}

/**
 * True in a demo build (`npm start`, the browser suite), false in a release (`npm run build`).
 * A release build removes every branch that reads it as true, so the development switches are
 * not in its bundle at all (docs/deploy.md).
 */
declare const __DEMO_BUILD__: boolean;

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
