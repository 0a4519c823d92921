import { PhoneAuthProvider, signInWithCredential } from 'firebase/auth';
import type { Outcome } from '../../lib/api-client.ts';
import type { ErrorCode } from '../../lib/messages.ts';
import { firebaseAuth, reportFirebaseError, type FirebaseAuthConfig } from '../../lib/firebase-auth.ts';
import { VERIFY_FAILED } from './code-channel.ts';
import { forgetFirebase } from './forget-firebase.ts';

/**
 * Firebase's refusals the visitor can act on. Too many requests is Firebase blocking this device
 * for a while, like the MWS's lockout, but without saying how long: VL01 without a time.
 */
const FIREBASE_REFUSALS = new Map<string | undefined, ErrorCode>([
  ['auth/invalid-verification-code', 'VM01'],
  // The SMS code's session ran out: a new code, not another try, is the way on.
  ['auth/code-expired', 'VE01'],
  ['auth/too-many-requests', 'VL01'],
]);

/**
 * Verifies a code Firebase sent, by verification id rather than through the ConfirmationResult,
 * so a code can still be verified after the tab was reloaded. The user's id token is the page's token.
 */
export async function verifyFirebaseCode(
  config: FirebaseAuthConfig,
  verificationId: string,
  code: string,
): Promise<Outcome<string>> {
  const auth = firebaseAuth(config);
  try {
    const { user } = await signInWithCredential(auth, PhoneAuthProvider.credential(verificationId, code));
    const token = await user.getIdToken();
    // The flow needs Firebase no more: what it stored goes with it (docs/privacy.md).
    await forgetFirebase(auth);
    return { ok: true, data: token };
  } catch (error) {
    const reason = reportFirebaseError('confirming the code', error);
    return { ok: false, code: FIREBASE_REFUSALS.get(reason) ?? VERIFY_FAILED.firebase };
  }
}
