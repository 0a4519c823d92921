import { number, object, optional, string, type ZodMiniType } from 'zod/mini';
import { endpoint, postForm, toOutcome, type CallResult, type Outcome } from '../../../lib/api-client.ts';
import type { ErrorCode } from '../../../lib/messages.ts';

/** What a send route's answer holds besides the words that say "sent". */
interface Answer {
  message: string;
  reason?: string | undefined;
}

interface Route<T extends Answer> {
  path: string;
  /** The form field of the recipient. */
  field: string;
  schema: ZodMiniType<T>;
  /** Whether the answer says the code went out. */
  sent: (answer: T) => boolean;
  network: ErrorCode;
  rejected: ErrorCode;
}

const route = <T extends Answer>(definition: Route<T>) => definition;

/**
 * The MWS's send routes (spec §7), by the last segment of their path: the mail route, which an
 * EDP-Kennung takes too in the email field (the backend resolves it to the address it belongs
 * to, docs/backend-contract.md), and the SMS route, used only when Firebase answers
 * too-many-requests. Each says "sent" in its own words.
 */
const routes = {
  mail: route({
    path: 'users/auth/mail',
    field: 'email',
    schema: object({ status: number(), message: string(), reason: optional(string()) }),
    sent: (answer) => answer.status === 200 && answer.message === 'mail sent',
    network: 'AM01',
    rejected: 'AM02',
  }),
  sms: route({
    path: 'users/auth/sms',
    field: 'mobilenumber',
    schema: object({ code: number(), message: string(), reason: optional(string()) }),
    sent: (answer) => answer.code === 200 && answer.message === 'SMS gesendet',
    network: 'AN02',
    rejected: 'AN03',
  }),
};

export type SendRoute = keyof typeof routes;

/** Asks the MWS to send a code to `recipient` by its `route`. */
export function sendCode(
  by: SendRoute,
  mwsTargetUrl: string,
  recipient: string,
  loginKey: string,
): Promise<Outcome<true>> {
  const send = <T extends Answer>(definition: Route<T>) =>
    call(definition, mwsTargetUrl, recipient, loginKey);
  return by === 'mail' ? send(routes.mail) : send(routes.sms);
}

async function call<T extends Answer>(
  { path, field, schema, sent, network, rejected }: Route<T>,
  mwsTargetUrl: string,
  recipient: string,
  loginKey: string,
): Promise<Outcome<true>> {
  const answer = await postForm(
    endpoint(mwsTargetUrl, path),
    { [field]: recipient, key: loginKey },
    { schema },
  );
  const result = toOutcome(answer, { network, rejected, tooManyRequests: refusedSend(answer) });
  if (!result.ok) return result;
  return sent(result.data) ? { ok: true, data: true } : { ok: false, code: rejected };
}

/**
 * What a send the MWS refused with HTTP 429 shows: the value is locked after too many wrong codes
 * (VL01), or a limit of sends is reached (AL01, also when the answer does not say which).
 */
function refusedSend(answer: CallResult<Answer>): ErrorCode {
  return !answer.ok && answer.data?.reason === 'locked' ? 'VL01' : 'AL01';
}
