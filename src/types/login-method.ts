/**
 * The spec's three ways to sign in, in the order view 0 lists them, by the spec's names (§2, §3):
 * the same in the `method` query parameter, the config's loginMethods flags and stored progress.
 */
export const LOGIN_METHODS = ['mail', 'number', 'edp'] as const;

export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** The methods a service's loginMethods flags enable, in the order view 0 lists them. */
export function enabledMethods(flags: Readonly<Record<LoginMethod, boolean>>): LoginMethod[] {
  return LOGIN_METHODS.filter((method) => flags[method]);
}
