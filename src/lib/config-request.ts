/**
 * The config request, shared by the app's fetch and the preload baked into index.html: the
 * browser reuses a preload only when URL, mode and credentials all match.
 */
export const configRequest = {
  /** Relative to the page, so a page at /login/ asks /login/api/config. */
  path: 'api/config',
  credentials: 'same-origin',
} as const satisfies { path: string; credentials: RequestCredentials };
