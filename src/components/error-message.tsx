import { errorText, type ErrorCode } from '../lib/messages.ts';

/**
 * The live region is always in the page, so screen readers announce an error the moment its
 * text appears; a region inserted together with its text is often missed.
 */
export function ErrorMessage({
  code,
  until,
  id,
}: {
  code: ErrorCode | undefined;
  until?: number | undefined;
  id: string;
}) {
  return (
    <div className="error" id={id} aria-live="assertive" aria-atomic="true">
      {code && <p data-error-code={code}>{errorText(code, until)}</p>}
    </div>
  );
}
