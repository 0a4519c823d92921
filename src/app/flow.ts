import type { LoginMethod } from '../types/login-method.ts';
import type { Resolution } from '../features/resolver/api/resolve-qr.ts';
import { DEFAULT_COUNTRY_PREFIX } from '../lib/phone-number.ts';
import { CODE_LENGTH, MIN_VALUE_LENGTH } from '../lib/limits.ts';
import type { ErrorCode } from '../lib/messages.ts';
import { buildResolverRedirect, buildServiceRedirect } from '../lib/safe-redirect.ts';

/**
 * The page's views and transitions (spec §4) as one pure reducer: components dispatch events,
 * this decides the next view.
 */
export type View = 'choose' | 'enter' | 'code' | 'pay' | 'wait' | 'stopped';

export interface FlowContext {
  /** For a-ident: the QR id, which makes the resolver run after verification. */
  qrId: string | undefined;
  /** Where services without a resolver send the visitor: redirectUrl or mwsTargetUrl. */
  redirectBase: string;
}

export interface FlowState {
  context: FlowContext;
  view: View;
  method: LoginMethod | undefined;
  value: string;
  country: string;
  /** What the code went to: the trimmed address or EDP-Kennung, or the E.164 number. */
  sentTo: string;
  code: string;
  error: ErrorCode | undefined;
  loading: boolean;
  /** The phone code went through Firebase, not the backend's SMS fallback. */
  viaProvider: boolean;
  verificationId: string | undefined;
  /** When 'Code erneut senden' becomes available again (epoch ms). */
  resendAt: number;
  token: string | undefined;
  payment: { amount: number; sponsor: string | undefined } | undefined;
  target: { targetDomain: string; path: string } | undefined;
  /** Set on view 'wait' once the destination is known; the page then navigates there. */
  redirect: string | undefined;
  /** Why the flow stopped, for the console; nothing is shown (spec §8). */
  stopReason: string | undefined;
}

export type FlowEvent =
  | { type: 'methodChosen'; method: LoginMethod }
  | { type: 'otherMethod' }
  | { type: 'valueChanged'; value: string }
  | { type: 'countryChanged'; country: string }
  | { type: 'sendStarted'; sentTo: string; at: number }
  | { type: 'codeSent'; viaProvider: boolean; verificationId: string | undefined; resendAt: number }
  | { type: 'sendFailed'; code: ErrorCode }
  | { type: 'changeValue' }
  | { type: 'codeChanged'; code: string }
  | { type: 'verifyStarted' }
  | { type: 'verified'; token: string }
  | { type: 'verifyFailed'; code: ErrorCode }
  | { type: 'resolved'; resolution: Resolution }
  | { type: 'paid'; paymentId: string };

/** Spec §5: a value longer than 5 characters, and nothing while a call is in flight. */
export function canSend(state: FlowState): boolean {
  return !state.loading && state.view === 'enter' && state.value.trim().length >= MIN_VALUE_LENGTH;
}

/**
 * Whether a code may go out now: from view 1 with a valid value, or again from view 2 (a
 * resend). The cooldown holds for the same recipient however the visitor asks again.
 */
export function canStartSend(state: FlowState, sentTo: string, at: number): boolean {
  if (state.loading || (state.view === 'enter' ? !canSend(state) : state.view !== 'code')) return false;
  return sentTo !== state.sentTo || at >= state.resendAt;
}

/** Spec §5: exactly six digits, and the login value still longer than 5 characters. */
export function canVerify(state: FlowState): boolean {
  return (
    !state.loading &&
    state.view === 'code' &&
    new RegExp(`^\\d{${CODE_LENGTH}}$`).test(state.code) &&
    state.sentTo.length >= MIN_VALUE_LENGTH
  );
}

export interface Progress {
  method: LoginMethod;
  value: string;
  country: string;
  sentTo: string;
  viaProvider: boolean;
  verificationId: string | undefined;
  resendAt: number;
}

export function initialFlowState(
  context: FlowContext,
  start: { method?: LoginMethod; progress?: Progress },
): FlowState {
  const base: FlowState = {
    context,
    view: 'choose',
    method: undefined,
    value: '',
    country: DEFAULT_COUNTRY_PREFIX,
    sentTo: '',
    code: '',
    error: undefined,
    loading: false,
    viaProvider: false,
    verificationId: undefined,
    resendAt: 0,
    token: undefined,
    payment: undefined,
    target: undefined,
    redirect: undefined,
    stopReason: undefined,
  };
  if (start.progress) return { ...base, ...start.progress, view: 'code' };
  if (start.method) return { ...base, view: 'enter', method: start.method };
  return base;
}

