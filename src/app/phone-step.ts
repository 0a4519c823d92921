import type { ServiceConfig } from '../features/config/api/get-config.ts';
import { sendPhoneCode } from '../features/phone/firebase-phone.ts';
import { sendSmsCode } from '../features/send-code/api/send-sms-code.ts';
import type { Outcome } from '../lib/api-client.ts';

export interface SentCode {
  /** The code went through Firebase, not the backend's SMS fallback. */
  viaProvider: boolean;
  verificationId: string | undefined;
}

/** Firebase sends the SMS; when it answers too-many-requests, the backend's SMS does (spec §4). */
export async function sendPhoneWithFallback(
  service: ServiceConfig,
  phoneNumber: string,
  captchaContainer: HTMLElement,
): Promise<Outcome<SentCode>> {
  const provider = await sendPhoneCode(service.firebaseConfig, phoneNumber, captchaContainer);
  if (provider.ok) return { ok: true, data: { viaProvider: true, verificationId: provider.verificationId } };
  if (!provider.tooManyRequests) return { ok: false, code: provider.code };
  const fallback = await sendSmsCode(service.mwsTargetUrl, phoneNumber, service.loginKey);
  return fallback.ok ? { ok: true, data: { viaProvider: false, verificationId: undefined } } : fallback;
}
