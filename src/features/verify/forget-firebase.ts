import type { Auth } from 'firebase/auth';
import { releaseFirebaseAuth } from '../../lib/firebase-auth.ts';

/**
 * The IndexedDB database Firebase's SDK keeps for its "heartbeat": per Firebase app, the days on
 * which it was used and the SDK's user agent string (@firebase/app). It is the only thing the
 * phone path leaves in the browser; docs/privacy.md names it.
 */
export const FIREBASE_HEARTBEAT_DATABASE = 'firebase-heartbeat-database';

/**
 * Clears what Firebase left once the flow no longer needs it: the app, then its heartbeat
 * database. The SDK holds that database open for the rest of the page, so the deletion is only
 * requested here and completes when the page goes, which the redirect does at once.
 */
export async function forgetFirebase(auth: Auth): Promise<void> {
  await releaseFirebaseAuth(auth).catch(() => undefined);
  try {
    indexedDB.deleteDatabase(FIREBASE_HEARTBEAT_DATABASE);
  } catch {
    // No IndexedDB (a private mode): nothing was stored.
  }
}
