import { sendCode } from '../features/send-code/api/send-code.ts';
import type { SentCode } from '../features/send-code/send-phone-code.ts';
import type { Outcome } from '../lib/api-client.ts';
import type { SendRequest } from './login-methods.ts';

/**
 * Sends a code to an address or an EDP-Kennung through the MWS; a chunk of its own, fetched while
 * view 1 shows, so view 0 does not carry it.
 */
export async function sendByMail({ service, sentTo }: SendRequest): Promise<Outcome<SentCode>> {
  const sent = await sendCode('mail', service.mwsTargetUrl, sentTo, service.loginKey);
  return sent.ok ? { ok: true, data: { sentViaFirebase: false, verificationId: undefined } } : sent;
}
