import { object, optional, string } from 'zod/mini';
import { endpoint, postForm, toOutcome, type Outcome } from '../../../lib/api-client.ts';
import type { ErrorCode } from '../../../lib/messages.ts';
import { VERIFY_FAILED } from '../code-channel.ts';

// status 'ok' with a token accepts the code; any other status is the backend saying no to it, and
// `reason` why (docs/backend-contract.md). HTTP 429 is the lock after too many wrong codes,
// whatever its body; its Retry-After says until when.
const verifiedSchema = object({
  status: string(),
  token: optional(string()),
  message: optional(string()),
  reason: optional(string()),
});

/**
 * What the page shows for each reason the MWS gives: a wrong code is the spec's VM01, as is a
 * refusal without a reason (an MWS that predates them); one that was right once but is no longer
 * asks for a new code, and one a newer code replaced asks for that one.
 */
const REFUSALS: Record<string, ErrorCode> = {
  expired: 'VE01',
  used: 'VE01',
  unknown: 'VE01',
  replaced: 'VR01',
};

/** The MWS's verify routes, by the last segment of their path (spec §7). */
const routes = {
  mail: { path: 'users/verify/mail', field: 'email', failure: VERIFY_FAILED['mws-mail'] },
  sms: { path: 'users/verify/sms', field: 'mobilenumber', failure: VERIFY_FAILED['mws-sms'] },
} as const;

export type MwsRoute = keyof typeof routes;

/** Verifies a code with the MWS; the answer's token is the visitor's id token. */
export async function verifyCode(
  route: MwsRoute,
  mwsTargetUrl: string,
  value: string,
  code: string,
): Promise<Outcome<string>> {
  const { path, field, failure } = routes[route];
  const result = toOutcome(
    await postForm(endpoint(mwsTargetUrl, path), { [field]: value, token: code }, { schema: verifiedSchema }),
    { network: failure, rejected: failure, tooManyRequests: 'VL01' },
  );
  if (!result.ok) return result;
  const { status, token } = result.data;
  if (status !== 'ok') {
    const { reason } = result.data;
    return {
      ok: false,
      code: (reason !== undefined && Object.hasOwn(REFUSALS, reason) && REFUSALS[reason]) || 'VM01',
    };
  }
  return token ? { ok: true, data: token } : { ok: false, code: failure };
}
