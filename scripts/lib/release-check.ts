import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAYPAL_CLIENT_ID_META } from '../../src/lib/paypal-client-ids.ts';
import { REDIRECT_HOSTS_META } from '../../src/lib/redirect-hosts.ts';
import { takesPayments } from '../../src/lib/services.ts';
import { PREVIEW_ROOT_ID } from '../../src/preview/preview-views.ts';
import { brandMarker, DEMO_BUILD_META } from './bake-html.ts';
import { buildContentSecurityPolicy } from './csp.ts';
import { z } from 'zod';
import { DEPLOY_FILES } from './deploy-configs.ts';
import type { ServedBrand } from './nginx-config.ts';
import { pagePolicy } from './host-headers.ts';
import { PAYPAL_ENV } from './deploy-settings.ts';
import { isPrecompressedTwin } from './precompress.ts';
import { writableEntries } from './file-modes.ts';
import { readReleaseManifest } from './release-manifest.ts';
import { LICENSES_FILE } from './third-party-licenses.ts';

/**
 * Text that only development code carries: the demo's switch names, its loopback exception,
 * the stand-in's client id, Firebase's connectAuthEmulator and the brand preview's page and
 * script. Firebase's own SDK keeps `http://localhost` for OAuth sign-ins the page never makes,
 * so that string is not a sign.
 */
export const DEVELOPMENT_MARKERS = [
  'authEmulatorUrl',
  'paymentSdkUrl',
  'emulator-config-failed',
  '127.0.0.1',
  '.localhost',
  'stand-in',
  'login-gateway-build',
  PREVIEW_ROOT_ID,
] as const;

const TEXT_FILE = /\.(html|js|css|webmanifest|json)$/;

/**
 * What makes a folder not a release: a demo page, a development string in any text file, a
 * policy that is not the strict release policy, a page without its redirect hosts, a paying
 * brand's page without PayPal's live client id, a brand without the bundled packages' licences
 * (MIT and Apache-2.0 ask for their text), a missing or wrong release.json, a host config missing
 * or with another policy.
 * An empty list means the folder may be deployed.
 */
