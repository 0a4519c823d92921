import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendError, sendJson } from './http-utils.ts';

/** Where the demo's pages send their Content-Security-Policy violation reports, when asked to. */
export const POLICY_REPORTS_PATH = '/dev/policy-reports';

/** One violation as the browser reported it (the `csp-report` body of report-uri). */
export interface PolicyReport {
  documentUri: string;
  directive: string;
  blockedUri: string;
  source: string;
}

/** A report body is a few hundred bytes; anything far larger is not a browser's report. */
export const MAX_REPORT_BYTES = 16 * 1024;
/**
 * What all kept reports may add up to (as JSON), some thousands of a browser's: a clean suite run
 * keeps none. Once full, new reports are refused (507) and the first ones kept, since the first
 * violation is the one to fix and a page that reports in a loop must not push it out.
 */
export const MAX_STORED_BYTES = 1024 * 1024;

/** For every answer, the list too: never sniffed into something else, never cached. */
const HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/**
 * Keeps the violation reports browsers POST to POLICY_REPORTS_PATH and lists them on GET. Every
 * engine sends them, from every document and however the page was opened, which a listener a
 * test injects cannot promise (WebKit's WebDriver has no script that runs before the page's own).
 * Only the page's own origin may report (isSameOrigin): another site's page cannot fill the list.
 */
export function createPolicyReports() {
  const reports: PolicyReport[] = [];
  let storedBytes = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET') return sendJson(response, 200, reports, HEADERS);
    if (request.method !== 'POST')
      return sendJson(response, 405, { error: 'GET or POST' }, { ...HEADERS, allow: 'GET, POST' });
    try {
      if (!isSameOrigin(request))
        throw new HttpError(403, 'reports are taken from pages of this origin only');
      const report = parseReport(await readBody(request));
      if (!report) throw new HttpError(400, 'not a csp-report body');
      const size = Buffer.byteLength(JSON.stringify(report));
      if (storedBytes + size > MAX_STORED_BYTES) throw new HttpError(507, 'the report store is full');
      reports.push(report);
      storedBytes += size;
      response.writeHead(204, HEADERS);
      response.end();
    } catch (error) {
      // Unread body bytes stay behind on the connection: close it rather than read them.
      sendError(response, error, { ...HEADERS, connection: 'close' });
    }
  }

  return { handle, reports: () => [...reports] };
}

/**
 * Whether a report comes from a page of the origin it is posted to. As seen with the suite's
 * engines, Chromium and Firefox send that origin in `Origin`; WebKitGTK sends `Origin: null` for
 * a page with `Referrer-Policy: no-referrer` (all of ours), as Fetch asks for a no-cors POST, so
 * there `Sec-Fetch-Site` decides, which no page can set. A request without `Origin` comes from no browser (a browser
 * sends it with every POST) but from a program on this machine, which the Host check admitted.
 */
function isSameOrigin(request: IncomingMessage): boolean {
  const { origin, host, 'sec-fetch-site': fetchSite } = request.headers;
  if (origin === undefined) return true;
  if (origin === 'null') return fetchSite === 'same-origin';
  return host !== undefined && origin === `http://${host.toLowerCase()}`;
}

/** The fields of a `{"csp-report": {...}}` body the suite names a violation by; undefined if it is none. */
export function parseReport(body: string): PolicyReport | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const report = (parsed as { 'csp-report'?: Record<string, unknown> } | null)?.['csp-report'];
  if (typeof report !== 'object' || report === null) return undefined;
  const text = (name: string) => (typeof report[name] === 'string' ? report[name] : '');
  const line = typeof report['line-number'] === 'number' ? `:${report['line-number']}` : '';
  return {
    documentUri: text('document-uri'),
    directive: text('effective-directive') || text('violated-directive'),
    blockedUri: text('blocked-uri') || 'inline',
    source: text('source-file') ? `${text('source-file')}${line}` : '',
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_REPORT_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_REPORT_BYTES) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(): HttpError {
  return new HttpError(413, `a report has at most ${MAX_REPORT_BYTES} bytes`);
}
