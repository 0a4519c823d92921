import { test as base } from '../../support/fixtures.ts';
import { brands, hostResolverRules, OTHER_SITE, startGateway, type Gateway } from './gateway.ts';
import { startObservatory, type Observatory } from './observatory.ts';

interface WorkerFixtures {
  /** This worker's nginx over the release, with its backend and certificates (gateway.ts). */
  gateway: Gateway;
  /** Mozilla's HTTP Observatory, trusting the gateway's test CA; started on first use. */
  observatory: Observatory;
}

/**
 * The production project's test: the suite's (every test fails on a CSP violation), plus a
 * gateway per worker. Chromium reaches each brand by its own domain: host-resolver rules send
 * the domains to 127.0.0.1, and it accepts exactly the gateway's certificate key (by its SPKI
 * hash), so a wrong or missing certificate still fails.
 */
export const test = base.extend<object, WorkerFixtures>({
  gateway: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const gateway = await startGateway();
      try {
        await use(gateway);
      } finally {
        await gateway.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  launchOptions: [
    async ({ launchOptions, gateway }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          `--host-resolver-rules=${hostResolverRules()}`,
          `--ignore-certificate-errors-spki-list=${gateway.certificates.spkiHash}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
  observatory: [
    async ({ gateway }, use) => {
      const observatory = await startObservatory({
        caFile: gateway.certificates.caFile,
        hosts: brands.flatMap((brand) => brand.domains),
        httpPort: gateway.httpPort,
        httpsPort: gateway.httpsPort,
      });
      try {
        await use(observatory);
      } finally {
        await observatory.stop();
      }
    },
    { scope: 'worker', timeout: 30_000 },
  ],
});

/**
 * For the specs that only talk to nginx from Node: no page, so no policy to watch and no browser
 * context to pay for. The worker fixtures are the same, so the gateway is too.
 */
export const nodeTest = test.extend({
  // eslint-disable-next-line no-empty-pattern
  policyViolations: async ({}, use) => use([]),
});

export { expect } from '../../support/fixtures.ts';
export { brands, OTHER_SITE };
