import { useEffect, useReducer, useRef, useState } from 'react';
import { paymentSdkUrlOf, type ServiceConfig } from '../features/config/api/get-config.ts';
import type { LoginMethod } from '../types/login-method.ts';
import { sendMailCode } from '../features/send-code/api/send-mail-code.ts';
import type { SentCode } from '../features/send-code/send-phone-code.ts';
import { CHECK_FAILED, checkChannelOf } from '../features/verify/check-failure.ts';
import type { Outcome } from '../lib/api-client.ts';
import { RESEND_COOLDOWN_MS } from '../lib/limits.ts';
import { toE164 } from '../lib/phone-number.ts';
import {
  canStartSend,
  canVerify,
  flowReducer,
  initialFlowState,
  leadsToPayment,
  type FlowState,
} from './flow.ts';
import { chunkRecovery } from './chunk-recovery.ts';
import {
  loadConfirmPhoneCode,
  loadPayPalPreload,
  loadPaymentView,
  loadResolveQr,
  loadSendPhoneCode,
  loadVerifyCode,
} from './lazy-steps.ts';
import { progressStore } from './progress-store.ts';

export interface FlowSetup {
  serviceKey: string;
  service: ServiceConfig;
  qrId: string | undefined;
  method: LoginMethod | undefined;
  pageUrl: URL;
  /** The page's allow-list of redirect hosts, from its meta tag; undefined when it has none. */
  redirectHosts: readonly string[] | undefined;
}

/** Loads a chunk a step needs now; see `needed` in useLoginFlow. */
type LoadNeeded = <T>(load: () => Promise<T>) => Promise<T>;

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
      { qrId, redirectUrl: service.redirectUrl, redirectHosts: setup.redirectHosts },
      { method: setup.method, progress: progressStore.load(scope), draft: progressStore.takeDraft(scope) },
    ),
  );
  const inFlight = useRef(false);
  const [loadFailed, setLoadFailed] = useState(false);

  // What the visitor typed comes back after a reload the page makes (chunk-recovery.ts), also
  // before a code went out or after it was used up, when there is no progress to return to.
  useEffect(() => {
    const method = state.method;
    if (!method) return;
    const draft = { method, loginValue: state.loginValue, countryPrefix: state.countryPrefix };
    return chunkRecovery.onBeforeReload(() => progressStore.saveDraft(scope, draft));
  }, [scope, state.method, state.loginValue, state.countryPrefix]);

  /**
   * A chunk the step needs now. One that fails reloads the page once (chunk-recovery.ts); when it
   * may not, the page says so in place of the view, and the step waits for the reload it offers:
   * the chunk is gone from the host, so trying the step again cannot help.
   */
  const needed: LoadNeeded = (load) =>
    chunkRecovery.needed(load).catch((error: unknown) => {
      console.error('A part of the page did not load:', error);
      setLoadFailed(true);
      return new Promise(() => undefined);
    });

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
      const sentTo =
        method === 'number' ? toE164(state.countryPrefix, state.loginValue) : state.loginValue.trim();
      const at = Date.now();
      if (!canStartSend(state, sentTo, at)) return;
      dispatch({ type: 'sendStarted', sentTo, at });
      const outcome = await sendTo(service, method, sentTo, captchaContainer(), needed);
      if (!outcome.ok) return dispatch({ type: 'sendFailed', code: outcome.code });
      const resendAt = Date.now() + RESEND_COOLDOWN_MS;
      dispatch({ type: 'codeSent', ...outcome.data, resendAt });
      const { loginValue, countryPrefix } = state;
      progressStore.save(scope, { method, loginValue, countryPrefix, sentTo, resendAt, ...outcome.data });
    });

  const verify = (code: string) =>
    run(async () => {
      const current: FlowState = { ...state, code };
      if (!canVerify(current)) return;
      dispatch({ type: 'verifyStarted' });
      const outcome = await checkCode(service, current, code, needed);
      if (!outcome.ok) return dispatch({ type: 'verifyFailed', code: outcome.code });
      dispatch({ type: 'verified', token: outcome.data });
      // The code is used up: a reload from here on starts over instead of asking for it again.
      progressStore.clear(scope);
      if (qrId === undefined) return;
      // The resolver's call starts as soon as its chunk is there; PayPal's preload is only needed
      // once the answer is in.
      const preloading = loadPayPalPreload().catch(() => undefined);
      const resolver = await needed(loadResolveQr);
      const resolving = resolver.resolveQr(pageUrl, { qrid: qrId, token: outcome.data, service: serviceKey });
      // View 3's chunk comes from the page's own origin, so fetching it in vain costs bytes, not
      // the visitor's privacy; PayPal's SDK waits for the answer.
      loadPaymentView().catch(() => undefined);
      const [resolution, preload] = await Promise.all([resolving, preloading]);
      // PayPal is contacted once a payment is certain, and at once: in the task that received
      // the answer, before view 3 renders and inserts the SDK's <script>.
      if (
        resolution.outcome === 'pay' &&
        leadsToPayment({ context: state.context, token: outcome.data }, resolution)
      )
        preload?.preloadPayPalSdk({ sponsor: resolution.sponsor, sdkBaseUrl: paymentSdkUrlOf(service) });
      dispatch({ type: 'resolved', resolution });
    });

  const actions = {
    chooseMethod: (method: LoginMethod) => dispatch({ type: 'methodChosen', method }),
    otherMethod: () => dispatch({ type: 'otherMethod' }),
    changeLoginValue: () => {
      progressStore.clear(scope);
      dispatch({ type: 'changeLoginValue' });
    },
    setLoginValue: (loginValue: string) => dispatch({ type: 'loginValueChanged', loginValue }),
    setCountryPrefix: (countryPrefix: string) => dispatch({ type: 'countryPrefixChanged', countryPrefix }),
    setCode: (code: string) => dispatch({ type: 'codeChanged', code }),
    paid: (paymentId: string) => dispatch({ type: 'paid', paymentId }),
    sendCode,
    verify,
  };

  return { state, actions, loadFailed };
}

async function sendTo(
  service: ServiceConfig,
  method: LoginMethod,
  sentTo: string,
  captchaContainer: HTMLElement | null,
  needed: LoadNeeded,
): Promise<Outcome<SentCode>> {
  if (method !== 'number') {
    const sent = await sendMailCode(service.mwsTargetUrl, sentTo, service.loginKey);
    return sent.ok ? { ok: true, data: { sentViaFirebase: false, verificationId: undefined } } : sent;
  }
  const phone = await needed(loadSendPhoneCode);
  if (!captchaContainer) return { ok: false, code: 'AN01' };
  return phone.sendPhoneCode(service, sentTo, captchaContainer);
}

/** Checks the code with whoever sent it: Firebase, or the MWS for mail, EDP and the SMS fallback. */
async function checkCode(
  service: ServiceConfig,
  current: FlowState,
  code: string,
  needed: LoadNeeded,
): Promise<Outcome<string>> {
  const channel = checkChannelOf(current);
  if (channel !== 'firebase') {
    const mws = await needed(loadVerifyCode);
    return mws.verifyCode(channel, service.mwsTargetUrl, current.sentTo, code);
  }
  if (!current.verificationId) return { ok: false, code: CHECK_FAILED.firebase };
  const firebase = await needed(loadConfirmPhoneCode);
  return firebase.confirmPhoneCode(service.firebaseConfig, current.verificationId, code);
}
