import type { IncomingMessage, ServerResponse } from 'node:http';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { canonicalIdentifier, canonicalMailField, type Canonical } from '../../src/lib/canonical-value.ts';
import { CodeStore, type CheckResult, type SendRefusal } from './code-store.ts';
import { HttpError, readForm, requireFields, sendError, sendJson } from './http-utils.ts';
import { createTokens } from './mws-token.ts';
import { SEND_LIMITS, type Channel, type SendLimits } from './send-limits.ts';

export interface OutboxEntry {
  channel: Channel | 'firebase';
  to: string;
  code: string;
  sentAt: string;
}

export interface ReferenceMwsOptions {
  /** The loginKey of every known service, and that service: a code and its token are for it alone. */
  loginKeys: ReadonlyMap<string, string>;
  /** Whether an `Origin` is a brand page's: only those get CORS, and a call from any other is refused. */
  isBrandOrigin: (origin: string) => boolean;
  /**
   * Who is asking, for the per-client limits: the peer's address unless a proxy in front says.
   * The limits count an IPv6 address by its /64 (client-key.ts).
   */
  clientOf?: (request: IncomingMessage) => string;
  /** The contract's limits (SEND_LIMITS) unless given. */
  sendLimits?: SendLimits;
  now?: () => number;
  /** Where a sent code is reported besides the outbox; the console by default. */
  onCodeSent?: (entry: OutboxEntry) => void;
}

const LOCKED = 'Too many wrong codes were entered for this value; it is locked for a while.';

const CHECK_REFUSALS: Record<Exclude<CheckResult, 'ok'>, string> = {
  wrong: 'The code is wrong.',
  expired: 'The code has expired.',
  replaced: 'A newer code was sent; only the newest one counts.',
  used: 'The code has already been used.',
  unknown: 'No code was sent to this value.',
  locked: LOCKED,
};

const SEND_REFUSALS: Record<SendRefusal['reason'], string> = {
  'value-limit': 'Too many codes were sent to this value.',
  'client-limit': 'Too many codes were sent from this client.',
  'country-budget': 'Too many SMS were sent to this country; the SMS fallback is paused for it.',
  'sms-budget': 'Too many SMS were sent; the SMS fallback is paused.',
  locked: LOCKED,
};

/** An answer's status, body and any headers of its own besides CORS. */
type Answer = [status: number, body: unknown, headers?: Record<string, string>];

/**
 * The development MWS of docs/backend-contract.md: mail and SMS sends, code checks and a signed
 * token for the service whose key asked for the code. Values are taken in their canonical form
 * (canonical-value.ts) before anything is keyed or sent. Codes are not delivered anywhere; they
 * are printed and kept in an outbox that people and tests read.
 */
