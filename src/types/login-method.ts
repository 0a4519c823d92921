/** The spec's three ways to sign in, in the order view 0 lists them. */
export const LOGIN_METHODS = ['mail', 'number', 'edp'] as const;

export type LoginMethod = (typeof LOGIN_METHODS)[number];
