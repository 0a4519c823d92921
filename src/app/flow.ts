import type { LoginMethod } from '../types/login-method.ts';
import type { Resolution } from '../features/resolver/api/resolve-qr.ts';
import { DEFAULT_COUNTRY_PREFIX } from '../lib/phone-number.ts';
import { CODE_LENGTH, MIN_VALUE_LENGTH } from '../lib/limits.ts';
import type { ErrorCode, Notice } from '../lib/messages.ts';
import { isAllowedHost } from '../lib/redirect-hosts.ts';
import { buildResolverRedirect, buildServiceRedirect } from '../lib/safe-redirect.ts';

/**
 * The page's views and transitions (spec §4) as one pure reducer: components dispatch events,
 * this decides the next view.
 */
export type View = 'method' | 'send-code' | 'verify' | 'payment' | 'redirect' | 'stopped';

export interface FlowContext {
  /** For a-ident: the QR id, which makes the resolver run after verification. */
  qrId: string | undefined;
  /** Where services without a resolver send the visitor: the config's redirectUrl. */
  redirectUrl: string | undefined;
  /** The page's own allow-list of redirect hosts (brand.json's redirectHosts); empty allows none. */
  redirectHosts: readonly string[];
}

export interface FlowState {
  context: FlowContext;
  view: View;
  method: LoginMethod | undefined;
  /** What the visitor typed into view 1: an e-mail address, a national phone number or an EDP-Kennung. */
  loginValue: string;
  /** The dialling prefix of a phone number, '+49' unless changed. */
  countryPrefix: string;
  /** What the code went to: the address's or EDP-Kennung's canonical form (login-methods.ts), or the E.164 number. */
  sentTo: string;
  /** Where the last code that was sent went (a failed send changes `sentTo`, not this). */
  codeSentTo: string | undefined;
  code: string;
  error: ErrorCode | undefined;
  /** When the refusal the error reports ends (epoch ms), where the server said; a lock or a limit. */
  errorUntil: number | undefined;
  /** What the view's status region tells, politely: not an error. */
  notice: Notice | undefined;
  loading: boolean;
  /** The phone code went through Firebase, not the backend's SMS fallback. */
  sentViaFirebase: boolean;
  verificationId: string | undefined;
  /** When 'Code erneut senden' becomes available again (epoch ms). */
  resendAt: number;
  token: string | undefined;
  payment: { amount: number; sponsor: string | undefined } | undefined;
  target: { targetDomain: string; path: string } | undefined;
  /** Set on view 'redirect' once the destination is known; the page then navigates there. */
  redirect: string | undefined;
  /** Why the flow stopped, for the console; nothing is shown (spec §8). */
  stopReason: string | undefined;
}

export type FlowEvent =
  | { type: 'methodChosen'; method: LoginMethod }
  | { type: 'backToMethod' }
  | { type: 'loginValueChanged'; loginValue: string }
  | { type: 'countryPrefixChanged'; countryPrefix: string }
  | { type: 'sendStarted'; sentTo: string; at: number }
  | { type: 'codeSent'; sentViaFirebase: boolean; verificationId: string | undefined; resendAt: number }
  | { type: 'sendFailed'; code: ErrorCode; until?: number | undefined }
  /** A method without a code (login-methods.ts, kind 'direct') signs in from view 1's button. */
  | { type: 'signInStarted' }
  | { type: 'signedIn'; token: string }
  | { type: 'backToSendCode' }
  /** Forward in the history, with where the value view 1 holds would send a code. */
  | { type: 'forwardToVerify'; sentTo: string }
  | { type: 'codeChanged'; code: string }
  | { type: 'verifyStarted'; code: string }
  | { type: 'verified'; token: string }
  | { type: 'verifyFailed'; code: ErrorCode; until?: number | undefined }
  | { type: 'waitOver'; at: number }
  | { type: 'resolved'; resolution: Resolution }
  | { type: 'paid'; paymentId: string };

/** Spec §5: a value longer than 5 characters, and nothing while a call is in flight. */
export function canSend(state: FlowState): boolean {
  return !state.loading && state.view === 'send-code' && state.loginValue.trim().length >= MIN_VALUE_LENGTH;
}

/**
 * Whether a code may go out now: from view 1 with a valid value, or again from view 2 (a
 * resend). The cooldown holds for the same recipient however the visitor asks again.
 */
function canStartSend(state: FlowState, sentTo: string, at: number): boolean {
  if (state.loading || (state.view === 'send-code' ? !canSend(state) : state.view !== 'verify')) return false;
  return sentTo !== state.sentTo || at >= state.resendAt;
}

/** Spec §5: exactly six digits, and the login value still longer than 5 characters; not while locked. */
export function canVerify(state: FlowState): boolean {
  return (
    !state.loading &&
    state.view === 'verify' &&
    !isLocked(state) &&
    new RegExp(`^\\d{${CODE_LENGTH}}$`).test(state.code) &&
    state.sentTo.length >= MIN_VALUE_LENGTH
  );
}

