import type { IncomingMessage, ServerResponse } from 'node:http';

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
const MAX_REPORT_BYTES = 16 * 1024;
/** Enough for any run; a page that reports in a loop cannot grow the server without bound. */
const MAX_REPORTS = 10_000;

/**
 * Keeps the violation reports browsers POST to POLICY_REPORTS_PATH and lists them on GET. Every
 * engine sends them, from every document and however the page was opened, which a listener a
 * test injects cannot promise (WebKit's WebDriver has no script that runs before the page's own).
 */
export function createPolicyReports() {
  const reports: PolicyReport[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(reports));
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'GET, POST' });
      response.end();
      return;
    }
    const body = await readBody(request, MAX_REPORT_BYTES);
    const report = body === undefined ? undefined : parseReport(body);
    if (report && reports.length < MAX_REPORTS) reports.push(report);
    response.writeHead(report ? 204 : 400);
    response.end();
  }

  return { handle, reports: () => [...reports] };
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

function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(undefined));
  });
}
