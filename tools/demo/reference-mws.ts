import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CodeStore,
  SEND_LIMITS,
  type Channel,
  type CheckResult,
  type SendLimits,
  type SendRefusal,
} from './code-store.ts';
import { HttpError, readForm, requireFields, sendError, sendJson } from './http-utils.ts';

export interface OutboxEntry {
  channel: Channel | 'firebase';
  to: string;
  code: string;
  sentAt: string;
}

export interface ReferenceMwsOptions {
  /** The loginKey of every known service. */
  loginKeys: ReadonlySet<string>;
  /** Whether an `Origin` is a brand page's: only those get CORS, and a call from any other is refused. */
  isBrandOrigin: (origin: string) => boolean;
  /** Who is asking, for the per-client limit: the peer's address unless a proxy in front says. */
  clientOf?: (request: IncomingMessage) => string;
  /** The contract's limits (SEND_LIMITS) unless given. */
  sendLimits?: SendLimits;
  now?: () => number;
  /** Where a sent code is reported besides the outbox; the console by default. */
  onCodeSent?: (entry: OutboxEntry) => void;
}

/** What a token of this MWS says: who signed in, how, and when (seconds, as JWTs count). */
export interface TokenClaims {
  sub: string;
  amr: Channel[];
  iat: number;
  exp: number;
  iss: string;
}

const ISSUER = 'reference-mws';

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
  locked: LOCKED,
};

/** An answer's status, body and any headers of its own besides CORS. */
type Answer = [status: number, body: unknown, headers?: Record<string, string>];

/**
 * The development MWS of docs/backend-contract.md: mail and SMS sends, code checks and a
 * signed-looking token. Codes are not delivered anywhere; they are printed and kept in an
 * outbox that people and tests read.
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
  const secret = randomBytes(32);

  /** Sends a code, or says which limit or lock refuses it and until when. */
  const send = (channel: Channel, to: string, client: string): SendRefusal | undefined => {
    const refusal = codes.refuseSend(channel, to, client);
    if (refusal) return refusal;
    const code = codes.issue(channel, to, client);
    const entry = { channel, to, code, sentAt: new Date(now()).toISOString() };
    outbox.push(entry);
    onCodeSent(entry);
    return undefined;
  };

  const issueToken = (channel: Channel, subject: string): string => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const issuedAt = Math.floor(now() / 1000);
    const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, amr: [channel], iat: issuedAt, exp: issuedAt + 3600, iss: ISSUER })}`;
    return `${body}.${sign(body)}`;
  };

  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');

  /** The claims of a token this MWS signed and that has not expired, else undefined. */
  const readToken = (token: string): TokenClaims | undefined => {
    const [header = '', payload = '', signature = '', ...rest] = token.split('.');
    const expected = Buffer.from(sign(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    return claims.iss === ISSUER && now() < claims.exp * 1000 ? claims : undefined;
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
      requireKnownKey(loginKeys, key);
      const refused = send('mail', email.trim(), client);
      return refused ? refusedSend('status', refused) : [200, { status: 200, message: 'mail sent' }];
    },
    'users/auth/sms': (form, client) => {
      const { mobilenumber, key } = requireFields(form, 'mobilenumber', 'key');
      requireKnownKey(loginKeys, key);
      if (!/^\+[1-9]\d{6,14}$/.test(mobilenumber))
        throw new HttpError(400, 'mobilenumber is not in E.164 form');
      const refused = send('sms', mobilenumber, client);
      return refused ? refusedSend('code', refused) : [200, { code: 200, message: 'SMS gesendet' }];
    },
    'users/verify/mail': (form) => checkCode('mail', requireFields(form, 'email', 'token'), 'email'),
    'users/verify/sms': (form) =>
      checkCode('sms', requireFields(form, 'mobilenumber', 'token'), 'mobilenumber'),
  };

  function checkCode<F extends string>(
    channel: Channel,
    fields: Record<F | 'token', string>,
    valueField: F,
  ): Answer {
    const value = fields[valueField].trim();
    const result = codes.check(channel, value, fields.token.trim());
    if (result === 'ok') return [200, { status: 'ok', token: issueToken(channel, value) }];
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

function requireKnownKey(loginKeys: ReadonlySet<string>, key: string): void {
  if (!loginKeys.has(key)) throw new HttpError(403, 'unknown service key');
}

function printCode({ channel, to, code }: OutboxEntry): void {
  console.log(`  ✉  ${channel === 'mail' ? 'Mail' : 'SMS'} code for ${to}: ${code}`);
}
