/**
 * What the page's Permissions-Policy header says of each feature, and why. Two states:
 * - `off`: named as `feature=()`, so neither the page nor any frame in it (reCAPTCHA's,
 *   PayPal's) may use it;
 * - `default`: not named, on purpose, so the browser's default allowlist applies.
 *
 * A feature is named only when every browser of the stated range that reads the header knows it
 * and none has removed or deprecated it: a name a browser does not know costs every visitor a
 * console error ("Unrecognized feature") and protects nothing. That is checked against
 * @mdn/browser-compat-data by tests/scripts/lib/permissions-policy.test.ts
 * (permissions-policy-compat.ts), which also asks for a decision here for every feature all those
 * browsers know. docs/deploy.md shows this table; the same test keeps the two equal.
 */
export type FeatureState = 'off' | 'default';

export interface FeatureDecision {
  state: FeatureState;
  why: string;
}

const UNUSED = 'the page uses it nowhere, and no frame in it may';
/** Why a feature some browser of the range does not know stays unnamed. */
const NOT_EVERYWHERE =
  'not every browser of the range knows the name; its default allowlist is self, so no frame gets it';
const RETIRED =
  'retired with the Privacy Sandbox; a browser that no longer knows it logs an error on every page';

export const PERMISSIONS: Readonly<Record<string, FeatureDecision>> = {
  accelerometer: { state: 'off', why: UNUSED },
  'attribution-reporting': { state: 'default', why: `${RETIRED} (Chrome 152 removed it)` },
  autoplay: { state: 'off', why: 'the page plays no media' },
  bluetooth: {
    state: 'default',
    // The compat data says Chrome 104, but Chromium on Linux leaves Web Bluetooth off and logs
    // the name as unrecognised; the browser suite saw it.
    why: 'Chromium on Linux does not know the name (the compat data says otherwise); its default allowlist is self',
  },
  'browsing-topics': { state: 'default', why: `${RETIRED} (deprecated in the compat data)` },
  camera: { state: 'off', why: UNUSED },
  'clipboard-read': {
    state: 'off',
    why: 'a code is pasted by keyboard or menu, which needs no clipboard API',
  },
  'clipboard-write': { state: 'off', why: UNUSED },
  'cross-origin-isolated': {
    state: 'default',
    why: 'the page is not cross-origin isolated; naming it changes nothing',
  },
  'display-capture': { state: 'off', why: UNUSED },
  'encrypted-media': { state: 'off', why: 'the page plays no media' },
  fullscreen: { state: 'off', why: UNUSED },
  gamepad: { state: 'off', why: UNUSED },
  geolocation: { state: 'off', why: UNUSED },
  gyroscope: { state: 'off', why: UNUSED },
  hid: { state: 'default', why: NOT_EVERYWHERE },
  'idle-detection': { state: 'off', why: UNUSED },
  'local-fonts': { state: 'default', why: NOT_EVERYWHERE },
  microphone: { state: 'off', why: UNUSED },
  midi: { state: 'off', why: UNUSED },
  'otp-credentials': {
    state: 'default',
    why: 'a WebOTP step (the SMS code filled in from the message) needs it allowed for self, which is its default; Android WebView does not know the name, so no frame gets it and it stays unnamed',
  },
  // PayPal's Buttons frame asks for it (allowpaymentrequest) for Apple Pay and Google Pay, which
  // the page does not offer; its own button and checkout popup do not use it.
  payment: {
    state: 'off',
    why: "the page offers no Payment Request; PayPal's button and popup do not need it",
  },
  'picture-in-picture': { state: 'off', why: 'the page plays no media' },
  'publickey-credentials-create': {
    state: 'off',
    why: 'no passkey is created; a passkey step sets it to (self)',
  },
  'publickey-credentials-get': {
    state: 'off',
    why: 'no passkey sign-in yet; a passkey step sets it to (self)',
  },
  'screen-wake-lock': { state: 'default', why: NOT_EVERYWHERE },
  serial: { state: 'off', why: UNUSED },
  'storage-access': {
    state: 'default',
    why: "reCAPTCHA's and PayPal's frames may use it to recognise a visitor they know",
  },
  unload: { state: 'default', why: 'SDK code may still listen for unload; it governs no powerful feature' },
  usb: { state: 'default', why: NOT_EVERYWHERE },
  'window-management': { state: 'default', why: NOT_EVERYWHERE },
  'xr-spatial-tracking': { state: 'default', why: NOT_EVERYWHERE },
};

/** The header's value: every feature that is off, by name. */
export function renderPermissionsPolicy(decisions: Readonly<Record<string, FeatureDecision>>): string {
  return Object.entries(decisions)
    .filter(([, decision]) => decision.state === 'off')
    .map(([feature]) => `${feature}=()`)
    .join(', ');
}

export const PERMISSIONS_POLICY = renderPermissionsPolicy(PERMISSIONS);
