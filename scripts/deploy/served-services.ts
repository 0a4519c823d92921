import { request } from 'node:https';
import { z } from 'zod';
import { nearestKey } from '../lib/json-mistakes.ts';
import type { ServedBrand } from '../lib/nginx-config.ts';
import { RESOLVER_SERVICE } from '../../src/lib/services.ts';

/** Where the check connects: the host's own HTTPS listener, or each domain by its DNS name. */
export interface ConfigProbe {
  /** Connect here (nginx's first HTTPS listener) and ask for each domain by SNI and Host. */
  connect?: { host: string; port: number };
  /** A CA to trust besides the system's (a test's throwaway one). */
  ca?: string;
  timeoutMs?: number;
  /**
   * How often a domain that cannot be read at all is asked (every retryMs): nginx's workers take
   * a reloaded config a moment after the reload command returns, so a new domain is refused (no
   * certificate by its name) for that moment. An answer is not asked again. 1 by default.
   */
  attempts?: number;
  retryMs?: number;
}

/** Enough of GET api/config to say which services it answers for (docs/backend-contract.md). */
const configAnswer = z.looseObject({ services: z.record(z.string(), z.unknown()) });

/**
 * After a switch, each brand domain's `api/config` must answer for the brand's folder name, the
 * service key the page asks for: a folder "wd-bank" whose backend entry is "wdbank" builds,
 * deploys and serves a page that shows nothing (spec: an unknown service is only logged). The
 * release is live either way; what this finds is for the operator to hand on, so it is reported,
 * not rolled back. Returns one line per domain that does not answer for its brand.
 */
export async function servedServiceProblems(
  brands: readonly ServedBrand[],
  probe: ConfigProbe = {},
): Promise<string[]> {
  const checks = brands.flatMap(({ service, domains }) => domains.map((domain) => ({ service, domain })));
  const found = await Promise.all(
    checks.map(async ({ service, domain }) => {
      let problems = await domainProblems(service, domain, probe);
      // Only what a reload in progress causes: no certificate by the name yet, a connection cut.
      // An answer (a 502, another key) or a certificate the host does not trust stays as it is.
      const unread = () => problems.some((problem) => TRANSIENT.test(problem));
      for (let attempt = 1; unread() && attempt < (probe.attempts ?? 1); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, probe.retryMs ?? 500));
        problems = await domainProblems(service, domain, probe);
      }
      return problems;
    }),
  );
  return found.flat();
}

const TRANSIENT =
  /: could not be read \([^)]*(unrecognized name|ECONNREFUSED|ECONNRESET|socket hang up|socket disconnected)/;

/** What is wrong with one domain's api/config for its brand's service (nothing: []). */
async function domainProblems(service: string, domain: string, probe: ConfigProbe): Promise<string[]> {
  const where = `https://${domain}/api/config`;
  let answer: { status: number; body: string };
  try {
    answer = await fetchConfig(domain, probe);
  } catch (error) {
    return [
      `${where}: could not be read (${error instanceof Error ? error.message : String(error)}), so whether it answers for "${service}" is unknown; check the backend behind /api/`,
    ];
  }
  if (answer.status !== 200) {
    return [
      `${where}: answered ${answer.status}, so the page of ${service} shows nothing; check the backend behind /api/`,
    ];
  }
  let parsed;
  try {
    parsed = configAnswer.safeParse(JSON.parse(answer.body));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    return [
      `${where}: is not a config with "services" (docs/backend-contract.md), so the page of ${service} shows nothing`,
    ];
  }
  const keys = Object.keys(parsed.data.services);
  if (Object.hasOwn(parsed.data.services, service))
    return sharedProjectProblems(where, service, parsed.data.services);
  const meant = nearestKey(service, keys);
  return [
    `${where}: names no service "${service}"` +
      (meant === undefined ? '' : ` (the nearest is "${meant}")`) +
      `, so the page there shows nothing. The folder name brands/${service}/ is the service key: ask the backend's operator to add "${service}" under services, or rename the folder to the key the backend uses and deploy again`,
  ];
}

const firebaseProject = z.object({ firebaseConfig: z.object({ projectId: z.string() }) });

/**
 * The resolver's service takes a phone sign-in's Firebase ID token by its `aud`, the Firebase
 * project: a project it shares lets a sign-in on another service's page pass its resolver
 * (docs/backend-contract.md, "What the target must do").
 */
function sharedProjectProblems(where: string, service: string, services: Record<string, unknown>): string[] {
  if (service !== RESOLVER_SERVICE) return [];
  const projectOf = (key: string) => firebaseProject.safeParse(services[key]).data?.firebaseConfig.projectId;
  const own = projectOf(service);
  const sharing = Object.keys(services).filter(
    (key) => key !== service && own !== undefined && projectOf(key) === own,
  );
  return sharing.length === 0
    ? []
    : [
        `${where}: ${service} shares the Firebase project "${own}" with ${sharing.join(', ')}, so a phone sign-in on their pages passes ${service}'s resolver; give ${service} a Firebase project of its own`,
      ];
}

function fetchConfig(domain: string, { connect, ca, timeoutMs = 10_000 }: ConfigProbe) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const call = request(
      {
        host: connect?.host ?? domain,
        port: connect?.port ?? 443,
        servername: domain,
        path: '/api/config',
        headers: { host: domain, accept: 'application/json' },
        ...(ca === undefined ? {} : { ca }),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** The host and port of an nginx `listen` address ("443", "127.0.0.1:8443", "[::]:443"), to connect to. */
export function listenTarget(listen: string): { host: string; port: number } {
  const match = /^(?:(.*):)?(\d+)$/.exec(listen);
  const address = match?.[1];
  const port = Number(match?.[2] ?? 443);
  if (address === undefined || address === '*' || address === '0.0.0.0') return { host: '127.0.0.1', port };
  if (address === '[::]') return { host: '::1', port };
  return { host: address.replace(/^\[(.*)\]$/, '$1'), port };
}
