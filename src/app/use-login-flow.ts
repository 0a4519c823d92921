import { useReducer, useRef } from 'react';
import { paymentSdkUrlOf, type ServiceConfig } from '../features/config/api/get-config.ts';
import type { LoginMethod } from '../types/login-method.ts';
import { sendMailCode } from '../features/send-code/api/send-mail-code.ts';
import type { Outcome } from '../lib/api-client.ts';
import { RESEND_COOLDOWN_MS } from '../lib/limits.ts';
import type { ErrorCode } from '../lib/messages.ts';
import { toE164 } from '../lib/phone-number.ts';
import {
  canStartSend,
  canVerify,
  flowReducer,
  initialFlowState,
  leadsToPayment,
  type FlowState,
} from './flow.ts';
import { loadPhoneStep, loadVerifyStep } from './lazy-steps.ts';
import type { SentCode } from './phone-step.ts';
import { progressStore } from './progress-store.ts';

export interface FlowSetup {
  serviceKey: string;
  service: ServiceConfig;
  qrId: string | undefined;
  method: LoginMethod | undefined;
  pageUrl: URL;
}

/**
 * Runs the calls of the flow and feeds their results to the reducer. A ref guards each call
 * as well, because a double click can fire twice before React re-renders the loading state.
 */
export function useLoginFlow(setup: FlowSetup, captchaContainer: () => HTMLElement | null) {
  const { serviceKey, service, qrId, pageUrl } = setup;
  // A link for another QR id is another sign-in, even in the same tab.
  const scope = qrId === undefined ? serviceKey : `${serviceKey}:${qrId}`;
  const [state, dispatch] = useReducer(flowReducer, undefined, () =>
    initialFlowState(
      { qrId, redirectBase: service.redirectUrl ?? service.mwsTargetUrl },
      { method: setup.method, progress: progressStore.load(scope) },
    ),
  );
  const inFlight = useRef(false);

  async function run(task: () => Promise<void>): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await task();
    } finally {
      inFlight.current = false;
    }
  }

  const sendCode = () =>
    run(async () => {
      const method = state.method ?? 'mail';
      const sentTo = method === 'number' ? toE164(state.country, state.value) : state.value.trim();
      const at = Date.now();
      if (!canStartSend(state, sentTo, at)) return;
      dispatch({ type: 'sendStarted', sentTo, at });
      const outcome = await sendTo(service, method, sentTo, captchaContainer());
      if (!outcome.ok) return dispatch({ type: 'sendFailed', code: outcome.code });
      const resendAt = Date.now() + RESEND_COOLDOWN_MS;
      dispatch({ type: 'codeSent', ...outcome.data, resendAt });
      const { value, country } = state;
      progressStore.save(scope, { method, value, country, sentTo, resendAt, ...outcome.data });
    });

  const verify = (code: string) =>
    run(async () => {
      const current: FlowState = { ...state, code };
      if (!canVerify(current)) return;
      dispatch({ type: 'verifyStarted' });
      const step = await loadVerifyStep().catch(() => undefined);
      if (!step) return dispatch({ type: 'verifyFailed', code: verifyFailureCode(current) });
      const outcome = await step.confirmCode(service, current, code);
      if (!outcome.ok) return dispatch({ type: 'verifyFailed', code: outcome.code });
      dispatch({ type: 'verified', token: outcome.data });
      // The code is used up: a reload from here on starts over instead of asking for it again.
      progressStore.clear(scope);
      if (qrId === undefined) return;
      const resolving = step.resolveQr(pageUrl, { qrid: qrId, token: outcome.data, service: serviceKey });
      step.prefetchPaymentView();
      const resolution = await resolving;
      // PayPal is contacted once a payment is certain, and at once: in the task that received
      // the answer, before view 3 renders and inserts the SDK's <script>.
      if (
        resolution.outcome === 'pay' &&
        leadsToPayment({ context: state.context, token: outcome.data }, resolution)
      )
        step.preloadPayPalSdk({ sponsor: resolution.sponsor, sdkBaseUrl: paymentSdkUrlOf(service) });
      dispatch({ type: 'resolved', resolution });
    });

  const actions = {
    chooseMethod: (method: LoginMethod) => dispatch({ type: 'methodChosen', method }),
    otherMethod: () => dispatch({ type: 'otherMethod' }),
    changeValue: () => {
      progressStore.clear(scope);
      dispatch({ type: 'changeValue' });
    },
    setValue: (value: string) => dispatch({ type: 'valueChanged', value }),
    setCountry: (country: string) => dispatch({ type: 'countryChanged', country }),
    setCode: (code: string) => dispatch({ type: 'codeChanged', code }),
    paid: (paymentId: string) => dispatch({ type: 'paid', paymentId }),
    sendCode,
    verify,
  };

  return { state, actions };
}

async function sendTo(
  service: ServiceConfig,
  method: LoginMethod,
  sentTo: string,
  captchaContainer: HTMLElement | null,
): Promise<Outcome<SentCode>> {
  if (method !== 'number') {
    const sent = await sendMailCode(service.mwsTargetUrl, sentTo, service.loginKey);
    return sent.ok ? { ok: true, data: { viaProvider: false, verificationId: undefined } } : sent;
  }
  const phone = await loadPhoneStep().catch(() => undefined);
  if (!phone || !captchaContainer) return { ok: false, code: 'AN01' };
  return phone.sendPhoneWithFallback(service, sentTo, captchaContainer);
}

/** The code could not be checked at all (its module did not load): the channel's failure. */
function verifyFailureCode(current: FlowState): ErrorCode {
  if (current.viaProvider) return 'VN02';
  return current.method === 'number' ? 'VN05' : 'VM02';
}
