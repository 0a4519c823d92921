import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { readForm, requireFields, sendError, sendJson } from './http-utils.ts';

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

/**
 * The development `POST api/resolver`: answers from RESOLVER_TABLE and sends the visitor on to
 * the demo's landing page, on the host the page was served from.
 */
export async function handleResolver(
  request: IncomingMessage,
  response: ServerResponse,
  landingBase: string,
) {
  try {
    const { qrid } = requireFields(await readForm(request), 'qrid', 'token', 'service');
    const row = Object.hasOwn(RESOLVER_TABLE, qrid) ? RESOLVER_TABLE[qrid] : undefined;
    if (!row)
      return sendJson(response, 200, {
        success: false,
        exists: false,
        message: `unknown or failing qrid ${qrid}`,
      });
    sendJson(response, 200, {
      success: true,
      exists: row.exists,
      message: row.exists ? 'already unlocked' : 'payment required',
      data: { value: row.value, sponsor: row.sponsor, targetDomain: landingBase, path: RESOLVER_SERVICE },
    });
  } catch (error) {
    sendError(response, error);
  }
}
