import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { describeJsonMistake } from './json-mistakes.ts';

/**
 * The deployment's settings, in one committed file (deploy.config.json at the project root):
 * what the build bakes into paying brands (PayPal's client ids) and what `npm run deploy`
 * renders the host configs from. Domains stay in each brand's brand.json. Every value is
 * checked here, so a mistake is named before anything is built or installed.
 */
export const DEFAULT_SETTINGS_FILE = 'deploy.config.json';

/** Environment variables that win over the file, so a CI secret store can hold the ids. */
export const PAYPAL_ENV = {
  live: 'PAYPAL_CLIENT_ID_LIVE',
  sandbox: 'PAYPAL_CLIENT_ID_SANDBOX',
} as const;

/** The names these variables had while Vite inlined them into the shared bundle. */
export const RETIRED_PAYPAL_ENV = ['VITE_PAYPAL_CLIENT_ID_LIVE', 'VITE_PAYPAL_CLIENT_ID_SANDBOX'] as const;

/** What can go into an nginx directive unquoted: no space, no `;`, no `$`, no quote. */
const nginxWord = z
  .string()
  .regex(
    /^[A-Za-z0-9_./:[\]-]+$/,
    'use letters, digits and _ . / : [ ] - only (it goes into the nginx config)',
  );
const absolutePath = nginxWord.refine((value) => value.startsWith('/'), 'must be an absolute path');
/** A listen address as nginx takes it: a port, `address:port` or `[v6]:port`. */
const listenAddress = z
  .string()
  .regex(
    /^(?:\d{1,5}|(?:\d{1,3}(?:\.\d{1,3}){3}|\*|\[[0-9a-fA-F:.]+\]|[a-z0-9.-]+):\d{1,5})$/,
    'a port ("443"), an address and port ("127.0.0.1:8443") or "[::]:443"',
  );
const port = z.number().int().min(1).max(65535);
const command = z.array(z.string().min(1)).min(1, 'a command and its arguments, e.g. ["nginx", "-t"]');
/** A PayPal client id: letters, digits, `-` and `_` (PayPal's are 80 characters). */
const clientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{2,128}$/, 'a PayPal client id has letters, digits, - and _ only');

/**
 * Where browsers send the page's Report-Only reports (Reporting-Endpoints), or null for none: an
 * https URL of the operator's collector. It goes into a header, so no quote, `$` or space.
 */
const reportingEndpoint = z
  .url({ protocol: /^https$/, error: 'an https URL of a report collector, or null' })
  .regex(/^[^"'$\s\\]+$/, 'no quotes, `$`, spaces or backslashes (it goes into a header)')
  .nullable()
  .default(null);

const retention = {
  /** An asset a release stopped naming stays this long, for pages opened before (at least a week). */
  assetRetentionDays: z
    .number()
    .min(7, 'keep assets at least 7 days: a page stays open that long')
    .default(7),
};

const nginxSettings = z
  .strictObject({
    /** Holds `releases/<id>/`, the `current` link, the asset `store/` and `deployments.json`. */
    webRoot: absolutePath,
    /** Holds `<first domain>/fullchain.pem` and `privkey.pem` for every brand. */
    certificateDir: absolutePath,
    /** The backend behind `/api/`: `host:port` or `unix:/path`. */
    backend: nginxWord,
    /** Where certbot's webroot plugin writes HTTP-01 challenges. */
    acmeRoot: absolutePath,
    httpListen: z.array(listenAddress).min(1),
    httpsListen: z.array(listenAddress).min(1),
    /** The HTTPS port visitors reach, for the redirect from plain HTTP. */
    publicHttpsPort: port,
    /** Where the access log goes (without query strings), or "off". */
    accessLog: z.union([z.literal('off'), absolutePath]),
    /** Where `npm run deploy` installs the rendered config (included in nginx's http block). */
    configFile: absolutePath,
    /** Checks the installed config; the deploy stops and restores the old one if it fails. */
    testCommand: command,
    /** Makes nginx read the config and serve the new release, without dropping a connection. */
    reloadCommand: command,
    reportingEndpoint,
    /** How many release folders stay for a rollback (the assets stay by age, see assetRetentionDays). */
    keepReleases: z
      .number()
      .int()
      .min(2, 'keep at least 2 releases: the current and one to roll back to')
      .default(5),
    ...retention,
  })
  .refine((value) => !`${value.configFile}/`.startsWith(`${value.webRoot.replace(/\/$/, '')}/`), {
    message: 'configFile must not lie inside webRoot, which a deploy rewrites',
    path: ['configFile'],
  });

const firebaseSettings = z.strictObject({
  /** The Firebase project that holds the Hosting sites. */
  projectId: z.string().regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'a Firebase project id'),
  /** A site per brand: `<sitePrefix><service>` with "_" as "-". */
  sitePrefix: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and "-", starting with a letter'),
  /** The Cloud Run service that answers `/api/**`, and its region. */
  backendService: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'a Cloud Run service name'),
  backendRegion: z.string().regex(/^[a-z]+-[a-z]+\d+$/, 'a Google Cloud region such as europe-west3'),
  /**
   * Where `npm run deploy -- firebase` assembles what it uploads (each site: the release's folder
   * plus the assets earlier releases named) and keeps the asset store between deploys, relative
   * to the settings file.
   */
  stageDir: z.string().min(1),
  /** Runs in stageDir to upload; the Hosting emulator's port for `firebase emulators:start`. */
  deployCommand: command,
  emulatorPort: port,
  reportingEndpoint,
  ...retention,
});

