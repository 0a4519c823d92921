import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { readForm, requireFields, sendError, sendJson } from './http-utils.ts';
import type { ReadToken } from './mws-token.ts';

/** What each development qrid resolves to; docs/demo.md lists the same table. */
export const RESOLVER_TABLE: Record<
  string,
  { exists: boolean; value: number | string; sponsor: string } | null
> = {
  'qr-exists': { exists: true, value: 0, sponsor: 'live' },
  'qr-pay': { exists: false, value: 5, sponsor: 'live' },
  'qr-cents': { exists: false, value: '12.34', sponsor: 'live' },
  'qr-sandbox': { exists: false, value: 5, sponsor: 'sandbox' },
  'qr-free': { exists: false, value: 0, sponsor: 'live' },
  'qr-fail': null,
};

/** How old a token the resolver still takes may be: the resolver is called right after the code. */
export const RESOLVER_TOKEN_MAX_AGE_MS = 10 * 60 * 1000;

export interface ResolverOptions {
  /** The claims of a token issued for the audience and not expired, else undefined. */
  readToken: ReadToken;
  now?: () => number;
}

/**
 * The development `POST api/resolver`: answers from RESOLVER_TABLE and sends the visitor on to
 * the demo's landing page, on the host the page was served from. It answers only for a fresh
 * token for a-ident (a token another service's page got is refused), and a token for one qrid
 * only: the first it came with. The MWS never learns the qrid (the page sends none with the
 * code), so this is where a token is bound to it.
 */
export function createResolver({ readToken, now = Date.now }: ResolverOptions) {
  /** Each token's qrid, kept until the token expires. */
  const qridOf = new Map<string, { qrid: string; expiresAt: number }>();

  function acceptsToken(token: string, qrid: string): boolean {
    for (const [seen, { expiresAt }] of qridOf) if (expiresAt <= now()) qridOf.delete(seen);
    const claims = readToken(token, RESOLVER_SERVICE);
    if (!claims || now() - claims.iat * 1000 > RESOLVER_TOKEN_MAX_AGE_MS) return false;
    const bound = qridOf.get(token);
    if (bound) return bound.qrid === qrid;
    qridOf.set(token, { qrid, expiresAt: claims.exp * 1000 });
    return true;
  }

  return async function handleResolver(
    request: IncomingMessage,
    response: ServerResponse,
    landingBase: string,
    headers: Record<string, string> = {},
  ) {
    try {
      const { qrid, token } = requireFields(await readForm(request), 'qrid', 'token', 'service');
      if (!acceptsToken(token.trim(), qrid)) {
        const refused = { success: false, exists: false, message: 'token refused' };
        return sendJson(response, 403, refused, headers);
      }
      const row = Object.hasOwn(RESOLVER_TABLE, qrid) ? RESOLVER_TABLE[qrid] : undefined;
      if (!row) {
        const unknown = { success: false, exists: false, message: `unknown or failing qrid ${qrid}` };
        return sendJson(response, 200, unknown, headers);
      }
      const data = {
        value: row.value,
        sponsor: row.sponsor,
        targetDomain: landingBase,
        path: RESOLVER_SERVICE,
      };
      const message = row.exists ? 'already unlocked' : 'payment required';
      sendJson(response, 200, { success: true, exists: row.exists, message, data }, headers);
    } catch (error) {
      sendError(response, error, headers);
    }
  };
}

const emulatorClaims = z.object({ iss: z.string(), aud: z.string(), iat: z.number(), exp: z.number() });

/**
 * The claims of an ID token the Firebase Auth emulator issued for `projectId` (the phone path's
 * token), else undefined. The emulator signs nothing (alg "none"), so anyone could write one: only
 * the demo, whose own emulator issues them, may take them; a real resolver checks Google's signature.
 */
export function readEmulatorToken(token: string, projectId: string, now = Date.now()) {
  const [header = '', payload = '', signature, ...rest] = token.split('.');
  if (signature !== '' || rest.length > 0) return undefined;
  const decode = (part: string): unknown => {
    try {
      return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
  };
  const alg = z.object({ alg: z.literal('none') }).safeParse(decode(header));
  const claims = emulatorClaims.safeParse(decode(payload));
  if (!alg.success || !claims.success) return undefined;
  const { iss, aud, exp } = claims.data;
  const ours = aud === projectId && iss === `https://securetoken.google.com/${projectId}`;
  return ours && now < exp * 1000 ? claims.data : undefined;
}
