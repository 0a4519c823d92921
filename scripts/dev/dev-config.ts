import type { Brand } from '../lib/load-brands.ts';

export interface DevConfigOptions {
  /** Where the development MWS answers. */
  mwsTargetUrl: string;
  /** The Firebase Auth emulator, e.g. http://127.0.0.1:9099. */
  authEmulatorUrl: string;
}

/** Every non-empty combination of the three methods, so each appears on some service. */
const METHOD_SETS = [
  { mail: true, number: true, edp: true },
  { mail: true, number: false, edp: false },
  { mail: false, number: true, edp: false },
  { mail: false, number: false, edp: true },
  { mail: true, number: true, edp: false },
  { mail: true, number: false, edp: true },
  { mail: false, number: true, edp: true },
];

export const DEV_FIREBASE_PROJECT = 'demo-login-gateway';

/**
 * The development /api/config for every brand: the contract of docs/backend-contract.md with
 * local addresses. a-dok and a-ident offer all three methods; the others cycle through every
 * combination.
 */
export function createDevConfig(brands: Brand[], { mwsTargetUrl, authEmulatorUrl }: DevConfigOptions) {
  let cycled = 0;
  const services = Object.fromEntries(
    brands.map((brand) => [
      brand.service,
      {
        name: brand.name,
        accentColor: brand.accentColor,
        loginKey: `dev-key-${brand.service}`,
        mwsTargetUrl,
        firebaseConfig: { apiKey: 'demo-api-key', projectId: DEV_FIREBASE_PROJECT, authEmulatorUrl },
        loginMethods: brand.service.startsWith('a-')
          ? METHOD_SETS[0]
          : METHOD_SETS[cycled++ % METHOD_SETS.length],
      },
    ]),
  );
  return { services };
}
