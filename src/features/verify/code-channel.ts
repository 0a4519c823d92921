import type { ErrorCode } from '../../lib/messages.ts';

/**
 * Who sent a code, and so who verifies it: the MWS's mail route (users/…/mail, for e-mail
 * addresses and EDP-Kennungen alike), its SMS route (users/…/sms, the phone method's fallback),
 * or Firebase.
 */
export type CodeChannel = 'mws-mail' | 'mws-sms' | 'firebase';

/** The spec's code for a verification that could not run (no answer, an unusable one). */
export const VERIFY_FAILED = {
  'mws-mail': 'VM02',
  'mws-sms': 'VN05',
  firebase: 'VN02',
} as const satisfies Record<CodeChannel, ErrorCode>;
