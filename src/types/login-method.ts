/**
 * The ways to sign in, in the order view 0 lists them, by the spec's names (§2, §3): the same in
 * the `method` query parameter, the config's loginMethods flags and stored progress. A name added
 * here makes tsc ask for the method's name on view 0 (METHOD_NAMES in
 * src/lib/first-view-messages.ts, the one thing of a method the first view needs) and for its row
 * in src/app/login-methods.ts, which holds everything else about it. The config's schema, the
 * first script, the pre-rendered page, the preview and the development config follow this list.
 */
export const LOGIN_METHODS = ['mail', 'number', 'edp'] as const;

export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** The methods a service's loginMethods flags enable, in the order view 0 lists them. */
export function enabledMethods(flags: Readonly<Record<LoginMethod, boolean>>): LoginMethod[] {
  return LOGIN_METHODS.filter((method) => flags[method]);
}
