import { useEffect, useState } from 'react';
import { messages } from '../../lib/messages.ts';

interface ResendButtonProps {
  /** When sending again is allowed (epoch ms); kept across reloads by the caller. */
  availableAt: number;
  busy: boolean;
  onResend: () => void;
}

/** 'Code erneut senden', with the seconds left shown while the cooldown runs. */
export function ResendButton({ availableAt, busy, onResend }: ResendButtonProps) {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((availableAt - now) / 1000));

  // The clock is an outside system: tick only while there is something to count down.
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  const waiting = secondsLeft > 0;
  return (
    <button type="button" className="button button--link" onClick={onResend} disabled={waiting || busy}>
      {waiting ? messages.resendIn(secondsLeft) : messages.resend}
    </button>
  );
}
