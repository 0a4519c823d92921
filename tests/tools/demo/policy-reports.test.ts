import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { freePort } from '../../../tools/demo/ports.ts';
import {
  createPolicyReports,
  MAX_REPORT_BYTES,
  MAX_STORED_BYTES,
  POLICY_REPORTS_PATH,
} from '../../../tools/demo/policy-reports.ts';
import { close, listen, send, type Answer, type RequestOptions } from './demo-fixtures.ts';

let port: number;
let server: Server;
let policyReports: ReturnType<typeof createPolicyReports>;
const host = () => `a-dok.localhost:${port}`;

beforeEach(async () => {
  port = await freePort();
  policyReports = createPolicyReports();
  server = createServer((request, response) => void policyReports.handle(request, response));
  await listen(server, port);
});
afterEach(() => close(server));

/** A `report-uri` body as Chromium sends it, with `blocked` as the blocked URL. */
function reportBody(blocked = 'https://example.invalid/x.png'): string {
  return JSON.stringify({
    'csp-report': {
      'document-uri': `http://${host()}/?service=a-dok`,
      'effective-directive': 'img-src',
      'blocked-uri': blocked,
    },
  });
}

function post(headers: Record<string, string>, options: RequestOptions = {}): Promise<Answer> {
  return send(port, POLICY_REPORTS_PATH, {
    method: 'POST',
    host: host(),
    body: reportBody(),
    ...options,
    headers: { 'content-type': 'application/csp-report', ...headers },
  });
}

describe('who may report', () => {
  test.each<[string, Record<string, string>]>([
    // What the three engines were seen to send for a violation of a brand page on its own host.
    [
      'Chromium and Firefox: the page origin',
      { origin: 'http://a-dok.localhost:PORT', 'sec-fetch-site': 'same-origin' },
    ],
    [
      'WebKit: "null" under no-referrer, fetched same-origin',
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ],
    ['a program on this machine: no Origin', {}],
  ])('takes a report from %s', async (_, headers) => {
    const origin = headers.origin?.replace('PORT', String(port));
    const answer = await post({ ...headers, ...(origin && { origin }) });
    expect(answer.status).toBe(204);
    expect(policyReports.reports()).toEqual([
      expect.objectContaining({ directive: 'img-src', blockedUri: 'https://example.invalid/x.png' }),
    ]);
  });

  test.each<[string, Record<string, string>]>([
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    [
      'another brand host of the demo',
      { origin: 'http://a-ident.localhost:PORT', 'sec-fetch-site': 'same-site' },
    ],
    ['the same host on another port', { origin: 'http://a-dok.localhost:1', 'sec-fetch-site': 'same-site' }],
    ['https on the same host', { origin: 'https://a-dok.localhost:PORT', 'sec-fetch-site': 'cross-site' }],
    ['a sandboxed or data: page ("null", cross-site)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['"null" without Sec-Fetch-Site', { origin: 'null' }],
  ])('refuses a report from %s with 403 and keeps nothing', async (_, headers) => {
    const origin = headers.origin?.replace('PORT', String(port));
    const answer = await post({ ...headers, ...(origin && { origin }) });
    expect(answer.status).toBe(403);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(policyReports.reports()).toEqual([]);
  });
});

describe('what it keeps', () => {
  test('refuses a body larger than a report can be', async () => {
    const answer = await post(
      {},
      { body: reportBody(`https://example.invalid/${'x'.repeat(MAX_REPORT_BYTES)}`) },
    );
    expect(answer.status).toBe(413);
    expect(policyReports.reports()).toEqual([]);
  });

  test('stops at its total and keeps the first reports, refusing later ones with 507', async () => {
    // Each report near the body limit: without a total, a page could grow the list by 16 KB a post.
    const large = (n: number) =>
      reportBody(`https://example.invalid/${n}/${'x'.repeat(MAX_REPORT_BYTES - 300)}`);
    let sent = 0;
    let status = 204;
    while (status === 204 && sent < 200) status = (await post({}, { body: large(sent++) })).status;
    expect(status).toBe(507);
    // About a megabyte of them, then nothing more of that size.
    expect(sent).toBeGreaterThan(50);
    expect((await post({}, { body: large(sent) })).status).toBe(507);
    const kept = policyReports.reports();
    expect(kept).toHaveLength(sent - 1);
    const keptBytes = kept.reduce((sum, report) => sum + Buffer.byteLength(JSON.stringify(report)), 0);
    expect(keptBytes).toBeLessThanOrEqual(MAX_STORED_BYTES);
    expect(kept[0]?.blockedUri).toMatch(/^https:\/\/example\.invalid\/0\//);
  });
});

// The list as JSON is what the browser suite reads after every test in Firefox and WebKit
// (e2e/support/engines/engine-login-screen.ts).
describe('every answer', () => {
  test.each<[string, RequestOptions]>([
    ['the list', { method: 'GET' }],
    ['a report taken', { method: 'POST', body: reportBody() }],
    ['a body that is no report', { method: 'POST', body: '{"not":"a report"}' }],
    ['another method', { method: 'PUT', body: reportBody() }],
  ])('is sent as nosniff and no-store: %s', async (_, options) => {
    const answer = await send(port, POLICY_REPORTS_PATH, { host: host(), ...options });
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});
