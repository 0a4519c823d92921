import { firstViewMessages } from '../lib/first-view-messages.ts';

/**
 * The view's polite live region: „Bitte warten“ while a call runs, else what just happened that
 * is no error (a new code sent). Always in the page, so a change of its text is announced.
 */
export function StatusMessage({ busy, text }: { busy: boolean; text: string | undefined }) {
  return (
    <p className="hint" role="status">
      {busy ? firstViewMessages.busy : text}
    </p>
  );
}
