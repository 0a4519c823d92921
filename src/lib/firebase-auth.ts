import { deleteApp, FirebaseError, initializeApp } from 'firebase/app';
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { allowSdkScripts } from './trusted-types.ts';

/** The service's firebaseConfig from /api/config; a demo build's authEmulatorUrl next to Firebase's keys. */
export interface FirebaseAuthConfig {
  apiKey: string;
  projectId: string;
  authEmulatorUrl?: string | undefined;
  [key: string]: unknown;
}

const auths = new Map<string, Auth>();

/**
 * The one Firebase Auth of a project, shared by sending the SMS and confirming its code. The
 * session is kept in memory only: the page needs the id token once, for the redirect, and must
 * not leave a refresh token in the browser's storage.
 */
export function firebaseAuth(config: FirebaseAuthConfig): Auth {
  const firebaseConfig = __DEMO_BUILD__ ? withoutEmulator(config) : config;
  const name = `login-gateway-${firebaseConfig.projectId}`;
  const existing = auths.get(name);
  if (existing) return existing;
  // reCAPTCHA's script goes in through the page's Trusted Types policy.
  allowSdkScripts();
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

/**
 * Ends the page's use of Firebase once the phone code was confirmed: the app is deleted, so no
 * later request of the SDK runs. What the SDK stored is removed by the caller (forget-firebase.ts).
 */
export async function releaseFirebaseAuth(auth: Auth): Promise<void> {
  for (const [name, each] of auths) if (each === auth) auths.delete(name);
  await deleteApp(auth.app);
}

function withoutEmulator({ authEmulatorUrl: _emulator, ...firebaseConfig }: FirebaseAuthConfig) {
  return firebaseConfig;
}

/** Logs why Firebase refused (its code, never the number or the code typed) and returns that code. */
export function reportFirebaseError(step: string, error: unknown): string | undefined {
  const code = error instanceof FirebaseError ? error.code : undefined;
  console.error(`Firebase phone sign-in failed while ${step}:`, code ?? error);
  return code;
}
