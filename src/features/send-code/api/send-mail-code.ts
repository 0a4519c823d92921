import { number, object, optional, string } from 'zod/mini';
import { endpoint, postForm, toOutcome, type Outcome } from '../../../lib/api-client.ts';
import { refusedSend } from './refused-send.ts';

const mailSentSchema = object({ status: number(), message: string(), reason: optional(string()) });

/**
 * Asks the MWS to mail a code. An EDP-Kennung goes through the same call, in the email field:
 * the backend resolves it to the address it belongs to (docs/backend-contract.md).
 */
export async function sendMailCode(
  mwsTargetUrl: string,
  recipient: string,
  loginKey: string,
): Promise<Outcome<true>> {
  const answer = await postForm(
    endpoint(mwsTargetUrl, 'users/auth/mail'),
    { email: recipient, key: loginKey },
    { schema: mailSentSchema },
  );
  const result = toOutcome(answer, {
    network: 'AM01',
    rejected: 'AM02',
    tooManyRequests: refusedSend(answer),
  });
  if (!result.ok) return result;
  const sent = result.data.status === 200 && result.data.message === 'mail sent';
  return sent ? { ok: true, data: true } : { ok: false, code: 'AM02' };
}
