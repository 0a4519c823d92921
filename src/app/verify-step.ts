import type { ServiceConfig } from '../features/config/api/get-config.ts';
import { verifyCode, type MwsRoute } from '../features/verify/api/verify-code.ts';
import { VERIFY_FAILED, type CodeChannel } from '../features/verify/code-channel.ts';
import type { Outcome } from '../lib/api-client.ts';
import { loadVerifyFirebaseCode } from './lazy-steps.ts';
import type { LoadNeeded } from './login-methods.ts';

export interface VerifyRequest {
  service: ServiceConfig;
  sentTo: string;
  verificationId: string | undefined;
  code: string;
  needed: LoadNeeded;
}

/** How each channel verifies a code: the MWS by the route that sent it, or Firebase (lazy). */
const VERIFY_BY_CHANNEL: Record<CodeChannel, (request: VerifyRequest) => Promise<Outcome<string>>> = {
  'mws-mail': (request) => verifyWithMws('mail', request),
  'mws-sms': (request) => verifyWithMws('sms', request),
  firebase: async ({ service, verificationId, code, needed }) => {
    if (!verificationId) return { ok: false, code: VERIFY_FAILED.firebase };
    const firebase = await needed(loadVerifyFirebaseCode);
    return firebase.verifyFirebaseCode(service.firebaseConfig, verificationId, code);
  },
};

/** Verifies the code with the channel that sent it; a chunk of its own, loaded on view 2. */
export function verifyWith(channel: CodeChannel, request: VerifyRequest): Promise<Outcome<string>> {
  return VERIFY_BY_CHANNEL[channel](request);
}

function verifyWithMws(route: MwsRoute, { service, sentTo, code }: VerifyRequest): Promise<Outcome<string>> {
  return verifyCode(route, service.mwsTargetUrl, sentTo, code);
}
