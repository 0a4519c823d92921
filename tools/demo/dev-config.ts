import type { Brand } from '../../scripts/lib/load-brands.ts';
import { LOGIN_METHODS, type LoginMethod } from '../../src/types/login-method.ts';

export interface DevConfigOptions {
  /** Where the development MWS answers. */
  mwsTargetUrl: string;
  /** The Firebase Auth emulator, e.g. http://127.0.0.1:9099. */
  authEmulatorUrl: string;
}

export type LoginMethods = Record<LoginMethod, boolean>;

/** The config's loginMethods flags with the methods in `on` enabled, every other one disabled. */
export const methodFlags = (...on: readonly LoginMethod[]): LoginMethods =>
  Object.fromEntries(LOGIN_METHODS.map((method) => [method, on.includes(method)])) as LoginMethods;

export const EVERY_METHOD: LoginMethods = methodFlags(...LOGIN_METHODS);

/**
 * Every non-empty combination of the methods, so each appears on some service: all of them
 * first, then by the bits of a counter (one method alone before two together).
 */
const METHOD_SETS: LoginMethods[] = [
  EVERY_METHOD,
  ...Array.from({ length: 2 ** LOGIN_METHODS.length - 2 }, (_, index) =>
    LOGIN_METHODS.filter((_method, bit) => ((index + 1) >> bit) & 1),
  )
    .sort((a, b) => a.length - b.length)
    .map((on) => methodFlags(...on)),
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
