/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** PayPal client id for live payments; unset means the payment view shows it cannot load. */
  readonly VITE_PAYPAL_CLIENT_ID_LIVE?: string;
  /** PayPal client id for the sandbox sponsor; defaults to PayPal's shared sandbox id "sb". */
  readonly VITE_PAYPAL_CLIENT_ID_SANDBOX?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
