import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

interface SubmitButtonProps {
  busy: boolean;
  /** Not usable now for another reason than a call in flight (a lock). */
  unavailable?: boolean;
  children: ReactNode;
}

/**
 * Stays focusable while busy or unavailable (aria-disabled, not disabled), so keyboard focus is
 * not thrown to the page; the form's own guard ignores the submit meanwhile. The view's status
 * region (StatusMessage) says „Bitte warten“.
 */
export function SubmitButton({ busy, unavailable = false, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary" aria-disabled={busy || unavailable || undefined}>
      {busy && <Spinner />}
      {children}
    </button>
  );
}
