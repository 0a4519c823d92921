import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { LoginScreen, otherOrigins } from '../support/login-screen.ts';
import { permissionsPolicyErrors, unknownFeaturesMessage } from '../support/permissions-policy-errors.ts';
import { brands, expect, test } from './support/fixtures.ts';
import { headerDifferences } from './support/headers.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

/**
 * Every brand as a visitor meets it in production: the release page from nginx, by the brand's
 * own domain, over https, with the headers host-headers.ts prescribes, through a whole sign-in
 * whose MWS calls go through nginx to the reference backend. Every test also fails on any
 * Content-Security-Policy violation (the suite's policyViolations fixture).
 */
for (const brand of brands) {
  const { service } = brand;

  test(`${service}: a visitor typing the domain signs in by e-mail over https`, async ({
    browser,
    page,
    gateway,
  }) => {
    const login = new LoginScreen(page, service);
    const requests = login.recordRequests();
    const origin = gateway.httpsOrigin(brand);
    const resolves = service === RESOLVER_SERVICE;
    const query = new URLSearchParams({ service, ...(resolves ? { qrid: 'qr-exists' } : {}) });

    // Plain http to the domain only redirects to the same address on https.
    const response = await page.goto(`${gateway.httpOrigin(brand)}/?${query}`);
    expect(response, 'the page answered').not.toBeNull();
    if (!response) return;
    expect(response.url()).toBe(`${origin}/?${query}`);
    const redirect = await response.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);

    // The page itself: precompressed brotli, and the page's headers, each once.
    expect(response.status()).toBe(200);
    expect(await response.headerValue('content-encoding')).toBe('br');
    expect(
      headerDifferences(await response.headersArray().then(pairs), gateway.headers(service, 'page')),
    ).toEqual([]);

    await login.chooseMethod('mail');
    const mail = `${service}.${randomUUID().slice(0, 8)}@example.de`;
    await login.submitValue('mail', mail);
    await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible({ timeout: 15_000 });
    await login.codeInput().pressSequentially(await gateway.codeFor(mail));

    // The token reaches the service's landing page, on the brand's host through nginx.
    const landing = `${origin}/api/landing/${resolves ? `${service}/qr-exists` : service}`;
    const token = '[\\w-]+\\.[\\w-]+\\.[\\w-]+';
    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(landing)}\\?idtoken=${token}$`), {
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { name: 'Angemeldet' })).toBeVisible();
    // The page, the MWS, the resolver and the landing: all the brand's own host, nothing else.
    expect(otherOrigins(requests(), [origin, gateway.httpOrigin(brand)])).toEqual([]);

    // The access log has every request of the sign-in, none with its query string (privacy.md).
    // One JSON object per line, naming the brand's host, the backend's status and the durations.
    const log = await readFile(gateway.parameters.accessLog, 'utf8');
    const lines = log.split('\n');
    const entries = lines.filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const host = new URL(origin).hostname;
    expect(entries).toContainEqual(
      expect.objectContaining({ host, method: 'GET', path: '/', status: 200, upstream_status: '' }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        host,
        method: 'POST',
        path: expect.stringMatching(/^\/api\/mws\//),
        upstream_status: '200',
        request_time: expect.any(Number),
        upstream_response_time: expect.stringMatching(/^\d+\.\d{3}$/),
      }),
    );
    expect(lines.filter((line) => /[?&]|service=|idtoken/.test(line))).toEqual([]);
    // The QR id only where it is part of a path: the landing page, which stands in for the target
    // service (its own host in production).
    expect(
      entries.filter(
        (entry) =>
          JSON.stringify(entry).includes('qr-exists') && !String(entry.path).startsWith('/api/landing/'),
      ),
    ).toEqual([]);

    // Chromium knows every feature the Permissions-Policy names (it logs an error for each unknown one).
    const { unknownFeatures, others } = permissionsPolicyErrors(login.consoleMessages);
    expect(unknownFeatures, unknownFeaturesMessage(unknownFeatures, browser.version())).toEqual([]);
    expect(others).toEqual([]);
  });

  test(`${service}: a page of another site that frames it shows nothing usable`, async ({
    page,
    gateway,
    policyViolations,
  }) => {
    const framed = new URL(`${gateway.httpsOrigin(brand)}/`);
    framed.searchParams.set('service', service);
    framed.searchParams.set('method', 'mail');
    const refusal = /frame-ancestors 'none'/;
    const served = page.waitForResponse((response) => response.url() === framed.href);
    const refused = page.waitForEvent('console', (message) => refusal.test(message.text()));
    await page.goto(gateway.framingPage(framed.href));
    // nginx did serve the page, so what stops it is the browser honouring frame-ancestors.
    expect((await served).status()).toBe(200);
    await refused;
    expect(policyViolations.filter((line) => refusal.test(line))).not.toEqual([]);

    const frame = page.frameLocator('iframe');
    await expect(frame.locator('input, textarea, button, select, a[href]')).toHaveCount(0);
    await expect(frame.getByRole('textbox')).toHaveCount(0);
    expect(page.frames().map((each) => new URL(each.url()).origin)).not.toContain(new URL(framed).origin);

    // The refusal is what this test expects; anything else still fails it.
    const unexpected = policyViolations.filter((line) => !refusal.test(line));
    policyViolations.splice(0, policyViolations.length, ...unexpected);
  });
}

function pairs(headers: { name: string; value: string }[]): [string, string][] {
  return headers.map(({ name, value }) => [name, value]);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
