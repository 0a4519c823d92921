import { FirebaseError, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  PhoneAuthProvider,
  RecaptchaVerifier,
  signInWithCredential,
  signInWithPhoneNumber,
  type Auth,
} from 'firebase/auth';
import type { Outcome } from '../../lib/api-client.ts';

/** The service's firebaseConfig from /api/config; a demo build's authEmulatorUrl next to Firebase's keys. */
export interface PhoneAuthConfig {
  apiKey: string;
  projectId: string;
  authEmulatorUrl?: string | undefined;
  [key: string]: unknown;
}

export type SendResult =
  { ok: true; verificationId: string } | { ok: false; tooManyRequests: boolean; code: 'AN01' | 'AN04' };

const auths = new Map<string, Auth>();

/**
 * One Auth per Firebase project. The session is kept in memory only: the page needs the id
 * token once, for the redirect, and must not leave a refresh token in the browser's storage.
 */
function authFor(config: PhoneAuthConfig): Auth {
  const firebaseConfig = __DEMO_BUILD__ ? withoutEmulator(config) : config;
  const name = `login-gateway-${firebaseConfig.projectId}`;
  const existing = auths.get(name);
  if (existing) return existing;
  const app = initializeApp(firebaseConfig, name);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  auth.languageCode = 'de';
  // Must come before anything else touches auth; against the emulator the SDK also skips the
  // real reCAPTCHA, which is how development and the browser tests run this path.
  // A release build drops this line and the emulator code with it (__DEMO_BUILD__ is false).
  if (__DEMO_BUILD__ && config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  auths.set(name, auth);
  return auth;
}

function withoutEmulator({ authEmulatorUrl: _emulator, ...firebaseConfig }: PhoneAuthConfig) {
  return firebaseConfig;
}

/**
 * Sends the SMS through Firebase after an invisible reCAPTCHA. The verifier is drawn into a
 * fresh element each time and cleared afterwards, so a retry after a failure starts clean.
 */
export async function sendPhoneCode(
  config: PhoneAuthConfig,
  phoneNumber: string,
  captchaContainer: HTMLElement,
): Promise<SendResult> {
  const auth = authFor(config);
  const slot = document.createElement('div');
  captchaContainer.replaceChildren(slot);
  const verifier = new RecaptchaVerifier(auth, slot, { size: 'invisible' });
  try {
    const confirmation = await signInWithPhoneNumber(auth, phoneNumber, verifier);
    return confirmation.verificationId
      ? { ok: true, verificationId: confirmation.verificationId }
      : { ok: false, tooManyRequests: false, code: 'AN04' };
  } catch (error) {
    logProviderError('sending the SMS', error);
    return { ok: false, tooManyRequests: errorCode(error) === 'auth/too-many-requests', code: 'AN01' };
  } finally {
    verifier.clear();
    captchaContainer.replaceChildren();
  }
}

/**
 * Confirms the code by verification id rather than through the ConfirmationResult, so a code
 * can still be confirmed after the tab was reloaded. The user's id token is the page's token.
 */
export async function confirmPhoneCode(
  config: PhoneAuthConfig,
  verificationId: string,
  code: string,
): Promise<Outcome<string>> {
  const auth = authFor(config);
  try {
    const { user } = await signInWithCredential(auth, PhoneAuthProvider.credential(verificationId, code));
    return { ok: true, data: await user.getIdToken() };
  } catch (error) {
    logProviderError('confirming the code', error);
    return { ok: false, code: errorCode(error) === 'auth/invalid-verification-code' ? 'VM01' : 'VN02' };
  }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof FirebaseError ? error.code : undefined;
}

function logProviderError(step: string, error: unknown): void {
  console.error(`Firebase phone sign-in failed while ${step}:`, errorCode(error) ?? error);
}
