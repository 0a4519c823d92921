import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FIREBASE_DEFAULTS,
  renderFirebaseJson,
  renderFirebaserc,
  type FirebaseHostingParameters,
} from './firebase-hosting.ts';
import type { CommandOptions } from './command-line.ts';
import { NGINX_DEFAULTS, renderNginxConfig, type NginxParameters, type ServedBrand } from './nginx-config.ts';

/** The files a release writes next to its brand folders, for the two hosts docs/deploy.md covers. */
export const DEPLOY_FILES = {
  nginx: 'login-gateway.nginx.conf',
  firebaseJson: 'firebase.json',
  firebaserc: '.firebaserc',
} as const;

export interface DeployParameters {
  nginx: NginxParameters;
  firebase: FirebaseHostingParameters;
}

/** The build's flags for the host configs, each falling back to its default. */
export const DEPLOY_FLAGS = {
  'nginx-web-root': {
    type: 'string',
    default: NGINX_DEFAULTS.webRoot,
    valueName: '<dir>',
    description: 'nginx: the folder the release is copied to',
  },
  'nginx-certificates': {
    type: 'string',
    default: NGINX_DEFAULTS.certificateDir,
    valueName: '<dir>',
    description: "nginx: the folder of each domain's certificate",
  },
  'nginx-backend': {
    type: 'string',
    default: NGINX_DEFAULTS.backend,
    valueName: '<host:port>',
    description: 'nginx: where /api/ is proxied to',
  },
  'nginx-acme-root': {
    type: 'string',
    default: NGINX_DEFAULTS.acmeRoot,
    valueName: '<dir>',
    description: "nginx: the ACME challenges' folder",
  },
  'firebase-project': {
    type: 'string',
    default: FIREBASE_DEFAULTS.projectId,
    valueName: '<id>',
    description: 'Firebase Hosting: the project id',
  },
  'firebase-site-prefix': {
    type: 'string',
    default: FIREBASE_DEFAULTS.sitePrefix,
    valueName: '<prefix>',
    description: "Firebase Hosting: the prefix of each brand's site id",
  },
  'firebase-backend-service': {
    type: 'string',
    default: FIREBASE_DEFAULTS.backendService,
    valueName: '<name>',
    description: 'Firebase Hosting: the Cloud Run service /api/ is rewritten to',
  },
  'firebase-backend-region': {
    type: 'string',
    default: FIREBASE_DEFAULTS.backendRegion,
    valueName: '<region>',
    description: "Firebase Hosting: that service's region",
  },
} as const satisfies CommandOptions;

export function deployParameters(flags: Record<keyof typeof DEPLOY_FLAGS, string>): DeployParameters {
  return {
    nginx: {
      ...NGINX_DEFAULTS,
      webRoot: flags['nginx-web-root'],
      certificateDir: flags['nginx-certificates'],
      backend: flags['nginx-backend'],
      acmeRoot: flags['nginx-acme-root'],
    },
    firebase: {
      projectId: flags['firebase-project'],
      sitePrefix: flags['firebase-site-prefix'],
      backendService: flags['firebase-backend-service'],
      backendRegion: flags['firebase-backend-region'],
    },
  };
}

/** Writes the nginx config, firebase.json and .firebaserc into a release's folder. */
export async function writeDeployConfigs(
  outDir: string,
  brands: readonly ServedBrand[],
  parameters: DeployParameters,
): Promise<void> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  await Promise.all([
    writeFile(path.join(outDir, DEPLOY_FILES.nginx), renderNginxConfig(brands, parameters.nginx)),
    writeFile(
      path.join(outDir, DEPLOY_FILES.firebaseJson),
      json(renderFirebaseJson(brands, parameters.firebase)),
    ),
    writeFile(
      path.join(outDir, DEPLOY_FILES.firebaserc),
      json(renderFirebaserc(brands, parameters.firebase)),
    ),
  ]);
}