export function createReferenceMws({
  loginKeys,
  isBrandOrigin,
  clientOf = (request) => request.socket.remoteAddress ?? '',
  sendLimits = SEND_LIMITS,
  now = Date.now,
  onCodeSent = printCode,
}: ReferenceMwsOptions) {
  const codes = new CodeStore(now, sendLimits);
  const outbox: OutboxEntry[] = [];
  const { issueToken, readToken } = createTokens(now);

  /** Sends a code for the service, or says which limit or lock refuses it and until when. */
  const send = (channel: Channel, to: string, client: string, service: string): SendRefusal | undefined => {
    const refusal = codes.refuseSend(channel, to, client);
    if (refusal) return refusal;
    const code = codes.issue(channel, to, client, service);
    const entry = { channel, to, code, sentAt: new Date(now()).toISOString() };
    outbox.push(entry);
    onCodeSent(entry);
    return undefined;
  };

  /** The service a send call's key belongs to; an unknown key is refused before anything counts. */
  const serviceOf = (key: string): string => {
    const service = loginKeys.get(key);
    if (service === undefined) throw new HttpError(403, 'unknown service key');
    return service;
  };

  /**
   * `Retry-After` in whole seconds, rounded up so that a try when it says is not refused again.
   * The store's `until` of a refusal is always later than now, so this is at least 1.
   */
  const retryAfter = (until: number) => ({ 'retry-after': String(Math.ceil((until - now()) / 1000)) });

  /** A refused send: 429 in the call's own answer shape, with the reason and the wait. */
  const refusedSend = (shape: 'status' | 'code', { reason, until }: SendRefusal): Answer => [
    429,
    { [shape]: 429, reason, message: SEND_REFUSALS[reason] },
    retryAfter(until),
  ];

  const routes: Record<string, (form: URLSearchParams, client: string) => Answer> = {
    'users/auth/mail': (form, client) => {
      const { email, key } = requireFields(form, 'email', 'key');
      const service = serviceOf(key);
      const refused = send('mail', canonical('email', canonicalMailField(email)), client, service);
      return refused ? refusedSend('status', refused) : [200, { status: 200, message: 'mail sent' }];
    },
    'users/auth/sms': (form, client) => {
      const { mobilenumber, key } = requireFields(form, 'mobilenumber', 'key');
      const service = serviceOf(key);
      // E.164 has one spelling: anything else, an invisible character too, is refused, not mended.
      if (!/^\+[1-9]\d{6,14}$/.test(mobilenumber))
        throw new HttpError(400, 'mobilenumber is not in E.164 form');
      // What the page refuses before it sends (send-phone-code.ts): no SMS to a number that cannot be.
      const parsed = parsePhoneNumberFromString(mobilenumber);
      if (!parsed?.isPossible())
        throw new HttpError(400, 'mobilenumber cannot be a phone number of its country');
      // `+49015…` is `+4915…` with a trunk 0: one number, one spelling, or it escapes its limit.
      if (parsed.number !== mobilenumber)
        throw new HttpError(400, `mobilenumber is not in its one E.164 form, ${parsed.number}`);
      const refused = send('sms', mobilenumber, client, service);
      return refused ? refusedSend('code', refused) : [200, { code: 200, message: 'SMS gesendet' }];
    },
    'users/verify/mail': (form) => {
      const { email, token } = requireFields(form, 'email', 'token');
      return checkCode('mail', canonical('email', canonicalMailField(email)), token);
    },
    'users/verify/sms': (form) => {
      const { mobilenumber, token } = requireFields(form, 'mobilenumber', 'token');
      return checkCode('sms', canonical('mobilenumber', canonicalIdentifier(mobilenumber)), token);
    },
  };

  /**
   * A right code gives a token for the value it was sent to and the service whose key asked for
   * it: the verify call carries no key, so the code is what ties the two.
   */
  function checkCode(channel: Channel, value: string, code: string): Answer {
    const checked = codes.check(channel, value, code.trim());
    if (checked.result === 'ok') {
      const token = issueToken({ sub: checked.sentTo, aud: checked.service, channel });
      return [200, { status: 'ok', token }];
    }
    const { result } = checked;
    const body = { status: 'error', reason: result, message: CHECK_REFUSALS[result] };
    const lockedUntil = codes.lockedUntil(channel, value);
    return lockedUntil === undefined ? [400, body] : [429, body, retryAfter(lockedUntil)];
  }

  /**
   * Handles `POST …/{route}`, with CORS for the brand pages only. A simple request from another
   * origin is refused before it is read: CORS alone would only hide the answer, not stop the send.
   * Its preflight gets a plain 204 without a grant, which stops the browser and sends nothing.
   * A request without an Origin is no browser's cross-origin call; the send limits cover it.
   */
  async function handle(request: IncomingMessage, response: ServerResponse, route: string): Promise<void> {
    const { origin } = request.headers;
    const fromBrand = origin !== undefined && isBrandOrigin(origin);
    // A cross-origin page can read Retry-After only when it is exposed.
    const cors: Record<string, string> = {
      ...(fromBrand && {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': 'Retry-After',
      }),
      vary: 'Origin',
    };
    try {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          ...cors,
          ...(fromBrand && { 'access-control-allow-methods': 'POST', 'access-control-max-age': '600' }),
        });
        return void response.end();
      }
      if (origin !== undefined && !fromBrand) throw new HttpError(403, 'not a brand origin');
      const answer = routes[route];
      if (!answer || !Object.hasOwn(routes, route)) throw new HttpError(404, `no MWS route ${route}`);
      if (request.method !== 'POST') {
        return sendJson(response, 405, { error: 'use POST' }, { ...cors, allow: 'POST, OPTIONS' });
      }
      const [status, body, headers] = answer(await readForm(request), clientOf(request));
      sendJson(response, status, body, { ...cors, ...headers });
    } catch (error) {
      sendError(response, error, cors);
    }
  }

  return { handle, outbox, codes, readToken };
}

/** The canonical form of a field's value, or a 400 that says what is wrong with it. */
function canonical(field: string, value: Canonical): string {
  if (value.ok) return value.value;
  throw new HttpError(
    400,
    value.reason === 'invisible-character'
      ? `${field} holds an invisible character, such as U+200B`
      : `${field} is not one mailbox: a dot-atom local part at a host name, without a name, list, quote or comment`,
  );
}

function printCode({ channel, to, code }: OutboxEntry): void {
  console.log(`  ✉  ${channel === 'mail' ? 'Mail' : 'SMS'} code for ${to}: ${code}`);
}
