import { useEffect, useReducer, useRef, useState } from 'react';
import { paymentSdkUrlOf, type ServiceConfig } from '../features/config/api/get-config.ts';
import type { LoginMethod } from '../types/login-method.ts';
import { RESEND_COOLDOWN_MS } from '../lib/limits.ts';
import { flowReducer, initialFlowState, type FlowEvent, type FlowState, type View } from './flow.ts';
import { chunkRecovery } from './chunk-recovery.ts';
import { loadPayPalPreload, loadPaymentView, loadResolverStep, loadVerifyStep } from './lazy-steps.ts';
import { codeMethod, LOGIN_METHOD_RULES, type DirectMethod, type LoadNeeded } from './login-methods.ts';
import { progressStore } from './progress-store.ts';
import { progressScope } from './progress-keys.ts';
import { readQuery } from '../lib/query-rules.ts';
import { useViewHistory, type ViewEntry } from './view-history.ts';

export interface FlowSetup {
  serviceKey: string;
  service: ServiceConfig;
  qrId: string | undefined;
  method: LoginMethod | undefined;
  pageUrl: URL;
  /** The page's allow-list of redirect hosts, as the first script read it (src/start-config.ts). */
  redirectHosts: readonly string[];
  /** The site's name in the document title: the brand's title, or the service's name. */
  siteTitle: string;
}

/** The order of the views Back and Forward move through; after the code there is no way back. */
const STEPS: readonly View[] = ['method', 'send-code', 'verify'];

type VerifyStep = Awaited<ReturnType<typeof loadVerifyStep>>;
/**
 * The verify step's module once it is in (prefetched on view 1, kept on view 2): the code's check
 * then leaves in the task of its last digit, not after the task an import() of it takes.
 */
let verifyStep: VerifyStep | undefined;

/**
 * Runs the calls of the flow and feeds their results to the reducer, which decides: a call starts
 * only when the reducer takes the event that starts it. A ref guards each call as well, because
 * a double click can fire twice before React re-renders the loading state.
 */
