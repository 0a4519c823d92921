import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Channel } from './send-limits.ts';

/**
 * What a token of the reference MWS says: who signed in (the canonical value the code went to),
 * for which service (`aud`, the service whose login key asked for the code), how, and when
 * (seconds, as JWTs count).
 */
export interface TokenClaims {
  sub: string;
  aud: string;
  amr: Channel[];
  iat: number;
  exp: number;
  iss: string;
}

/** Reads a token for one audience: its claims, or undefined when it is not good for that one. */
export type ReadToken = (token: string, audience: string) => { iat: number; exp: number } | undefined;

const ISSUER = 'reference-mws';
const LIFETIME_S = 3600;

/**
 * The MWS's tokens: HS256 with a key of its own, made at start. Reading one takes the audience
 * it must be for, so no reader (the resolver, a target) can forget to check it.
 */
export function createTokens(now: () => number) {
  const secret = randomBytes(32);
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  function issueToken({ sub, aud, channel }: { sub: string; aud: string; channel: Channel }): string {
    const iat = Math.floor(now() / 1000);
    const claims: TokenClaims = { sub, aud, amr: [channel], iat, exp: iat + LIFETIME_S, iss: ISSUER };
    const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
    return `${body}.${sign(body)}`;
  }

  /** The claims of a token this MWS signed for `audience` and that has not expired, else undefined. */
  function readToken(token: string, audience: string): TokenClaims | undefined {
    const [header = '', payload = '', signature = '', ...rest] = token.split('.');
    const expected = Buffer.from(sign(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    const fresh = now() < claims.exp * 1000;
    return claims.iss === ISSUER && claims.aud === audience && fresh ? claims : undefined;
  }

  return { issueToken, readToken };
}
