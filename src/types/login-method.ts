/** The spec's three ways to sign in, in the order view 0 lists them. */
export const LOGIN_METHODS = ['mail', 'phone', 'edp'] as const;

export type LoginMethod = (typeof LOGIN_METHODS)[number];

/**
 * Each method's name on the wire (spec §2, §3): the `method` query parameter and the config's
 * loginMethods flags call the phone method `number`. Stored progress uses these names too, so it
 * reads the same across versions.
 */
export const METHOD_PARAMS = {
  mail: 'mail',
  phone: 'number',
  edp: 'edp',
} as const satisfies Record<LoginMethod, string>;

export type MethodParam = (typeof METHOD_PARAMS)[LoginMethod];

/** The method a wire name stands for, or undefined for any other value. */
export function methodOfParam(param: unknown): LoginMethod | undefined {
  return LOGIN_METHODS.find((method) => METHOD_PARAMS[method] === param);
}
