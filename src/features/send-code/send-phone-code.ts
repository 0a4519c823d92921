import { RecaptchaVerifier, signInWithPhoneNumber } from 'firebase/auth';
// The smallest metadata: the length of a number per country, all a check before sending needs.
import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import type { Outcome } from '../../lib/api-client.ts';
import { firebaseAuth, reportFirebaseError, type FirebaseAuthConfig } from '../../lib/firebase-auth.ts';
import { sendCode } from './api/send-code.ts';

export interface SentCode {
  /** The code went through Firebase, not the backend's SMS fallback. */
  sentViaFirebase: boolean;
  verificationId: string | undefined;
}

interface PhoneService {
  firebaseConfig: FirebaseAuthConfig;
  mwsTargetUrl: string;
  loginKey: string;
}

/**
 * Firebase sends the SMS; when it answers too-many-requests, the backend's SMS does (spec §4).
 * A number that cannot be one in E.164 (a country code that does not exist, too few or too many
 * digits for its country) is refused first: no captcha, no SMS to a wrong number, no try spent.
 */
export async function sendPhoneCode(
  service: PhoneService,
  phoneNumber: string,
  captchaContainer: HTMLElement,
): Promise<Outcome<SentCode>> {
  if (!isPossiblePhoneNumber(phoneNumber)) return { ok: false, code: 'AN05' };
  const firebase = await sendViaFirebase(service.firebaseConfig, phoneNumber, captchaContainer);
  if (firebase.ok)
    return { ok: true, data: { sentViaFirebase: true, verificationId: firebase.verificationId } };
  if (!firebase.tooManyRequests) return { ok: false, code: firebase.code };
  const fallback = await sendCode('sms', service.mwsTargetUrl, phoneNumber, service.loginKey);
  return fallback.ok ? { ok: true, data: { sentViaFirebase: false, verificationId: undefined } } : fallback;
}

type FirebaseSend =
  { ok: true; verificationId: string } | { ok: false; tooManyRequests: boolean; code: 'AN01' | 'AN04' };

/**
 * Sends the SMS through Firebase after an invisible reCAPTCHA. The verifier is drawn into a
 * fresh element each time and cleared afterwards, so a retry after a failure starts clean.
 */
async function sendViaFirebase(
  config: FirebaseAuthConfig,
  phoneNumber: string,
  captchaContainer: HTMLElement,
): Promise<FirebaseSend> {
  const auth = firebaseAuth(config);
  const slot = document.createElement('div');
  captchaContainer.replaceChildren(slot);
  const verifier = new RecaptchaVerifier(auth, slot, { size: 'invisible' });
  try {
    const confirmation = await signInWithPhoneNumber(auth, phoneNumber, verifier);
    return confirmation.verificationId
      ? { ok: true, verificationId: confirmation.verificationId }
      : { ok: false, tooManyRequests: false, code: 'AN04' };
  } catch (error) {
    const code = reportFirebaseError('sending the SMS', error);
    return { ok: false, tooManyRequests: code === 'auth/too-many-requests', code: 'AN01' };
  } finally {
    verifier.clear();
    captchaContainer.replaceChildren();
  }
}