/** The MWS locked the value after too many wrong codes, until `errorUntil`: no check, no send. */
export function isLocked(state: FlowState): boolean {
  return state.error === 'VL01' && state.errorUntil !== undefined;
}

export interface Progress {
  method: LoginMethod;
  loginValue: string;
  countryPrefix: string;
  sentTo: string;
  sentViaFirebase: boolean;
  verificationId: string | undefined;
  resendAt: number;
}

/**
 * What the visitor typed into view 1, kept over a reload the page makes itself when a chunk
 * fails to load (chunk-recovery.ts): no code has gone out for it, or its code is used up.
 */
export type Draft = Pick<Progress, 'method' | 'loginValue' | 'countryPrefix'> & {
  /** Why the visitor is back on view 1: a reload on the payment view, which cannot resume. */
  notice?: 'paymentInterrupted' | undefined;
};

/** Sent-code progress returns to view 2; otherwise a draft to view 1 with the value typed in. */
export function initialFlowState(
  context: FlowContext,
  start: { method?: LoginMethod; progress?: Progress; draft?: Draft },
): FlowState {
  const base: FlowState = {
    context,
    view: 'method',
    method: undefined,
    loginValue: '',
    countryPrefix: DEFAULT_COUNTRY_PREFIX,
    sentTo: '',
    codeSentTo: undefined,
    code: '',
    error: undefined,
    errorUntil: undefined,
    notice: undefined,
    loading: false,
    sentViaFirebase: false,
    verificationId: undefined,
    resendAt: 0,
    token: undefined,
    payment: undefined,
    target: undefined,
    redirect: undefined,
    stopReason: undefined,
  };
  if (start.progress)
    return { ...base, ...start.progress, codeSentTo: start.progress.sentTo, view: 'verify' };
  if (start.draft) {
    const { method, loginValue, countryPrefix, notice } = start.draft;
    return { ...base, view: 'send-code', method, loginValue, countryPrefix, notice };
  }
  if (start.method) return { ...base, view: 'send-code', method: start.method };
  return base;
}

export function flowReducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'methodChosen':
      return state.view === 'method'
        ? { ...state, view: 'send-code', method: event.method, ...noMessage }
        : state;
    case 'backToMethod':
      return state.view === 'send-code' && !state.loading
        ? { ...state, view: 'method', method: undefined, loginValue: '', ...noMessage }
        : state;
    case 'loginValueChanged':
      return state.view === 'send-code' && !state.loading
        ? { ...state, loginValue: event.loginValue }
        : state;
    case 'countryPrefixChanged':
      return state.view === 'send-code' && !state.loading
        ? { ...state, countryPrefix: event.countryPrefix }
        : state;
    case 'sendStarted': {
      // Anmelden again for the value whose code was just sent: that code is the way on, not silence.
      const withinCooldown = event.at < state.resendAt && state.errorUntil === undefined;
      const back = withinCooldown ? returnToCode(state, event.sentTo) : state;
      if (back !== state) return back;
      if (!canStartSend(state, event.sentTo, event.at)) return state;
      // The cooldown or wait was the previous recipient's: none holds for another one yet.
      return {
        ...state,
        loading: true,
        ...noMessage,
        sentTo: event.sentTo,
        resendAt: event.sentTo === state.sentTo ? state.resendAt : 0,
      };
    }
    case 'codeSent':
      if (!awaitingSend(state)) return state;
      return {
        ...state,
        view: 'verify',
        loading: false,
        code: '',
        // A resend leaves focus where it is: the status region says what happened.
        notice: state.view === 'verify' ? 'codeResent' : undefined,
        codeSentTo: state.sentTo,
        sentViaFirebase: event.sentViaFirebase,
        verificationId: event.verificationId,
        resendAt: event.resendAt,
      };
    case 'sendFailed':
      return awaitingSend(state) ? refused({ ...state, loading: false }, event.code, event.until) : state;
    case 'signInStarted':
      return state.view === 'send-code' && !state.loading ? { ...state, loading: true, ...noMessage } : state;
    case 'signedIn':
      return state.view === 'send-code' && state.loading
        ? afterVerification({ ...state, loading: false, token: event.token, view: 'redirect' })
        : state;
    case 'backToSendCode':
      // A lock or limit still running stays said on view 1, where a send to the value waits for it.
      return state.view === 'verify' && !state.loading
        ? {
            ...state,
            view: 'send-code',
            code: '',
            ...(state.errorUntil !== undefined && state.sentTo === state.codeSentTo
              ? { notice: undefined }
              : noMessage),
          }
        : state;
    case 'forwardToVerify':
      return returnToCode(state, event.sentTo);
    case 'waitOver':
      return state.errorUntil !== undefined && event.at >= state.errorUntil
        ? { ...state, error: undefined, errorUntil: undefined, notice: 'waitOver' }
        : state;
    case 'codeChanged':
      return state.view === 'verify' && !state.loading ? { ...state, code: event.code } : state;
    case 'verifyStarted': {
      // The code comes with the event: the sixth digit can arrive before its codeChanged renders.
      const next = { ...state, code: event.code };
      return canVerify(next) ? { ...next, loading: true, ...noMessage } : state;
    }
    case 'verifyFailed':
      return awaitingVerification(state)
        ? refused({ ...state, loading: false, code: '' }, event.code, event.until)
        : state;
    case 'verified':
      if (!awaitingVerification(state)) return state;
      return afterVerification({ ...state, loading: false, code: '', token: event.token, view: 'redirect' });
    case 'resolved':
      return afterResolution(state, event.resolution);
    case 'paid':
      return state.view === 'payment'
        ? redirectToTarget({ ...state, view: 'redirect', payment: undefined }, event.paymentId)
        : state;
  }
}