export async function checkRelease(
  dir: string,
  brands: readonly ReleaseBrand[],
  {
    configsOfTheseBrands = true,
  }: {
    /**
     * Whether the host configs must serve exactly these brands' domains and sites. `npm run deploy`
     * renders them anew from brands/, so a domain changed since the build is no mistake there.
     */
    configsOfTheseBrands?: boolean;
  } = {},
): Promise<string[]> {
  const services = brands.map((brand) => brand.service);
  const problems: string[] = [];
  try {
    const manifest = await readReleaseManifest(dir);
    const missing = services.filter((service) => !manifest.brands.includes(service));
    if (missing.length > 0) problems.push(`release.json: does not list ${missing.join(', ')}`);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  // A file its group or everyone may write can be changed by another account before it is served.
  for (const entry of await writableEntries(dir).catch((): string[] => []))
    problems.push(
      `${entry}: its group or everyone may write it; \`npm run build\` writes files 0644 and folders 0755`,
    );
  for (const service of services) {
    const folder = path.join(dir, service);
    const html = await readFile(path.join(folder, 'index.html'), 'utf8').catch(() => undefined);
    if (html === undefined) {
      problems.push(`${service}: no index.html; build the release with \`npm run build\``);
      continue;
    }
    if (!html.includes(brandMarker(service)))
      problems.push(`${service}/index.html: is not this brand's page`);
    if (html.includes(DEMO_BUILD_META)) {
      problems.push(
        `${service}/index.html: is a demo build (npm start); build the release with \`npm run build\``,
      );
    }
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    if (policy?.replaceAll('&amp;', '&') !== buildContentSecurityPolicy(service, 'release')) {
      problems.push(`${service}/index.html: its policy is not the release policy`);
    }
    // A page without its list allows no host (src/lib/redirect-hosts.ts): the sign-in would lead nowhere.
    const redirectHosts = new RegExp(`<meta name="${REDIRECT_HOSTS_META}" content="([^"]*)">`).exec(
      html,
    )?.[1];
    if (!redirectHosts?.trim()) {
      problems.push(
        `${service}/index.html: has ${redirectHosts === undefined ? 'no' : 'an empty'} <meta name="${REDIRECT_HOSTS_META}">, so it would send no one to the service after the sign-in; build the release with \`npm run build\``,
      );
    }
    if (
      takesPayments(service) &&
      !new RegExp(`<meta name="${PAYPAL_CLIENT_ID_META.live}" content="[^"]+">`).test(html)
    ) {
      problems.push(
        `${service}/index.html: takes payments but carries no PayPal live client id; set paypal.clientIdLive in deploy.config.json or ${PAYPAL_ENV.live} and build again`,
      );
    }
    const licenses = await readFile(path.join(folder, LICENSES_FILE), 'utf8').catch(() => '');
    if (licenses.trim() === '') {
      problems.push(
        `${service}/${LICENSES_FILE}: missing or empty; the bundled packages' licences must ship with it, build the release with \`npm run build\``,
      );
    }
    for (const file of await textFiles(folder)) {
      const text = await readFile(file, 'utf8');
      for (const marker of DEVELOPMENT_MARKERS) {
        if (text.includes(marker)) {
          problems.push(`${service}/${path.relative(folder, file)}: contains development code ("${marker}")`);
        }
      }
    }
  }

  for (const file of Object.values(DEPLOY_FILES)) {
    const text = await readFile(path.join(dir, file), 'utf8').catch(() => undefined);
    if (text === undefined) {
      problems.push(`${file}: missing; \`npm run build\` writes it`);
      continue;
    }
    if (configsOfTheseBrands) problems.push(...servedNames(file, text, brands));
    if (file === DEPLOY_FILES.firebaserc) continue;
    if (text.includes('http://localhost:*')) problems.push(`${file}: sends a demo build's policy`);
    for (const service of services) {
      if (!text.includes(pagePolicy(service)))
        problems.push(`${file}: does not send ${service}'s page policy`);
    }
  }
  return problems;
}

/** What a release must serve: each brand folder, on the domains of its brand.json. */
export type ReleaseBrand = Pick<ServedBrand, 'service' | 'domains'>;

/**
 * A host config of another build (one that failed half-way, or an older one) serves other names
 * than the brand folders beside it: nginx's server names must be exactly the brands' domains,
 * and Firebase's sites exactly the brands.
 */
function servedNames(file: string, text: string, brands: readonly ReleaseBrand[]): string[] {
  const expected =
    file === DEPLOY_FILES.nginx
      ? new Map(brands.flatMap(({ service, domains }) => domains.map((domain) => [domain, service])))
      : new Map(brands.map(({ service }) => [service, service]));
  let served: string[];
  if (file === DEPLOY_FILES.nginx) {
    served = [...text.matchAll(/^\s*server_name\s+([^;]+);/gm)].flatMap(([, names = '']) =>
      names.split(/\s+/),
    );
  } else {
    const sites = firebaseSitesSchema.safeParse(parseJson(text));
    if (!sites.success) return [`${file}: is not a config \`npm run build\` writes`];
    served =
      'hosting' in sites.data
        ? sites.data.hosting.map((site) => site.target)
        : Object.values(sites.data.targets).flatMap((targets) => Object.keys(targets.hosting));
  }
  const what = file === DEPLOY_FILES.nginx ? 'domain' : 'site';
  const unknown = [...new Set(served)].filter((name) => name !== '_' && !expected.has(name));
  const missing = [...expected].filter(([name]) => !served.includes(name));
  return [
    ...unknown.map(
      (name) =>
        `${file}: serves the ${what} ${name}, which no brand folder of the release names; it is a config of another build: build the release again with \`npm run build\``,
    ),
    ...missing.map(
      ([name, service]) =>
        `${file}: does not serve ${service === name ? `the site of ${service}` : `${name}, a domain of ${service}`}; build the release again with \`npm run build\``,
    ),
  ];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const firebaseSitesSchema = z.union([
  z.object({ hosting: z.array(z.object({ target: z.string() })) }),
  z.object({ targets: z.record(z.string(), z.object({ hosting: z.record(z.string(), z.unknown()) })) }),
]);

async function textFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name) && !isPrecompressedTwin(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
