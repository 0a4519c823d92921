import type { Brand } from '../../scripts/lib/load-brands.ts';

export interface DevConfigOptions {
  /** Where the development MWS answers. */
  mwsTargetUrl: string;
  /** The Firebase Auth emulator, e.g. http://127.0.0.1:9099. */
  authEmulatorUrl: string;
}

export interface LoginMethods {
  mail: boolean;
  number: boolean;
  edp: boolean;
}

const EVERY_METHOD: LoginMethods = { mail: true, number: true, edp: true };

/** Every non-empty combination of the three methods, so each appears on some service. */
const METHOD_SETS: LoginMethods[] = [
  EVERY_METHOD,
  { mail: true, number: false, edp: false },
  { mail: false, number: true, edp: false },
  { mail: false, number: false, edp: true },
  { mail: true, number: true, edp: false },
  { mail: true, number: false, edp: true },
  { mail: false, number: true, edp: true },
];

export const DEV_FIREBASE_PROJECT = 'demo-login-gateway';

/**
 * The methods the development config gives each of `services` (the brand folders in their sorted
 * order): a-dok and a-ident offer all three, the others cycle through every combination. The
 * browser suite reads it too, to run each brand's sign-in for the methods its service enables.
 */
export function devLoginMethods(services: readonly string[]): Map<string, LoginMethods> {
  let cycled = 0;
  return new Map(
    services.map((service) => [
      service,
      service.startsWith('a-') ? EVERY_METHOD : (METHOD_SETS[cycled++ % METHOD_SETS.length] ?? EVERY_METHOD),
    ]),
  );
}

/**
 * The development /api/config for every brand: the contract of docs/backend-contract.md with
 * local addresses, and the methods of devLoginMethods.
 */
export function createDevConfig(brands: Brand[], { mwsTargetUrl, authEmulatorUrl }: DevConfigOptions) {
  const methods = devLoginMethods(brands.map((brand) => brand.service));
  const services = Object.fromEntries(
    brands.map((brand) => [
      brand.service,
      {
        name: brand.name,
        accentColor: brand.accentColor,
        loginKey: `dev-key-${brand.service}`,
        mwsTargetUrl,
        firebaseConfig: { apiKey: 'demo-api-key', projectId: DEV_FIREBASE_PROJECT, authEmulatorUrl },
        loginMethods: methods.get(brand.service),
      },
    ]),
  );
  return { services };
}