export function useLoginFlow(
  setup: FlowSetup,
  captchaContainer: () => HTMLElement | null,
  /** View 3's chunk, fetched while the resolver answers (login-flow.tsx keeps the module it brings). */
  prefetchPaymentView: () => Promise<unknown> = loadPaymentView,
) {
  const { serviceKey, service, qrId, pageUrl } = setup;
  // A link for another QR id is another sign-in, even in the same tab.
  const scope = progressScope(serviceKey, qrId);
  const [state, dispatch] = useReducer(flowReducer, undefined, () =>
    initialFlowState(
      { qrId, redirectUrl: service.redirectUrl, redirectHosts: setup.redirectHosts },
      { method: setup.method, progress: progressStore.load(scope), draft: progressStore.takeDraft(scope) },
    ),
  );
  const inFlight = useRef(false);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (state.view !== 'verify' || verifyStep) return;
    loadVerifyStep().then(
      (module) => (verifyStep = module),
      () => undefined, // loaded again, with recovery, when the code is complete
    );
  }, [state.view]);

  // What the visitor typed comes back after a reload the page makes (chunk-recovery.ts), also
  // before a code went out or after it was used up, when there is no progress to return to.
  useEffect(() => {
    const method = state.method;
    if (!method) return;
    const draft = { method, loginValue: state.loginValue, countryPrefix: state.countryPrefix };
    return chunkRecovery.onBeforeReload(() => progressStore.saveDraft(scope, draft));
  }, [scope, state.method, state.loginValue, state.countryPrefix]);

  // A reload of view 1 keeps the method and what was typed; one of the payment view cannot resume
  // (the code is used up, the token is never stored) and returns to view 1 saying why.
  const { view, method, loginValue, countryPrefix } = state;
  useEffect(() => {
    if (view === 'method') progressStore.clearDraft(scope);
    else if (method && view === 'send-code')
      progressStore.saveDraft(scope, { method, loginValue, countryPrefix });
    else if (method && view === 'payment')
      progressStore.saveDraft(scope, { method, loginValue, countryPrefix, notice: 'paymentInterrupted' });
  }, [scope, view, method, loginValue, countryPrefix]);

  // A lock or limit ends on the server's word: the view then says that a new code may be asked for.
  useEffect(() => {
    const until = state.errorUntil;
    if (until === undefined) return;
    // setTimeout holds at most 2^31 - 1 ms; and a timer may fire before Date.now() reaches its
    // end (its own clock, or the wall clock set back): it looks again until the end has come.
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const now = Date.now();
      if (now >= until) dispatch({ type: 'waitOver', at: now });
      else timer = setTimeout(check, Math.min(until - now, 2 ** 31 - 1));
    };
    timer = setTimeout(check, Math.min(until - Date.now(), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [state.errorUntil]);

  // A method the query did not name was chosen on view 0, before the flow ran: Back returns there.
  useViewHistory({ view, method }, readQuery(pageUrl.search).method !== setup.method, moveTo);

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

  /** The state after an event, dispatched; undefined when the reducer refuses it in this state. */
  function take(event: FlowEvent): FlowState | undefined {
    const next = flowReducer(state, event);
    if (next === state) return undefined;
    dispatch(event);
    return next;
  }

  /** Takes the flow to a history entry's view, one step at a time; false where it cannot go. */
  function moveTo(entry: ViewEntry): boolean {
    const target = STEPS.indexOf(entry.view);
    let next = state;
    const events: FlowEvent[] = [];
    while (target >= 0 && STEPS.indexOf(next.view) >= 0 && next.view !== entry.view) {
      const event = stepToward(next, STEPS.indexOf(next.view) < target, entry.method);
      const after = event && flowReducer(next, event);
      if (!event || !after || after === next) return false;
      events.push(event);
      next = after;
    }
    if (next.view !== entry.view) return false;
    if (state.view === 'verify') progressStore.clear(scope);
    for (const event of events) dispatch(event);
    if (next.view === 'verify') saveProgress(next);
    return true;
  }

  /** Where the visitor is on the code view, for a reload to return to (the store takes no code). */
  function saveProgress(at: FlowState) {
    if (at.method) progressStore.save(scope, { ...at, method: at.method });
  }

  function stepToward(
    from: FlowState,
    forward: boolean,
    method: LoginMethod | undefined,
  ): FlowEvent | undefined {
    if (!forward) return from.view === 'verify' ? { type: 'backToSendCode' } : { type: 'backToMethod' };
    if (from.view === 'method') return method && { type: 'methodChosen', method };
    const code = codeMethod(from.method);
    return code && { type: 'forwardToVerify', sentTo: code.recipient(from.loginValue, from.countryPrefix) };
  }

  const sendCode = () =>
    run(async () => {
      const { method, loginValue, countryPrefix } = state;
      if (!method) return;
      const rules = LOGIN_METHOD_RULES[method];
      if (rules.kind === 'direct') return signIn(rules);
      const sentTo = rules.recipient(loginValue, countryPrefix);
      const started = take({ type: 'sendStarted', sentTo, at: Date.now() });
      if (!started) return;
      // The reducer took the visitor back to the code already sent (within its cooldown).
      if (!started.loading) return saveProgress(started);
      const outcome = await rules.send({ service, sentTo, captchaContainer: captchaContainer(), needed });
      if (!outcome.ok) return dispatch({ type: 'sendFailed', code: outcome.code, until: outcome.retryAt });
      const resendAt = Date.now() + RESEND_COOLDOWN_MS;
      dispatch({ type: 'codeSent', ...outcome.data, resendAt });
      progressStore.save(scope, { method, loginValue, countryPrefix, sentTo, resendAt, ...outcome.data });
    });

  /** A method without a code: its sign-in answers with the token, as a verified code would. */
  async function signIn(rules: DirectMethod) {
    if (!take({ type: 'signInStarted' })) return;
    const outcome = await rules.signIn({ service, needed });
    if (!outcome.ok) return dispatch({ type: 'sendFailed', code: outcome.code, until: outcome.retryAt });
    progressStore.clearDraft(scope);
    dispatch({ type: 'signedIn', token: outcome.data });
  }

  const verify = (code: string) =>
    run(async () => {
      const started = take({ type: 'verifyStarted', code });
      if (!started?.method) return;
      const { sentTo, sentViaFirebase, verificationId } = started;
      const channel = codeMethod(started.method)?.channel(sentViaFirebase);
      if (!channel) return;
      const { verifyWith } = verifyStep ?? (await needed(loadVerifyStep));
      // a-ident: the resolver's chunk (prefetched on view 1) is made ready while the code is
      // checked, so that its call leaves in the task that receives the token.
      const resolverStep = qrId === undefined ? undefined : loadResolverStep();
      resolverStep?.catch(() => undefined);
      const outcome = await verifyWith(channel, { service, sentTo, verificationId, code, needed });
      if (!outcome.ok) return dispatch({ type: 'verifyFailed', code: outcome.code, until: outcome.retryAt });
      const token = outcome.data;
      const verified = flowReducer(started, { type: 'verified', token });
      dispatch({ type: 'verified', token });
      // The code is used up: a reload from here on starts over instead of asking for it again.
      progressStore.clear(scope);
      progressStore.clearDraft(scope);
      if (qrId === undefined || !resolverStep) return;
      const { runResolverStep } = await needed(() => resolverStep);
      let paymentView: Promise<unknown> = Promise.resolve();
      const resolution = await runResolverStep(
        { pageUrl, fields: { qrid: qrId, token, service: serviceKey }, sdkBaseUrl: paymentSdkUrlOf(service) },
        {
          loadPayPalPreload,
          prefetchPaymentView: () => (paymentView = prefetchPaymentView()),
          leadsToPayment: (answer) =>
            flowReducer(verified, { type: 'resolved', resolution: answer }).view === 'payment',
        },
      );
      // View 3 is drawn once its chunk is in (prefetched on view 2, so at once as a rule), while
      // PayPal's SDK, preloaded with the answer, downloads. A chunk that failed is the view's to
      // load again, or to say so.
      if (resolution.outcome === 'pay') await paymentView.catch(() => undefined);
      dispatch({ type: 'resolved', resolution });
    });

  const actions = {
    chooseMethod: (method: LoginMethod) => dispatch({ type: 'methodChosen', method }),
    backToMethod: () => dispatch({ type: 'backToMethod' }),
    backToSendCode: () => {
      progressStore.clear(scope);
      dispatch({ type: 'backToSendCode' });
    },
    setLoginValue: (loginValue: string) => dispatch({ type: 'loginValueChanged', loginValue }),
    setCountryPrefix: (countryPrefix: string) => dispatch({ type: 'countryPrefixChanged', countryPrefix }),
    setCode: (code: string) => dispatch({ type: 'codeChanged', code }),
    paid: (paymentId: string) => {
      // The payment view's draft: after the payment there is nothing to return to.
      progressStore.clearDraft(scope);
      dispatch({ type: 'paid', paymentId });
    },
    sendCode,
    verify,
  };

  return { state, actions, loadFailed };
}
