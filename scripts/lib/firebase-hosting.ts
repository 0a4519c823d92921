import {
  cacheControl,
  commonHeaders,
  kindHeaders,
  SVG_POLICY,
  TOP_LEVEL_FILES,
  type HeaderMap,
} from './host-headers.ts';
import type { ServedBrand } from './nginx-config.ts';

export interface FirebaseHostingParameters {
  /** The Firebase project that holds the Hosting sites. */
  projectId: string;
  /** A site per brand: `<sitePrefix><service>` with "_" as "-". */
  sitePrefix: string;
  /** The Cloud Run service that answers `/api/**`, and its region. */
  backendService: string;
  backendRegion: string;
}

export const FIREBASE_DEFAULTS: FirebaseHostingParameters = {
  projectId: 'login-gateway',
  sitePrefix: 'login-gateway-',
  backendService: 'login-gateway-backend',
  // Frankfurt: the visitors and their data stay in Germany.
  backendRegion: 'europe-west3',
};

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
      `"${id}" (the Firebase Hosting site of ${service}) is no site id: at most 30 lower-case letters, digits and "-", starting with a letter and not ending in "-"; shorten --firebase-site-prefix`,
    );
  }
  return id;
}

/**
 * firebase.json for every brand, one Hosting target each, with the headers of host-headers.ts
 * that nginx sends too. Hosting applies every rule whose source matches, in order, a later value
 * replacing an earlier one; so the general rules come first.
 */
export function renderFirebaseJson(brands: readonly ServedBrand[], parameters: FirebaseHostingParameters) {
  return {
    hosting: brands.map(({ service }) => ({
      target: service,
      public: service,
      // Hosting compresses by itself; the build's precompressed twins are for nginx.
      ignore: ['**/.*', '**/*.br', '**/*.gz'],
      cleanUrls: false,
      trailingSlash: false,
      headers: [
        rule('**', { ...commonHeaders(service), ...kindHeaders(service, 'none') }),
        rule('/assets/**', kindHeaders(service, 'asset')),
        rule('**/*.svg', { 'Content-Security-Policy': SVG_POLICY }),
        rule(`/{${TOP_LEVEL_FILES.join(',')}}`, { 'Cache-Control': cacheControl('file') }),
        rule('/', kindHeaders(service, 'page')),
        rule('/index.html', kindHeaders(service, 'page')),
        rule('/api/**', kindHeaders(service, 'api')),
      ],
      rewrites: [
        {
          source: '/api/**',
          run: { serviceId: parameters.backendService, region: parameters.backendRegion },
        },
      ],
    })),
  };
}

/** .firebaserc: the project and which site each brand's target deploys to. */
export function renderFirebaserc(brands: readonly ServedBrand[], parameters: FirebaseHostingParameters) {
  const sites = brands.map(({ service }) => siteId(service, parameters));
  const twice = sites.find((site, index) => sites.indexOf(site) !== index);
  if (twice) throw new Error(`two brands would share the Firebase Hosting site "${twice}"`);
  return {
    projects: { default: parameters.projectId },
    targets: {
      [parameters.projectId]: {
        hosting: Object.fromEntries(brands.map(({ service }) => [service, [siteId(service, parameters)]])),
      },
    },
  };
}

function rule(source: string, headers: HeaderMap): HeaderRule {
  return { source, headers: Object.entries(headers).map(([key, value]) => ({ key, value })) };
}