export const deploySettingsSchema = z.strictObject({
  $comment: z.string().optional(),
  paypal: z.strictObject({
    /** Required for a release of a brand that takes payments (or PAYPAL_CLIENT_ID_LIVE). */
    clientIdLive: clientId.nullable(),
    /** For the sponsor "sandbox"; PayPal's shared "sb" id when unset. */
    clientIdSandbox: clientId.default('sb'),
  }),
  nginx: nginxSettings,
  firebase: firebaseSettings,
});

export type DeploySettings = z.infer<typeof deploySettingsSchema>;
export type NginxSettings = DeploySettings['nginx'];
export type FirebaseSettings = DeploySettings['firebase'];

export interface LoadedSettings {
  settings: DeploySettings;
  /** The file they came from; relative paths in it (firebase.stageDir) are relative to its folder. */
  file: string;
}

/**
 * Reads and checks the settings file, then lets PAYPAL_CLIENT_ID_LIVE / _SANDBOX from `env` win
 * over its PayPal ids. Throws an Error whose message names the file, each wrong field and what it
 * takes.
 */
export async function loadDeploySettings(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<LoadedSettings> {
  const retired = RETIRED_PAYPAL_ENV.filter((name) => env[name] !== undefined);
  if (retired.length > 0) {
    throw new Error(
      `${retired.join(' and ')} ${retired.length > 1 ? 'are' : 'is'} no longer read: the client ids go into the paying brands' pages, not the bundle. Set ${retired
        .map((name) => name.replace(/^VITE_/, ''))
        .join(' / ')} or paypal.clientIdLive / clientIdSandbox in ${DEFAULT_SETTINGS_FILE}.`,
    );
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${file}: no deployment settings there; docs/deploy.md shows the file`);
  }
  const settings = parseDeploySettings(text, file);
  const live = env[PAYPAL_ENV.live]?.trim();
  const sandbox = env[PAYPAL_ENV.sandbox]?.trim();
  const paypal = deploySettingsSchema.shape.paypal.safeParse({
    clientIdLive: live || settings.paypal.clientIdLive,
    clientIdSandbox: sandbox || settings.paypal.clientIdSandbox,
  });
  if (!paypal.success) {
    throw new Error(`${PAYPAL_ENV.live} / ${PAYPAL_ENV.sandbox}: ${formatIssues(paypal.error.issues)}`);
  }
  return { settings: { ...settings, paypal: paypal.data }, file: path.resolve(file) };
}

/** The settings in `text`, or an Error naming every mistake with its place in the file. */
export function parseDeploySettings(text: string, file: string): DeploySettings {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: ${describeJsonMistake(text, error)}`, { cause: error });
  }
  const parsed = deploySettingsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}:\n${formatIssues(parsed.error.issues)}`);
  return parsed.data;
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(the whole file)';
      if (issue.code === 'unrecognized_keys') {
        return `  ${where}: unknown setting${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
      }
      return `  ${where}: ${issue.message}`;
    })
    .join('\n');
}
