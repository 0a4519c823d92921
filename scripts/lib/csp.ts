import { takesPayments } from '../../src/lib/services.ts';

type Directives = Record<string, readonly string[]>;

/**
 * What every brand's page needs. No inline script and no inline style: the brand colors are a
 * stylesheet of their own (bake-html.ts).
 *
 * The page's own origin by default, and every fetch directive the page has no use for set to
 * 'none' by name: only the web app manifest falls back to 'self'. It cannot be named, as
 * WebKitGTK does not know manifest-src and says so in the console of every load, and under
 * default-src 'none' Chromium would refuse the manifest it fetches to offer installing the page.
 * (Firefox checks <link rel=prefetch> against default-src too, so a same-origin prefetch passes.)
 */
const PAGE: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  // The MWS origin is only known from the runtime config, so any https: origin may be called; it
  // covers Firebase's and PayPal's API hosts too.
  'connect-src': ["'self'", 'https:'],
  'font-src': ["'none'"],
  'media-src': ["'none'"],
  'object-src': ["'none'"],
  'worker-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'none'"],
  // Every form is handled by script; nothing is ever submitted by the browser.
  'form-action': ["'none'"],
};

/**
 * The directives Chromium, Firefox and WebKit all recognise. An unknown one is ignored and
 * logged in the console of every load (WebKitGTK: "Unrecognized Content-Security-Policy
 * directive"), so buildContentSecurityPolicy refuses any other.
 */
export const DIRECTIVES_EVERY_ENGINE_KNOWS: ReadonlySet<string> = new Set([
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'connect-src',
  'font-src',
  'media-src',
  'object-src',
  'worker-src',
  'frame-src',
  'child-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'report-uri',
  // Chromium 83+, Firefox 148+, Safari 26 (@mdn/browser-compat-data); the engine projects run
  // Firefox ESR 153 and WebKitGTK 2.50 under them.
  'require-trusted-types-for',
  'trusted-types',
]);

/** A demo build also talks to a development backend and the Firebase Auth emulator. */
const DEMO: Directives = {
  'connect-src': ['http://localhost:*', 'http://127.0.0.1:*'],
};

/**
 * Trusted Types: a string reaches a script sink only through the page's one policy, `default`
 * (src/lib/trusted-types.ts), which admits the reCAPTCHA and PayPal SDK script URLs alone.
 * Enforced in a demo build, whose SDKs are the Auth emulator and the PayPal stand-in, so the
 * browser suite runs every flow under it; a release sends it as Report-Only (host-headers.ts)
 * until the real SDKs are seen to pass (decision 017).
 */
const TRUSTED_TYPES: Directives = {
  'require-trusted-types-for': ["'script'"],
  'trusted-types': ['default'],
};

/** The Trusted Types directives as a policy of their own, for the release's Report-Only header. */
export const TRUSTED_TYPES_POLICY = serialize(TRUSTED_TYPES);

/**
 * Firebase phone sign-in with its invisible reCAPTCHA. Every brand gets it: which methods a
 * service offers is runtime config. Auth is created without a popup/redirect resolver
 * (src/lib/firebase-auth.ts), so neither apis.google.com nor the project's `__/auth/iframe` is
 * ever loaded. The badge and the challenge draw inside Google's frames.
 *
 * Scripts by exact file, not the prefixes of Google's reCAPTCHA FAQ ("I'm using Content Security
 * Policy (CSP) on my website", developers.google.com/recaptcha/docs/faq): `www.google.com/recaptcha/`
 * also allows /recaptcha/about/js/main.min.js, a known gadget for running injected markup. A source
 * path without a trailing `/` matches that file only, whatever its query. Firebase Auth 12.19.0
 * (@firebase/auth 1.13.6) loads `api.js` for the v2 verifier, and `enterprise.js` instead when the
 * project turns on reCAPTCHA Enterprise for phone sign-in (SMS defense, a console setting the page
 * cannot see); either loader then adds its release file, `www.gstatic.com/recaptcha/releases/
 * <version>/recaptcha__<lang>.js`, whose version changes without notice, so that folder stays a
 * prefix. src/lib/trusted-types.ts admits the same three. (After a redirect a browser checks the
 * host only; these files are answered, not redirected.) Frames keep the FAQ's folders (api2/ and
 * enterprise/ anchor and bframe): a framed page runs in Google's origin, not in this one.
 */
const FIREBASE_PHONE: Directives = {
  'script-src': [
    'https://www.google.com/recaptcha/api.js',
    'https://www.google.com/recaptcha/enterprise.js',
    'https://www.gstatic.com/recaptcha/releases/',
  ],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/**
 * PayPal's JS SDK, from PayPal's CSP guidance (developer.paypal.com/sdk/js/best-practices),
 * without *.venmo.com: Venmo pays in US dollars only, and the page charges euros. The Buttons
 * container adds a <style> to the page whose text carries a random id per render, so no hash
 * can allow it: 'unsafe-inline' for styles, never for scripts (decision 007).
 */
const PAYPAL_HOSTS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
const PAYPAL: Directives = {
  'script-src': PAYPAL_HOSTS,
  'style-src': ["'unsafe-inline'", ...PAYPAL_HOSTS],
  'img-src': [...PAYPAL_HOSTS, 'data:'],
  'frame-src': PAYPAL_HOSTS,
};

/** A release goes to the real domains; a demo build runs offline with its development switches. */
export type BuildKind = 'release' | 'demo';

/**
 * The Content-Security-Policy of one brand's page: what that brand's code can need and nothing
 * more. The baked <meta> and the hosts' headers (host-headers.ts) come from here. A <meta> policy
 * cannot carry frame-ancestors, report-uri or sandbox; the hosts add frame-ancestors.
 */
export function buildContentSecurityPolicy(service: string, build: BuildKind = 'release'): string {
  const parts = [
    PAGE,
    FIREBASE_PHONE,
    ...(takesPayments(service) ? [PAYPAL] : []),
    ...(build === 'demo' ? [DEMO, TRUSTED_TYPES] : []),
  ];
  const directives = new Map<string, string[]>();
  for (const part of parts) {
    for (const [name, sources] of Object.entries(part)) {
      if (!DIRECTIVES_EVERY_ENGINE_KNOWS.has(name)) throw new Error(`${name} is not known to every engine`);
      // A part that allows something replaces the page's 'none'.
      const current = (directives.get(name) ?? []).filter((source) => source !== "'none'");
      directives.set(name, [...new Set([...current, ...sources])]);
    }
  }
  return serialize(Object.fromEntries(directives));
}

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
