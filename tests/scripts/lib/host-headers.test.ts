import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildContentSecurityPolicy } from '../../../scripts/lib/csp.ts';
import {
  hostHeaders,
  LOCKED_POLICY,
  pagePolicy,
  REPORT_GROUP,
  SVG_POLICY,
  type PathKind,
} from '../../../scripts/lib/host-headers.ts';
import { PERMISSIONS_POLICY } from '../../../scripts/lib/permissions-policy.ts';
import { projectRoot } from '../../../scripts/vite/app-config.ts';

const KINDS: PathKind[] = ['page', 'asset', 'file', 'api', 'none'];

describe('the headers a host sends', () => {
  test.each(KINDS)('%s answers carry HSTS for two years, nosniff, no referrer and no framing', (kind) => {
    const headers = hostHeaders('a-dok', kind);
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Content-Security-Policy']).toMatch(/frame-ancestors 'none'|sandbox/);
  });

  test("the page's policy is the baked release policy plus frame-ancestors 'none'", () => {
    for (const service of ['a-dok', 'a-ident']) {
      expect(pagePolicy(service)).toBe(
        `${buildContentSecurityPolicy(service, 'release')}; frame-ancestors 'none'`,
      );
      expect(hostHeaders(service, 'page')['Content-Security-Policy']).toBe(pagePolicy(service));
    }
    expect(pagePolicy('a-dok')).not.toMatch(/localhost|127\.0\.0\.1|http:/);
  });

  test('only a paying brand lets a popup it opened keep its opener (PayPal’s checkout)', () => {
    expect(hostHeaders('a-ident', 'page')['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    expect(hostHeaders('a-dok', 'page')['Cross-Origin-Opener-Policy']).toBe('same-origin');
  });

  test('grants no powerful feature to the page or its frames', () => {
    const features = PERMISSIONS_POLICY.split(', ');
    expect(features.length).toBeGreaterThan(10);
    for (const feature of features) expect(feature).toMatch(/^[a-z-]+=\(\)$/);
    expect(features).toEqual(
      expect.arrayContaining(['camera=()', 'geolocation=()', 'microphone=()', 'payment=()']),
    );
  });

  test('with a collector, the enforced policy reports to it as the Report-Only one does; without one, neither names a group', () => {
    const endpoint = 'https://reports.example/csp';
    const page = hostHeaders('a-dok', 'page', { reportTo: endpoint });
    expect(page['Content-Security-Policy']).toBe(`${pagePolicy('a-dok')}; report-to ${REPORT_GROUP}`);
    expect(page['Content-Security-Policy-Report-Only']).toMatch(new RegExp(`; report-to ${REPORT_GROUP}$`));
    expect(page['Reporting-Endpoints']).toBe(`${REPORT_GROUP}="${endpoint}"`);
    for (const reportTo of [undefined, null]) {
      const silent = hostHeaders('a-dok', 'page', { reportTo });
      expect(silent['Content-Security-Policy']).toBe(pagePolicy('a-dok'));
      expect(Object.values(silent).join('\n')).not.toContain('report-to');
      expect(silent).not.toHaveProperty('Reporting-Endpoints');
    }
    // Answers that run nothing have nothing to report.
    for (const kind of KINDS.filter((each) => each !== 'page')) {
      const headers = hostHeaders('a-dok', kind, { reportTo: endpoint });
      expect(headers['Content-Security-Policy'], kind).toBe(LOCKED_POLICY);
      expect(headers, kind).not.toHaveProperty('Reporting-Endpoints');
    }
  });

  test('an SVG runs nothing, even when opened on its own', () => {
    expect(hostHeaders('a-dok', 'asset', { svg: true })['Content-Security-Policy']).toBe(SVG_POLICY);
    expect(SVG_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(hostHeaders('a-dok', 'asset')['Content-Security-Policy']).toBe(LOCKED_POLICY);
  });

  test('the page and its config are revalidated or never kept; hashed assets kept a year', () => {
    expect(hostHeaders('a-dok', 'page')['Cache-Control']).toBe('no-cache');
    expect(hostHeaders('a-dok', 'api')['Cache-Control']).toBe('no-store');
    expect(hostHeaders('a-dok', 'asset')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(hostHeaders('a-dok', 'file')['Cache-Control']).toBe('no-cache');
  });
});

test("docs/deploy.md's table names every header with the value hosts send", async () => {
  const table = await readFile(path.join(projectRoot, 'docs', 'deploy.md'), 'utf8');
  const values = [
    ...Object.entries(hostHeaders('a-dok', 'none')),
    ['Cross-Origin-Opener-Policy', hostHeaders('a-ident', 'page')['Cross-Origin-Opener-Policy']],
    ['Content-Security-Policy', SVG_POLICY],
    ...KINDS.map((kind) => ['Cache-Control', hostHeaders('a-dok', kind)['Cache-Control']]),
  ];
  for (const [name, value = ''] of values) {
    expect(table).toContain(`| \`${name}\``);
    // The permissions are too many for a table cell; it points at the constant instead.
    if (name !== 'Permissions-Policy') expect(table).toContain(`\`${value}\``);
  }
});
