import { useEffect, useState } from 'react';
import { messages } from '../../lib/messages.ts';

interface ResendButtonProps {
  /** When sending again is allowed (epoch ms); kept across reloads by the caller. */
  availableAt: number;
  busy: boolean;
  onResend: () => void;
}

/**
 * 'Code erneut senden', with the seconds left while the cooldown runs. Unavailable by
 * aria-disabled, never disabled: it stays in the Tab order, so a keyboard user finds it and hears
 * the time left, and focus stays on it through a resend instead of falling to the page.
 */
export function ResendButton({ availableAt, busy, onResend }: ResendButtonProps) {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((availableAt - now) / 1000));

  // The clock is an outside system: tick only while there is something to count down.
  useEffect(() => {
    const tick = () => {
      const time = Date.now();
      setNow(time);
      if (time >= availableAt) clearInterval(timer);
    };
    // At once too: after a resend, `now` is from the last tick, however long ago that was.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [availableAt]);

  const waiting = secondsLeft > 0;
  const unavailable = waiting || busy;
  return (
    <button
      type="button"
      className="button button--link"
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onResend();
      }}
    >
      {waiting ? messages.resendIn(secondsLeft) : messages.resend}
    </button>
  );
}
