import { useState, type SyntheticEvent } from 'react';
import { CODE_LENGTH } from '../../lib/limits.ts';
import { messages } from '../../lib/messages.ts';

interface OtpInputProps {
  id: string;
  value: string;
  busy: boolean;
  /** No input while the value is locked: readonly and aria-disabled, still focusable. */
  locked: boolean;
  invalid: boolean;
  describedBy: string;
  onChange: (code: string) => void;
  /** Called once each time the sixth digit arrives, by typing, paste or autofill. */
  onComplete: (code: string) => void;
}

/**
 * One real input drawn as six boxes (the input-otp technique): the browser's own editing,
 * paste and one-time-code autofill keep working, which six separate inputs would break.
 */
export function OtpInput({
  id,
  value,
  busy,
  locked,
  invalid,
  describedBy,
  onChange,
  onComplete,
}: OtpInputProps) {
  const [focused, setFocused] = useState(false);
  const [tooLong, setTooLong] = useState(false);

  const change = (raw: string) => {
    const all = raw.replace(/\D/g, '');
    // The caret stays at the end, so new digits are appended. A whole code arriving at once
    // (paste, one-time-code autofill) replaces what was there instead of being appended to it.
    const digits =
      all.startsWith(value) && all.length - value.length >= CODE_LENGTH ? all.slice(value.length) : all;
    // More digits than a code has are not cut to six and sent: that would spend one of the few
    // tries on a guess. The field keeps what it had, and says why.
    setTooLong(digits.length > CODE_LENGTH);
    if (digits.length > CODE_LENGTH || digits === value) return;
    onChange(digits);
    if (digits.length === CODE_LENGTH && value.length < CODE_LENGTH) onComplete(digits);
  };

  // The caret always sits after the last digit, so typing appends and Backspace removes it; a
  // selection of everything (Ctrl+A, a double tap) stays, so Backspace or a paste replaces it all.
  const keepCaretAtEnd = (event: SyntheticEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const end = input.value.length;
    const all = input.selectionStart === 0 && input.selectionEnd === end;
    if (!all && (input.selectionStart !== end || input.selectionEnd !== end))
      input.setSelectionRange(end, end);
  };

  return (
    <>
      <div className={`otp${focused ? ' otp--focused' : ''}${invalid ? ' otp--invalid' : ''}`}>
        <input
          id={id}
          className="otp__input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          autoFocus
          value={value}
          readOnly={busy || locked}
          aria-disabled={locked || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={`${describedBy} ${id}-too-long`}
          onChange={(event) => change(event.target.value)}
          onSelect={keepCaretAtEnd}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        <div className="otp__boxes" aria-hidden="true">
          {Array.from({ length: CODE_LENGTH }, (_, index) => (
            <span
              key={index}
              className={`otp__box${focused && index === Math.min(value.length, CODE_LENGTH - 1) ? ' otp__box--active' : ''}`}
            >
              {value[index] ?? ''}
            </span>
          ))}
        </div>
      </div>
      <p className="hint" id={`${id}-too-long`} aria-live="polite">
        {tooLong ? messages.codeTooLong : ''}
      </p>
    </>
  );
}
