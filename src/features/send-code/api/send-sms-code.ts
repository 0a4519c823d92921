import { number, object, optional, string } from 'zod/mini';
import { endpoint, postForm, toOutcome, type Outcome } from '../../../lib/api-client.ts';
import { refusedSend } from './refused-send.ts';

const smsSentSchema = object({ code: number(), message: string(), reason: optional(string()) });

/** The backend's SMS, used only when Firebase answers too-many-requests. */
export async function sendSmsCode(
  mwsTargetUrl: string,
  mobileNumber: string,
  loginKey: string,
): Promise<Outcome<true>> {
  const answer = await postForm(
    endpoint(mwsTargetUrl, 'users/auth/sms'),
    { mobilenumber: mobileNumber, key: loginKey },
    { schema: smsSentSchema },
  );
  const result = toOutcome(answer, {
    network: 'AN02',
    rejected: 'AN03',
    tooManyRequests: refusedSend(answer),
  });
  if (!result.ok) return result;
  const sent = result.data.code === 200 && result.data.message === 'SMS gesendet';
  return sent ? { ok: true, data: true } : { ok: false, code: 'AN03' };
}
