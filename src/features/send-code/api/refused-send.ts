import type { CallResult } from '../../../lib/api-client.ts';
import type { ErrorCode } from '../../../lib/messages.ts';

/**
 * What a send the MWS refused with HTTP 429 shows: the value is locked after too many wrong codes
 * (VL01), or a limit of sends is reached (AL01, also when the answer does not say which).
 */
export function refusedSend(answer: CallResult<{ reason?: string | undefined }>): ErrorCode {
  return !answer.ok && answer.data?.reason === 'locked' ? 'VL01' : 'AL01';
}