export function flowReducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'methodChosen':
      return state.view === 'choose'
        ? { ...state, view: 'enter', method: event.method, error: undefined }
        : state;
    case 'otherMethod':
      return state.view === 'enter' && !state.loading
        ? { ...state, view: 'choose', method: undefined, value: '', error: undefined }
        : state;
    case 'valueChanged':
      return state.view === 'enter' && !state.loading ? { ...state, value: event.value } : state;
    case 'countryChanged':
      return state.view === 'enter' && !state.loading ? { ...state, country: event.country } : state;
    case 'sendStarted':
      return canStartSend(state, event.sentTo, event.at)
        ? { ...state, loading: true, error: undefined, sentTo: event.sentTo }
        : state;
    case 'codeSent':
      if (!awaitingSend(state)) return state;
      return {
        ...state,
        view: 'code',
        loading: false,
        code: '',
        viaProvider: event.viaProvider,
        verificationId: event.verificationId,
        resendAt: event.resendAt,
      };
    case 'sendFailed':
      return awaitingSend(state) ? { ...state, loading: false, error: event.code } : state;
    case 'changeValue':
      return state.view === 'code' && !state.loading
        ? { ...state, view: 'enter', code: '', error: undefined, verificationId: undefined }
        : state;
    case 'codeChanged':
      return state.view === 'code' && !state.loading ? { ...state, code: event.code } : state;
    case 'verifyStarted':
      return canVerify(state) ? { ...state, loading: true, error: undefined } : state;
    case 'verifyFailed':
      return awaitingVerification(state) ? { ...state, loading: false, code: '', error: event.code } : state;
    case 'verified':
      if (!awaitingVerification(state)) return state;
      return afterVerification({ ...state, loading: false, code: '', token: event.token, view: 'wait' });
    case 'resolved':
      return afterResolution(state, event.resolution);
    case 'paid':
      return state.view === 'pay'
        ? redirectToTarget({ ...state, view: 'wait', payment: undefined }, event.paymentId)
        : state;
  }
}

/** For a-ident the resolver runs next (view 4 meanwhile); other services redirect at once. */
function afterVerification(state: FlowState): FlowState {
  if (state.context.qrId !== undefined) return state;
  const url = buildServiceRedirect(state.context.redirectBase, state.token ?? '');
  return url
    ? { ...state, redirect: url.href }
    : stop(state, `refusing to redirect to ${state.context.redirectBase}`);
}

function afterResolution(state: FlowState, resolution: Resolution): FlowState {
  if (state.view !== 'wait' || state.redirect !== undefined) return state;
  switch (resolution.outcome) {
    case 'failed':
      return stop(state, `resolver failure: ${resolution.reason}`);
    case 'pay': {
      const { amount, sponsor, targetDomain, path } = resolution;
      const target = { targetDomain, path };
      if (!leadsToPayment(state, resolution)) {
        return stop(state, `refusing to redirect to ${JSON.stringify(target)}`);
      }
      return { ...state, view: 'pay', payment: { amount, sponsor }, target };
    }
    case 'redirect':
      return redirectToTarget({
        ...state,
        target: { targetDomain: resolution.targetDomain, path: resolution.path },
      });
  }
}

/**
 * Whether the resolver's demand for a payment leads to view 3: only when the target it names is
 * one the page may send the visitor to afterwards. Refused before taking money, not after.
 */
export function leadsToPayment(
  state: Pick<FlowState, 'context' | 'token'>,
  resolution: Extract<Resolution, { outcome: 'pay' }>,
): boolean {
  const target = { targetDomain: resolution.targetDomain, path: resolution.path };
  return resolverRedirect({ ...state, target }) !== undefined;
}

function redirectToTarget(state: FlowState, paymentId?: string): FlowState {
  const url = resolverRedirect(state, paymentId);
  return url
    ? { ...state, view: 'wait', redirect: url.href }
    : stop(state, `refusing to redirect to ${JSON.stringify(state.target)}`);
}

function resolverRedirect(
  { target, token, context }: Pick<FlowState, 'target' | 'token' | 'context'>,
  paymentId?: string,
): URL | undefined {
  if (!target || !token || context.qrId === undefined) return undefined;
  return buildResolverRedirect({ ...target, qrId: context.qrId, token, paymentId });
}

/** A code is being sent: the only time a send's result may arrive. */
function awaitingSend(state: FlowState): boolean {
  return state.loading && (state.view === 'enter' || state.view === 'code');
}

/** A code is being checked: the only time a check's result may arrive. */
function awaitingVerification(state: FlowState): boolean {
  return state.loading && state.view === 'code';
}

function stop(state: FlowState, reason: string): FlowState {
  return { ...state, view: 'stopped', loading: false, token: undefined, stopReason: reason };
}
