import { object, optional, string } from 'zod/mini';
import { endpoint, postForm, toOutcome, type Outcome } from '../../../lib/api-client.ts';
import type { ErrorCode } from '../../../lib/messages.ts';

// status 'ok' with a token accepts the code; any other status is the backend saying no to it:
// wrong, expired or used up.
const verifiedSchema = object({ status: string(), token: optional(string()), message: optional(string()) });

const channels = {
  mail: { path: 'users/verify/mail', field: 'email', failure: 'VM02' },
  sms: { path: 'users/verify/sms', field: 'mobilenumber', failure: 'VN05' },
} as const satisfies Record<string, { path: string; field: string; failure: ErrorCode }>;

/** Checks a code with the MWS; the answer's token is the visitor's id token. */
export async function verifyCode(
  channel: keyof typeof channels,
  mwsTargetUrl: string,
  value: string,
  code: string,
): Promise<Outcome<string>> {
  const { path, field, failure } = channels[channel];
  const result = toOutcome(
    await postForm(endpoint(mwsTargetUrl, path), { [field]: value, token: code }, { schema: verifiedSchema }),
    { network: failure, rejected: failure },
  );
  if (!result.ok) return result;
  const { status, token } = result.data;
  if (status !== 'ok') return { ok: false, code: 'VM01' };
  return token ? { ok: true, data: token } : { ok: false, code: failure };
}
