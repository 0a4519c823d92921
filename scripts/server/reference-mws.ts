import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CodeStore, type Channel, type CheckResult } from './code-store.ts';
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
  now?: () => number;
  /** Where a sent code is reported besides the outbox; the console by default. */
  onCodeSent?: (entry: OutboxEntry) => void;
}

const CHECK_ANSWERS: Record<Exclude<CheckResult, 'ok'>, string> = {
  wrong: 'wrong code',
  expired: 'code expired',
  locked: 'too many wrong attempts',
  unknown: 'no code was sent to this value',
};

/**
 * The development MWS of docs/backend-contract.md: mail and SMS sends, code checks and a
 * signed-looking token. Codes are not delivered anywhere; they are printed and kept in an
 * outbox that people and tests read.
 */
export function createReferenceMws({
  loginKeys,
  now = Date.now,
  onCodeSent = printCode,
}: ReferenceMwsOptions) {
  const codes = new CodeStore(now);
  const outbox: OutboxEntry[] = [];
  const secret = randomBytes(32);

  const send = (channel: Channel, to: string): void => {
    const entry = { channel, to, code: codes.issue(channel, to), sentAt: new Date(now()).toISOString() };
    outbox.push(entry);
    onCodeSent(entry);
  };

  const issueToken = (channel: Channel, subject: string): string => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const issuedAt = Math.floor(now() / 1000);
    const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, amr: [channel], iat: issuedAt, exp: issuedAt + 3600, iss: 'reference-mws' })}`;
    return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
  };

  const routes: Record<string, (form: URLSearchParams) => [number, unknown]> = {
    'users/auth/mail': (form) => {
      const { email, key } = requireFields(form, 'email', 'key');
      requireKnownKey(loginKeys, key);
      send('mail', email.trim());
      return [200, { status: 200, message: 'mail sent' }];
    },
    'users/auth/sms': (form) => {
      const { mobilenumber, key } = requireFields(form, 'mobilenumber', 'key');
      requireKnownKey(loginKeys, key);
      if (!/^\+[1-9]\d{6,14}$/.test(mobilenumber))
        throw new HttpError(400, 'mobilenumber is not in E.164 form');
      send('sms', mobilenumber);
      return [200, { code: 200, message: 'SMS gesendet' }];
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

  /** Handles `POST …/{route}`; answers CORS for any origin, since the page and MWS differ. */
  async function handle(request: IncomingMessage, response: ServerResponse, route: string): Promise<void> {
    const cors = { 'access-control-allow-origin': request.headers.origin ?? '*', vary: 'Origin' };
    try {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-max-age': '600',
        });
        return void response.end();
      }
      const answer = routes[route];
      if (!answer || !Object.hasOwn(routes, route)) throw new HttpError(404, `no MWS route ${route}`);
      if (request.method !== 'POST') {
        return sendJson(response, 405, { error: 'use POST' }, { ...cors, allow: 'POST, OPTIONS' });
      }
      const [status, body] = answer(await readForm(request));
      sendJson(response, status, body, cors);
    } catch (error) {
      sendError(response, error, cors);
    }
  }

  return { handle, outbox, codes };
}

function requireKnownKey(loginKeys: ReadonlySet<string>, key: string): void {
  if (!loginKeys.has(key)) throw new HttpError(403, 'unknown service key');
}

function printCode({ channel, to, code }: OutboxEntry): void {
  console.log(`  ✉  ${channel === 'mail' ? 'Mail' : 'SMS'} code for ${to}: ${code}`);
}
