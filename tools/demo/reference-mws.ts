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

const CHECK_ANSWERS: Record<Exclude<CheckResult, 'ok'>, string> = {
  wrong: 'wrong code',
  expired: 'code expired',
  locked: 'too many wrong attempts',
  unknown: 'no code was sent to this value',
};

const SEND_REFUSALS: Record<SendRefusal, string> = {
  'value limit': 'too many codes sent to this value',
  'client limit': 'too many codes sent from this client',
  locked: 'too many wrong attempts',
};

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

  /** Sends a code, or names the limit or lock that refuses it. */
  const send = (channel: Channel, to: string, client: string): string | undefined => {
    const refusal = codes.refuseSend(channel, to, client);
    if (refusal) return SEND_REFUSALS[refusal];
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

  const routes: Record<string, (form: URLSearchParams, client: string) => [number, unknown]> = {
    'users/auth/mail': (form, client) => {
      const { email, key } = requireFields(form, 'email', 'key');
      requireKnownKey(loginKeys, key);
      // A refusal is 429 in the call's own answer shape; the page reads the status alone.
      const refused = send('mail', email.trim(), client);
      return refused
        ? [429, { status: 429, message: refused }]
        : [200, { status: 200, message: 'mail sent' }];
    },
    'users/auth/sms': (form, client) => {
      const { mobilenumber, key } = requireFields(form, 'mobilenumber', 'key');
      requireKnownKey(loginKeys, key);
      if (!/^\+[1-9]\d{6,14}$/.test(mobilenumber))
        throw new HttpError(400, 'mobilenumber is not in E.164 form');
      const refused = send('sms', mobilenumber, client);
      return refused ? [429, { code: 429, message: refused }] : [200, { code: 200, message: 'SMS gesendet' }];
    },
    'users/verify/mail': (form) => checkCode('mail', requireFields(form, 'email', 'token'), 'email'),
    'users/verify/sms': (form) =>
      checkCode('sms', requireFields(form, 'mobilenumber', 'token'), 'mobilenumber'),
  };

  function checkCode<F extends string>(
    channel: Channel,
    fields: Record<F | 'token', string>,
    valueField: F,
  ): [number, unknown] {
    const value = fields[valueField].trim();
    const result = codes.check(channel, value, fields.token.trim());
    if (result === 'ok') return [200, { status: 'ok', token: issueToken(channel, value) }];
    return [result === 'locked' ? 429 : 400, { status: 'error', message: CHECK_ANSWERS[result] }];
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
    const cors: Record<string, string> = {
      ...(fromBrand && { 'access-control-allow-origin': origin }),
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
      const [status, body] = answer(await readForm(request), clientOf(request));
      sendJson(response, status, body, cors);
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
