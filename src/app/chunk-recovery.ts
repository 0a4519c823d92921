/**
 * A page opened before a release asks for chunks by the names of that release; once the host
 * serves the next one, they are gone (404). A chunk the visitor needs now is then recovered by
 * reloading the page once, which brings the current release; a prefetch that fails is left alone.
 * Why there is no `vite:preloadError` listener: docs/decisions/015-chunk-load-recovery.md.
 */

/** Holds the time of the last reload this page made, so a chunk that stays missing cannot loop. */
export const RELOAD_KEY = 'login-gateway:chunk-reload';
/**
 * Within this long of its last reload the page does not reload again: the chunk is missing from
 * the current release too, and the visitor is told instead.
 */
export const RELOAD_INTERVAL_MS = 60_000;

/** What recovery needs of the browser; the page's `window` has it. */
export interface RecoveryHost {
  /** Reading it throws where storage is blocked: no reload then, as the loop guard cannot hold. */
  readonly sessionStorage: Storage;
  readonly location: Pick<Location, 'reload'>;
}

export function createChunkRecovery(host: RecoveryHost, now: () => number = Date.now) {
  const beforeReload = new Set<() => void>();

  function reload(): void {
    for (const callback of beforeReload) callback();
    host.location.reload();
  }

  /** Notes the reload and says yes, unless one was noted a minute ago or storage does not work. */
  function mayReload(): boolean {
    try {
      const storage = host.sessionStorage;
      const at = now();
      if (Math.abs(at - Number(storage.getItem(RELOAD_KEY))) < RELOAD_INTERVAL_MS) return false;
      storage.setItem(RELOAD_KEY, String(at));
      return true;
    } catch {
      return false;
    }
  }

  return {
    /**
     * Loads a chunk the visitor needs now. If it fails and the page may reload, it reloads, and
     * the promise stays pending (the spinner stays) until the browser leaves; otherwise it
     * rejects with the load's error, for the page to say so.
     */
    needed<T>(load: () => Promise<T>): Promise<T> {
      return load().catch((error: unknown) => {
        if (!mayReload()) throw error;
        reload();
        return new Promise<T>(() => undefined);
      });
    },
    /** Runs `callback` just before any reload this makes; returns its removal. */
    onBeforeReload(callback: () => void): () => void {
      beforeReload.add(callback);
      return () => beforeReload.delete(callback);
    },
    /** The visitor asked for the reload ('Seite neu laden'): no guard, the callbacks still run. */
    reload,
  };
}

export type ChunkRecovery = ReturnType<typeof createChunkRecovery>;

/** The page's one recovery: a reload is the whole page's, whichever chunk failed. */
export const chunkRecovery = createChunkRecovery(window);
