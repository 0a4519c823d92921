import type { ReactNode } from 'react';
import { messages } from '../lib/messages.ts';
import { Spinner } from './spinner.tsx';

interface SubmitButtonProps {
  busy: boolean;
  children: ReactNode;
}

/**
 * Stays focusable while busy (aria-disabled, not disabled), so keyboard focus is not thrown to
 * the page; the form's own guard ignores the submit meanwhile.
 */
export function SubmitButton({ busy, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
      {busy && <Spinner />}
      {children}
      {busy && <span className="visually-hidden">, {messages.busy}</span>}
    </button>
  );
}
