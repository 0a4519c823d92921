import type { ErrorCode } from '../../lib/messages.ts';
import type { LoginMethod } from '../../types/login-method.ts';

/** Who checks a code: the MWS for a mail or EDP code, the MWS for the fallback SMS, or Firebase. */
export type CheckChannel = 'mail' | 'sms' | 'firebase';

/** The spec's code for a check that could not run (no answer, an unusable one). */
export const CHECK_FAILED = { mail: 'VM02', sms: 'VN05', firebase: 'VN02' } as const satisfies Record<
  CheckChannel,
  ErrorCode
>;

export function checkChannelOf(sent: {
  method: LoginMethod | undefined;
  sentViaFirebase: boolean;
}): CheckChannel {
  if (sent.sentViaFirebase) return 'firebase';
  return sent.method === 'number' ? 'sms' : 'mail';
}
