import {
  cacheControl,
  commonHeaders,
  kindHeaders,
  SVG_POLICY,
  TOP_LEVEL_FILES,
  type HeaderMap,
} from './host-headers.ts';
import type { FirebaseSettings } from './deploy-settings.ts';
import type { ServedBrand } from './nginx-config.ts';
import { HEALTH_PATH, RELEASE_HEADER } from './release-manifest.ts';

/** The settings firebase.json and .firebaserc are rendered from (deploy.config.json's `firebase`). */
export type FirebaseHostingParameters = Pick<
  FirebaseSettings,
  'projectId' | 'sitePrefix' | 'backendService' | 'backendRegion' | 'emulatorPort' | 'reportingEndpoint'
>;

/**
 * The project the Hosting emulator runs under: a `demo-` project needs no account and no network.
 * .firebaserc names it as the alias EMULATOR_ALIAS, with the same targets as the real project.
 */
export const EMULATOR_ALIAS = 'emulator';
const EMULATOR_HOST = '127.0.0.1';

/** The emulator hub's port: past every port the sites may take; logging takes the next one. */
export function emulatorHubPort(
  parameters: Pick<FirebaseHostingParameters, 'emulatorPort'>,
  sites: number,
): number {
  return parameters.emulatorPort + sites + 8;
}
export function emulatorProjectId(parameters: Pick<FirebaseHostingParameters, 'projectId'>): string {
  return `demo-${parameters.projectId}`;
}

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/** What the Hosting API takes as a site id: a host-name label of at most 30 characters. */
const SITE_ID = /^[a-z](?:[a-z0-9-]{0,28}[a-z0-9])?$/;

/** The Hosting site id of a brand ("_" as "-"); throws when that is no valid site id. */
export function siteId(service: string, parameters: FirebaseHostingParameters): string {
  const id = `${parameters.sitePrefix}${service.replaceAll('_', '-')}`;
  if (!SITE_ID.test(id)) {
    throw new Error(
      `"${id}" (the Firebase Hosting site of ${service}) is no site id: at most 30 lower-case letters, digits and "-", starting with a letter and not ending in "-"; shorten firebase.sitePrefix in deploy.config.json`,
    );
  }
  return id;
}

/**
 * firebase.json for every brand, one Hosting target each, with the headers of host-headers.ts
 * that nginx sends too. Hosting applies every rule whose source matches, in order, a later value
 * replacing an earlier one; so the general rules come first.
 */
export function renderFirebaseJson(
  brands: readonly ServedBrand[],
  parameters: FirebaseHostingParameters,
  release: string,
) {
  const page = { reportTo: parameters.reportingEndpoint };
  return {
    hosting: brands.map(({ service }) => ({
      target: service,
      public: service,
      // Hosting compresses by itself; the build's precompressed twins are for nginx.
      ignore: ['**/.*', '**/*.br', '**/*.gz'],
      cleanUrls: false,
      trailingSlash: false,
      headers: [
        rule('**', { ...commonHeaders(service), ...kindHeaders(service, 'none'), [RELEASE_HEADER]: release }),
        rule('/assets/**', kindHeaders(service, 'asset')),
        rule('**/*.svg', { 'Content-Security-Policy': SVG_POLICY }),
        rule(`/{${TOP_LEVEL_FILES.join(',')}}`, { 'Cache-Control': cacheControl('file') }),
        rule('/', kindHeaders(service, 'page', page)),
        rule('/index.html', kindHeaders(service, 'page', page)),
        rule('/api/**', kindHeaders(service, 'api')),
        rule(HEALTH_PATH, { 'Cache-Control': cacheControl('file') }),
      ],
      rewrites: [
        {
          source: '/api/**',
          run: { serviceId: parameters.backendService, region: parameters.backendRegion },
        },
      ],
    })),
    // `firebase emulators:start --only hosting --project emulator` serves every site from here,
    // offline (docs/deploy.md). The first site takes the port, the n-th the first free one from
    // port + 4 + n on (firebase-tools' serve/hosting.js); the hub and the logging take ports past
    // that range instead of their defaults 4400 and 4500, which other tools often hold.
    emulators: {
      hosting: { host: EMULATOR_HOST, port: parameters.emulatorPort },
      hub: { host: EMULATOR_HOST, port: emulatorHubPort(parameters, brands.length) },
      logging: { host: EMULATOR_HOST, port: emulatorHubPort(parameters, brands.length) + 1 },
      ui: { enabled: false },
    },
  };
}

/** .firebaserc: the project and which site each brand's target deploys to. */
export function renderFirebaserc(brands: readonly ServedBrand[], parameters: FirebaseHostingParameters) {
  const sites = brands.map(({ service }) => siteId(service, parameters));
  const twice = sites.find((site, index) => sites.indexOf(site) !== index);
  if (twice) throw new Error(`two brands would share the Firebase Hosting site "${twice}"`);
  const hosting = Object.fromEntries(brands.map(({ service }) => [service, [siteId(service, parameters)]]));
  return {
    projects: { default: parameters.projectId, [EMULATOR_ALIAS]: emulatorProjectId(parameters) },
    targets: {
      [parameters.projectId]: { hosting },
      [emulatorProjectId(parameters)]: { hosting },
    },
  };
}

function rule(source: string, headers: HeaderMap): HeaderRule {
  return { source, headers: Object.entries(headers).map(([key, value]) => ({ key, value })) };
}
