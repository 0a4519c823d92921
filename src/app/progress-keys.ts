/**
 * Where a sign-in keeps its progress and draft in sessionStorage (progress-store.ts). A
 * leaf module, so the page's first script can tell that a visitor returns to a later view
 * without loading the store and its schemas.
 */
export const PROGRESS_KEY_PREFIX = 'login-gateway:progress:';
export const DRAFT_KEY_PREFIX = 'login-gateway:draft:';

/** A scope is the service key, with the QR id for a-ident: another QR id is another sign-in. */
export function progressScope(serviceKey: string, qrId: string | undefined): string {
  return qrId === undefined ? serviceKey : `${serviceKey}:${qrId}`;
}

/**
 * Whether this tab holds progress or a draft of the scope, read or not: the flow then starts
 * where the visitor was, not on view 0. Storage that is switched off holds nothing.
 */
export function hasStoredProgress(scope: string): boolean {
  try {
    return [PROGRESS_KEY_PREFIX, DRAFT_KEY_PREFIX].some(
      (prefix) => sessionStorage.getItem(prefix + scope) !== null,
    );
  } catch {
    return false;
  }
}
