import { firstViewMessages } from '../lib/first-view-messages.ts';

/**
 * Says the page did not load, with a way to reload, where the flow would otherwise leave the
 * card empty: a chunk that failed after the one reload chunk-recovery.ts allows. A view's lazy
 * load resolves to this instead of failing, and a step's load sets the flow's `loadFailed`; no
 * error boundary is needed, which keeps the first view's bundle small (decision 015).
 */
export function LoadFailed({ onReload }: { onReload: () => void }) {
  return (
    <div className="stack">
      <p className="error" role="alert">
        {firstViewMessages.loadFailed}
      </p>
      <button type="button" className="button button--primary" onClick={onReload}>
        {firstViewMessages.reloadPage}
      </button>
    </div>
  );
}