/** For a-ident the resolver runs next (view 4 meanwhile); other services redirect at once. */
function afterVerification(state: FlowState): FlowState {
  const { qrId, redirectUrl } = state.context;
  if (qrId !== undefined) return state;
  if (redirectUrl === undefined) return stop(state, 'refusing to redirect: the service has no redirectUrl');
  const url = buildServiceRedirect(redirectUrl, state.token ?? '');
  if (!url) return stop(state, `refusing to redirect to ${redirectUrl}`);
  const refusal = hostRefusal(url, state.context);
  return refusal ? stop(state, refusal) : { ...state, redirect: url.href };
}

function afterResolution(state: FlowState, resolution: Resolution): FlowState {
  if (state.view !== 'redirect' || state.redirect !== undefined) return state;
  switch (resolution.outcome) {
    case 'failed':
      return stop(state, `resolver failure: ${resolution.reason}`);
    case 'pay': {
      const { amount, sponsor, targetDomain, path } = resolution;
      const target = { targetDomain, path };
      // Refused before taking money, not after.
      const destination = resolverDestination({ ...state, target });
      if (!destination.ok) return stop(state, destination.reason);
      return { ...state, view: 'payment', payment: { amount, sponsor }, target };
    }
    case 'redirect':
      return redirectToTarget({
        ...state,
        target: { targetDomain: resolution.targetDomain, path: resolution.path },
      });
  }
}

function redirectToTarget(state: FlowState, paymentId?: string): FlowState {
  const destination = resolverDestination(state, paymentId);
  return destination.ok
    ? { ...state, view: 'redirect', redirect: destination.url.href }
    : stop(state, destination.reason);
}

type Destination = { ok: true; url: URL } | { ok: false; reason: string };

function resolverDestination(
  { target, token, context }: Pick<FlowState, 'target' | 'token' | 'context'>,
  paymentId?: string,
): Destination {
  const url =
    target && token && context.qrId !== undefined
      ? buildResolverRedirect({ ...target, qrId: context.qrId, token, paymentId })
      : undefined;
  if (!url) return { ok: false, reason: `refusing to redirect to ${JSON.stringify(target)}` };
  const refusal = hostRefusal(url, context);
  return refusal ? { ok: false, reason: refusal } : { ok: true, url };
}

/** Why the page's allow-list refuses a destination, or undefined when it allows it. */
function hostRefusal(url: URL, { redirectHosts }: FlowContext): string | undefined {
  if (isAllowedHost(url, redirectHosts)) return undefined;
  return `refusing to redirect to ${url.host}: not one of this page's redirect hosts (${redirectHosts.join(' ') || 'none'})`;
}

const noMessage = { error: undefined, errorUntil: undefined, notice: undefined } as const;

/**
 * From view 1 back to the code view, when the value it holds is the one the last code went to:
 * Forward in the history, or Anmelden again within the resend cooldown.
 */
function returnToCode(state: FlowState, sentTo: string): FlowState {
  if (state.view !== 'send-code' || state.loading || sentTo !== state.codeSentTo) return state;
  return {
    ...state,
    view: 'verify',
    sentTo,
    code: '',
    // A lock still running holds on the code view too: the MWS refuses every check.
    ...(state.errorUntil !== undefined && state.sentTo === state.codeSentTo
      ? { notice: undefined }
      : noMessage),
  };
}

/**
 * An error, and until when the server refuses: no send to the same value before then (a lock
 * refuses sends too), so the page never offers what would fail again.
 */
function refused(state: FlowState, error: ErrorCode, until: number | undefined): FlowState {
  const resendAt = until === undefined ? state.resendAt : Math.max(state.resendAt, until);
  return { ...state, error, errorUntil: until, resendAt };
}

/** A code is being sent: the only time a send's result may arrive. */
function awaitingSend(state: FlowState): boolean {
  return state.loading && (state.view === 'send-code' || state.view === 'verify');
}

/** A code is being checked: the only time a check's result may arrive. */
function awaitingVerification(state: FlowState): boolean {
  return state.loading && state.view === 'verify';
}

function stop(state: FlowState, reason: string): FlowState {
  return { ...state, view: 'stopped', loading: false, token: undefined, stopReason: reason };
}
