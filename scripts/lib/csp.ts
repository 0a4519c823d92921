/**
 * The Content-Security-Policy baked into every brand's index.html. A <meta> policy cannot carry
 * frame-ancestors, report-uri or sandbox; the serving host adds frame-ancestors as a header.
 */
export function buildContentSecurityPolicy({ styleHashes }: { styleHashes: string[] }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    // No 'unsafe-inline' and no inline script at all. Beyond our own bundle: reCAPTCHA, which
    // Firebase phone auth loads, Google's API loader used by Firebase Auth, and PayPal's SDK.
    'script-src': [
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://apis.google.com',
      'https://www.paypal.com',
      'https://www.sandbox.paypal.com',
    ],
    // The only inline style is the baked brand colours, allowed by its hash.
    'style-src': ["'self'", ...styleHashes.map((hash) => `'${hash}'`)],
    'img-src': [
      "'self'",
      'data:',
      'https://www.paypalobjects.com',
      'https://*.paypal.com',
      'https://www.gstatic.com',
    ],
    'font-src': ["'self'"],
    // The backend's origin is only known from the runtime config, so any https: origin may be
    // called, and local http ports for a development backend and the Firebase Auth emulator.
    'connect-src': [
      "'self'",
      'https:',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.paypal.com',
      'https://www.sandbox.paypal.com',
      'http://localhost:*',
      'http://127.0.0.1:*',
    ],
    'frame-src': [
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
      'https://*.firebaseapp.com',
      'https://www.paypal.com',
      'https://www.sandbox.paypal.com',
    ],
    'manifest-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
