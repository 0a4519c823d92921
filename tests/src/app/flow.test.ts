import { describe, expect, test } from 'vitest';
import {
  canSend,
  canVerify,
  flowReducer,
  initialFlowState,
  isLocked,
  type Draft,
  type FlowContext,
  type FlowEvent,
  type FlowState,
  type Progress,
} from '../../../src/app/flow.ts';
import {
  toResolution,
  type ResolverAnswer,
  type Resolution,
} from '../../../src/features/resolver/api/resolve-qr.ts';
import type { LoginMethod } from '../../../src/types/login-method.ts';

/** The hosts of the page the tests run on: those of the config's redirectUrl and the resolver's target. */
const PAGE_HOSTS = ['app.example', 'app.example.de'];
const plainService: FlowContext = {
  qrId: undefined,
  redirectUrl: 'https://app.example',
  redirectHosts: PAGE_HOSTS,
};
const aIdent: FlowContext = { qrId: 'QR123', redirectUrl: undefined, redirectHosts: PAGE_HOSTS };

const MAIL = 'visitor@example.de';
const RESEND_AT = 1_700_000_030_000;

function run(state: FlowState, ...events: FlowEvent[]): FlowState {
  return events.reduce(flowReducer, state);
}

/** View 0. */
function choosing(context: FlowContext = plainService): FlowState {
  return initialFlowState(context, {});
}

/** View 1 with a value typed in. */
function entered(context: FlowContext = plainService, value = MAIL, method: LoginMethod = 'mail'): FlowState {
  return run(
    choosing(context),
    { type: 'methodChosen', method },
    { type: 'loginValueChanged', loginValue: value },
  );
}

/** View 1 with the send call in flight. */
function sending(context: FlowContext = plainService): FlowState {
  return run(entered(context), { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT });
}

/** View 2, code not yet typed. */
function codeView(context: FlowContext = plainService): FlowState {
  return run(sending(context), {
    type: 'codeSent',
    sentViaFirebase: false,
    verificationId: undefined,
    resendAt: RESEND_AT,
  });
}

/** View 2 with the verify call in flight. */
function verifying(context: FlowContext = plainService): FlowState {
  return run(
    codeView(context),
    { type: 'codeChanged', code: '123456' },
    { type: 'verifyStarted', code: '123456' },
  );
}

/** After a successful verification (view 4 for a-ident, waiting for the resolver). */
function verified(context: FlowContext = plainService, token = 'tok'): FlowState {
  return run(verifying(context), { type: 'verified', token });
}

function resolved(resolution: Resolution): FlowState {
  return run(verified(aIdent), { type: 'resolved', resolution });
}

const target = { targetDomain: 'app.example.de', path: 'login' };

function answer(data: Partial<NonNullable<ResolverAnswer['data']>>, exists = false): ResolverAnswer {
  return { success: true, exists, data: { value: 0, ...target, ...data } };
}

describe('starting the flow', () => {
  test('starts in view 0 with nothing chosen when no method is given', () => {
    const state = choosing();
    expect(state.view).toBe('method');
    expect(state.method).toBeUndefined();
    expect(state.loginValue).toBe('');
    expect(state.countryPrefix).toBe('+49');
    expect(state.loading).toBe(false);
  });

  test.each<LoginMethod>(['mail', 'number', 'edp'])(
    'starts in view 1 when the method %s is given',
    (method) => {
      const state = initialFlowState(plainService, { method });
      expect(state.view).toBe('send-code');
      expect(state.method).toBe(method);
    },
  );

  test('starts in view 2 with the saved method, value and verification id when progress is restored', () => {
    const progress: Progress = {
      method: 'number',
      loginValue: '0171 2345678',
      countryPrefix: '+49',
      sentTo: '+491712345678',
      sentViaFirebase: true,
      verificationId: 'verification-1',
      resendAt: RESEND_AT,
    };
    const state = initialFlowState(plainService, { method: 'mail', progress });
    expect(state).toMatchObject({ ...progress, view: 'verify', code: '', loading: false, token: undefined });
    expect(canVerify(run(state, { type: 'codeChanged', code: '123456' }))).toBe(true);
  });

  const draft: Draft = { method: 'number', loginValue: '0171 2345678', countryPrefix: '+43' };

  test('starts in view 1 with the method, value and prefix of a draft, over the method of the link', () => {
    const state = initialFlowState(plainService, { method: 'mail', draft });
    expect(state).toMatchObject({ ...draft, view: 'send-code', sentTo: '', code: '', token: undefined });
    expect(canSend(state)).toBe(true);
  });

  test('sent-code progress wins over a draft: the code already sent stays the one to enter', () => {
    const progress: Progress = {
      method: 'mail',
      loginValue: MAIL,
      countryPrefix: '+49',
      sentTo: MAIL,
      sentViaFirebase: false,
      verificationId: undefined,
      resendAt: RESEND_AT,
    };
    expect(initialFlowState(plainService, { progress, draft })).toMatchObject({
      ...progress,
      view: 'verify',
    });
  });

  test('starts with no error, no wait and no notice', () => {
    expect(choosing()).toMatchObject({ error: undefined, errorUntil: undefined, notice: undefined });
  });

  test('starts in view 1 saying why, from a draft a reload on the payment view left', () => {
    const state = initialFlowState(aIdent, { draft: { ...draft, notice: 'paymentInterrupted' } });
    expect(state).toMatchObject({
      ...draft,
      view: 'send-code',
      notice: 'paymentInterrupted',
      error: undefined,
    });
  });

  test('takes nothing but the three fields from a draft', () => {
    const withMore = { ...draft, sentTo: '+431712345678', code: '123456', token: 'tok' };
    const state = initialFlowState(aIdent, { draft: withMore });
    expect(state).toMatchObject({ sentTo: '', code: '', token: undefined, context: aIdent });
  });
});

describe('view 0 and view 1', () => {
  test.each<LoginMethod>(['mail', 'number', 'edp'])('choosing %s moves from view 0 to view 1', (method) => {
    const state = run(choosing(), { type: 'methodChosen', method });
    expect(state.view).toBe('send-code');
    expect(state.method).toBe(method);
  });

  test('switching to another method goes back to view 0 and clears the value', () => {
    const state = run(entered(), { type: 'backToMethod' });
    expect(state.view).toBe('method');
    expect(state.method).toBeUndefined();
    expect(state.loginValue).toBe('');
  });

  test('switching to another method clears an error shown in view 1', () => {
    const failed = run(sending(), { type: 'sendFailed', code: 'AM01' });
    expect(run(failed, { type: 'backToMethod' }).error).toBeUndefined();
  });

  test('the country prefix can be changed in view 1', () => {
    const state = run(entered(plainService, '0171 2345678', 'number'), {
      type: 'countryPrefixChanged',
      countryPrefix: '+43',
    });
    expect(state.countryPrefix).toBe('+43');
  });
});

describe('sending the code', () => {
  test.each(['', 'a', 'abcde', '     ', '      ', '  abcde  '])(
    'a value %j of 5 characters or fewer is ignored',
    (value) => {
      const state = entered(plainService, value);
      expect(canSend(state)).toBe(false);
      expect(run(state, { type: 'sendStarted', sentTo: value, at: RESEND_AT })).toBe(state);
    },
  );

  test('a value of 6 characters starts the send call', () => {
    const state = run(entered(plainService, 'abcdef'), {
      type: 'sendStarted',
      sentTo: 'abcdef',
      at: RESEND_AT,
    });
    expect(state.loading).toBe(true);
    expect(state.sentTo).toBe('abcdef');
    expect(state.view).toBe('send-code');
  });

  test('a second submit while the first is loading is ignored', () => {
    const state = sending();
    expect(canSend(state)).toBe(false);
    expect(run(state, { type: 'sendStarted', sentTo: 'other@example.de', at: RESEND_AT })).toBe(state);
  });

  test.each<FlowEvent>([
    { type: 'loginValueChanged', loginValue: 'other@example.de' },
    { type: 'countryPrefixChanged', countryPrefix: '+43' },
    { type: 'backToMethod' },
  ])('$type is ignored while the code is being sent', (event) => {
    const state = sending();
    expect(run(state, event)).toBe(state);
  });

  test('a sent code moves to view 2 with how and when it was sent', () => {
    const state = run(sending(), {
      type: 'codeSent',
      sentViaFirebase: true,
      verificationId: 'verification-1',
      resendAt: RESEND_AT,
    });
    expect(state).toMatchObject({
      view: 'verify',
      loading: false,
      code: '',
      loginValue: MAIL,
      sentTo: MAIL,
      sentViaFirebase: true,
      verificationId: 'verification-1',
      resendAt: RESEND_AT,
    });
  });

  test('a code sent through the SMS fallback is remembered as not via the provider', () => {
    const state = run(sending(), {
      type: 'codeSent',
      sentViaFirebase: false,
      verificationId: undefined,
      resendAt: RESEND_AT,
    });
    expect(state.sentViaFirebase).toBe(false);
    expect(state.verificationId).toBeUndefined();
  });

  test.each(['AM01', 'AM02', 'AN01', 'AN02', 'AN03', 'AN04'] as const)(
    'a failed send (%s) keeps view 1 and the entered value and shows the error',
    (code) => {
      const state = run(sending(), { type: 'sendFailed', code });
      expect(state).toMatchObject({
        view: 'send-code',
        loginValue: MAIL,
        method: 'mail',
        loading: false,
        error: code,
      });
    },
  );

  test('a new send clears the previous error', () => {
    const failed = run(sending(), { type: 'sendFailed', code: 'AM02' });
    const retried = run(failed, { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT });
    expect(retried.error).toBeUndefined();
    expect(retried.loading).toBe(true);
  });
});

describe('view 2', () => {
  test('resending from view 2 stays in view 2 and takes the new cooldown', () => {
    const resending = run(codeView(), { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT });
    expect(resending).toMatchObject({ view: 'verify', loading: true });
    const state = run(resending, {
      type: 'codeSent',
      sentViaFirebase: false,
      verificationId: undefined,
      resendAt: RESEND_AT + 60_000,
    });
    expect(state).toMatchObject({ view: 'verify', loading: false, resendAt: RESEND_AT + 60_000 });
  });

  test('a resend before the cooldown has run out is ignored', () => {
    const state = codeView();
    expect(run(state, { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT - 1 })).toBe(state);
  });

  test('the cooldown also holds after going back and sending to the same address again: its code view returns', () => {
    const back = run(codeView(), { type: 'backToSendCode' });
    expect(back.view).toBe('send-code');
    expect(run(back, { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT - 1 })).toMatchObject({
      view: 'verify',
      loading: false,
      resendAt: RESEND_AT,
    });
    expect(run(back, { type: 'sendStarted', sentTo: 'other@example.de', at: RESEND_AT - 1 }).loading).toBe(
      true,
    );
  });

  test('a failed resend stays in view 2 with the error', () => {
    const state = run(
      codeView(),
      { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT },
      { type: 'sendFailed', code: 'AM01' },
    );
    expect(state).toMatchObject({ view: 'verify', loading: false, error: 'AM01', loginValue: MAIL });
  });

  test('changing the value goes back to view 1 with the value kept and the code dropped', () => {
    const withCode = run(
      sending(),
      { type: 'codeSent', sentViaFirebase: true, verificationId: 'verification-1', resendAt: RESEND_AT },
      { type: 'codeChanged', code: '123' },
    );
    const state = run(withCode, { type: 'backToSendCode' });
    // The verification id stays: Forward (or Anmelden for the same value) returns to that code.
    expect(state).toMatchObject({
      view: 'send-code',
      loginValue: MAIL,
      method: 'mail',
      code: '',
      verificationId: 'verification-1',
      error: undefined,
    });
  });

  test('the value cannot be changed while the code is being verified', () => {
    const state = verifying();
    expect(run(state, { type: 'backToSendCode' })).toBe(state);
  });

  test.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['', false],
    ['abcdef', false],
    ['12345a', false],
    ['123 456', false],
    [' 123456', false],
    ['123456 ', false],
    ['123456\n', false],
    ['١٢٣٤٥٦', false],
    ['１２３４５６', false],
    ['१२३४५६', false],
    ['+12345', false],
    ['-12345', false],
    ['1e5000', false],
  ])('the code %j can be verified: %s', (code, expected) => {
    expect(canVerify(run(codeView(), { type: 'codeChanged', code }))).toBe(expected);
  });

  test('a code cannot be verified when the value it went to is 5 characters or fewer', () => {
    const state = run(
      entered(plainService, 'abcdef'),
      { type: 'sendStarted', sentTo: 'abcde', at: RESEND_AT },
      { type: 'codeSent', sentViaFirebase: false, verificationId: undefined, resendAt: RESEND_AT },
      { type: 'codeChanged', code: '123456' },
    );
    expect(canVerify(state)).toBe(false);
  });

  test('an incomplete code does not start verification', () => {
    const state = run(codeView(), { type: 'codeChanged', code: '12345' });
    expect(run(state, { type: 'verifyStarted', code: '12345' })).toBe(state);
  });

  test('a second verification while the first is loading is ignored', () => {
    const state = verifying();
    expect(state.loading).toBe(true);
    expect(canVerify(state)).toBe(false);
    expect(run(state, { type: 'verifyStarted', code: '123456' })).toBe(state);
    expect(run(state, { type: 'codeChanged', code: '654321' })).toBe(state);
  });

  test.each(['VM01', 'VM02', 'VN02', 'VN05'] as const)(
    'a failed verification (%s) clears the code and keeps the value',
    (code) => {
      const state = run(verifying(), { type: 'verifyFailed', code });
      expect(state).toMatchObject({
        view: 'verify',
        code: '',
        loginValue: MAIL,
        sentTo: MAIL,
        loading: false,
        error: code,
      });
    },
  );
});

const NOW = RESEND_AT + 5_000;
const LOCK_ENDS = NOW + 15 * 60_000;

/** View 2 after the MWS locked the value until LOCK_ENDS (HTTP 429 with Retry-After). */
function locked(): FlowState {
  return run(verifying(), { type: 'verifyFailed', code: 'VL01', until: LOCK_ENDS });
}

describe('a lock or limit with an end (issue 34)', () => {
  test('a lock keeps its end, and holds a resend to the value back until then', () => {
    const state = locked();
    expect(state).toMatchObject({
      view: 'verify',
      error: 'VL01',
      errorUntil: LOCK_ENDS,
      resendAt: LOCK_ENDS,
    });
    expect(isLocked(state)).toBe(true);
  });

  test('a lock blocks the check of a complete code', () => {
    const state = run(locked(), { type: 'codeChanged', code: '123456' });
    expect(canVerify(state)).toBe(false);
    expect(run(state, { type: 'verifyStarted', code: '123456' })).toBe(state);
  });

  test('a lock blocks a resend to the value until it ends, and not one to another value', () => {
    const state = locked();
    expect(run(state, { type: 'sendStarted', sentTo: MAIL, at: LOCK_ENDS - 1 })).toBe(state);
    const back = run(state, { type: 'backToSendCode' });
    expect(run(back, { type: 'sendStarted', sentTo: MAIL, at: LOCK_ENDS - 1 })).toBe(back);
    expect(run(back, { type: 'sendStarted', sentTo: 'other@example.de', at: NOW }).loading).toBe(true);
  });

  test('waitOver before the end does nothing', () => {
    const state = locked();
    expect(run(state, { type: 'waitOver', at: LOCK_ENDS - 1 })).toBe(state);
  });

  test('waitOver at the end lifts the lock and says a new code may be asked for', () => {
    const state = run(locked(), { type: 'waitOver', at: LOCK_ENDS });
    expect(state).toMatchObject({ error: undefined, errorUntil: undefined, notice: 'waitOver' });
    expect(isLocked(state)).toBe(false);
    expect(canVerify(run(state, { type: 'codeChanged', code: '123456' }))).toBe(true);
    expect(run(state, { type: 'sendStarted', sentTo: MAIL, at: LOCK_ENDS }).loading).toBe(true);
  });

  test('waitOver without a wait does nothing', () => {
    const failed = run(verifying(), { type: 'verifyFailed', code: 'VM01' });
    expect(run(failed, { type: 'waitOver', at: LOCK_ENDS })).toBe(failed);
  });

  test('a lock without an end (Firebase’s too-many-requests) says so but blocks nothing', () => {
    const state = run(verifying(), { type: 'verifyFailed', code: 'VL01' });
    expect(state).toMatchObject({ error: 'VL01', errorUntil: undefined, resendAt: RESEND_AT });
    expect(isLocked(state)).toBe(false);
    expect(canVerify(run(state, { type: 'codeChanged', code: '123456' }))).toBe(true);
  });

  test('a send limit with an end holds the send back until then, and locks no check', () => {
    const state = run(sending(), { type: 'sendFailed', code: 'AL01', until: LOCK_ENDS });
    expect(state).toMatchObject({
      view: 'send-code',
      error: 'AL01',
      errorUntil: LOCK_ENDS,
      resendAt: LOCK_ENDS,
    });
    expect(isLocked(state)).toBe(false);
    expect(run(state, { type: 'sendStarted', sentTo: MAIL, at: LOCK_ENDS - 1 })).toBe(state);
    expect(run(state, { type: 'sendStarted', sentTo: MAIL, at: LOCK_ENDS }).loading).toBe(true);
  });

  test('an end sooner than the cooldown keeps the cooldown', () => {
    const resending = run(codeView(), { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT });
    const sent = run(resending, {
      type: 'codeSent',
      sentViaFirebase: false,
      verificationId: undefined,
      resendAt: RESEND_AT + 30_000,
    });
    const resent = run(sent, { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT + 30_000 });
    const state = run(resent, { type: 'sendFailed', code: 'AL01', until: RESEND_AT + 1_000 });
    expect(state).toMatchObject({ errorUntil: RESEND_AT + 1_000, resendAt: RESEND_AT + 30_000 });
  });

  test('going back to view 1 keeps a running wait said there, where a send to the value waits for it', () => {
    const state = run(locked(), { type: 'backToSendCode' });
    expect(state).toMatchObject({
      view: 'send-code',
      error: 'VL01',
      errorUntil: LOCK_ENDS,
      notice: undefined,
    });
  });

  // The MWS still refuses every check until the end: the code view must not offer one.
  test('returning to the code view keeps a running lock, said and in force', () => {
    const state = run(locked(), { type: 'backToSendCode' }, { type: 'forwardToVerify', sentTo: MAIL });
    expect(state).toMatchObject({ view: 'verify', error: 'VL01', errorUntil: LOCK_ENDS });
    expect(isLocked(state)).toBe(true);
    expect(canVerify(run(state, { type: 'codeChanged', code: '123456' }))).toBe(false);
  });

  test('going back to view 1 drops an error without a wait', () => {
    const failed = run(verifying(), { type: 'verifyFailed', code: 'VM01' });
    expect(run(failed, { type: 'backToSendCode' })).toMatchObject({ error: undefined, notice: undefined });
  });
});

describe('forwardToVerify (Forward, or Anmelden again for the value whose code was just sent)', () => {
  test('returns from view 1 to the code view of the code sent, with its verification id', () => {
    const sent = run(sending(), {
      type: 'codeSent',
      sentViaFirebase: true,
      verificationId: 'verification-1',
      resendAt: RESEND_AT,
    });
    const back = run(sent, { type: 'backToSendCode' });
    const state = run(back, { type: 'forwardToVerify', sentTo: MAIL });
    expect(state).toMatchObject({
      view: 'verify',
      code: '',
      sentTo: MAIL,
      verificationId: 'verification-1',
      error: undefined,
      notice: undefined,
    });
    expect(canVerify(run(state, { type: 'codeChanged', code: '123456' }))).toBe(true);
  });

  test.each<[string, () => FlowState]>([
    ['in view 1 before any code was sent', () => entered()],
    ['while a code is being sent', () => sending()],
    ['in view 0', () => choosing()],
    ['in view 2', () => codeView()],
  ])('is ignored %s', (_case, makeState) => {
    const state = makeState();
    expect(run(state, { type: 'forwardToVerify', sentTo: MAIL })).toBe(state);
  });

  test('is ignored for a value view 1 holds that the code did not go to', () => {
    const back = run(codeView(), { type: 'backToSendCode' });
    expect(run(back, { type: 'forwardToVerify', sentTo: 'other@example.de' })).toBe(back);
  });

  test('Anmelden for the same value within the cooldown returns to the code view and sends nothing', () => {
    const back = run(codeView(), { type: 'backToSendCode' });
    const state = run(back, { type: 'sendStarted', sentTo: MAIL, at: back.resendAt - 1 });
    expect(state).toMatchObject({ view: 'verify', loading: false, sentTo: MAIL });
  });

  test('Anmelden for the same value after the cooldown sends a new code', () => {
    const back = run(codeView(), { type: 'backToSendCode' });
    expect(run(back, { type: 'sendStarted', sentTo: MAIL, at: back.resendAt })).toMatchObject({
      view: 'send-code',
      loading: true,
    });
  });

  // The code view would say a code went to an address that got none, and check codes against it.
  test('never shows the code view for a value whose send failed, after a code went to another', () => {
    const other = 'other@example.de';
    const failed = run(
      codeView(),
      { type: 'backToSendCode' },
      { type: 'loginValueChanged', loginValue: other },
      { type: 'sendStarted', sentTo: other, at: RESEND_AT },
      { type: 'sendFailed', code: 'AM01' },
    );
    expect(run(failed, { type: 'forwardToVerify', sentTo: other })).toBe(failed);
    expect(run(failed, { type: 'forwardToVerify', sentTo: MAIL })).toMatchObject({
      view: 'verify',
      sentTo: MAIL,
    });
  });

  test('never shows the code view when no code was sent, after a send refused with an end', () => {
    const failed = run(sending(), { type: 'sendFailed', code: 'AL01', until: LOCK_ENDS });
    expect(run(failed, { type: 'forwardToVerify', sentTo: MAIL })).toBe(failed);
  });
});

describe('notices, said politely in the view’s status region', () => {
  test('a resend from view 2 says a new code was sent', () => {
    const resending = run(codeView(), { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT });
    const state = run(resending, {
      type: 'codeSent',
      sentViaFirebase: false,
      verificationId: undefined,
      resendAt: RESEND_AT + 30_000,
    });
    expect(state.notice).toBe('codeResent');
  });

  test('the first code, sent from view 1, needs no notice: the view changes', () => {
    expect(codeView().notice).toBeUndefined();
  });

  const withMessage = (state: FlowState): FlowState => ({
    ...state,
    error: 'AL01',
    errorUntil: LOCK_ENDS,
    notice: 'waitOver',
  });

  test.each<[string, () => FlowState, FlowEvent]>([
    ['methodChosen', () => withMessage(choosing()), { type: 'methodChosen', method: 'mail' }],
    ['backToMethod', () => withMessage(entered()), { type: 'backToMethod' }],
    [
      'sendStarted',
      () => withMessage(entered()),
      { type: 'sendStarted', sentTo: 'other@example.de', at: RESEND_AT },
    ],
    [
      'verifyStarted',
      () => ({ ...run(codeView(), { type: 'codeChanged', code: '123456' }), notice: 'codeResent' }),
      { type: 'verifyStarted', code: '123456' },
    ],
  ])('%s clears the error, its end and the notice', (_case, makeState, event) => {
    const state = run(makeState(), event);
    expect(state).toMatchObject({ error: undefined, errorUntil: undefined, notice: undefined });
  });

  test('going back to view 0 drops the notice of an interrupted payment', () => {
    const state = initialFlowState(plainService, {
      draft: { method: 'mail', loginValue: MAIL, countryPrefix: '+49', notice: 'paymentInterrupted' },
    });
    expect(run(state, { type: 'backToMethod' }).notice).toBeUndefined();
  });
});

// A method without a code (login-methods.ts, kind 'direct'): view 1's button signs in, and its
// answer is the token or a refusal shown on view 1. None of the spec's methods is one; the events
// are the flow's, whichever method dispatches them.
describe('signing in without a code', () => {
  const onViewOne = () => run(choosing(), { type: 'methodChosen', method: 'mail' });

  test('the button starts the sign-in once, without a value', () => {
    const started = run(onViewOne(), { type: 'signInStarted' });
    expect(started).toMatchObject({ view: 'send-code', loading: true });
    expect(flowReducer(started, { type: 'signInStarted' })).toBe(started);
  });

  test('its token leads to the redirect, as a verified code does', () => {
    const done = run(onViewOne(), { type: 'signInStarted' }, { type: 'signedIn', token: 'tok' });
    expect(done).toMatchObject({
      view: 'redirect',
      loading: false,
      redirect: 'https://app.example/?idtoken=tok',
    });
  });

  test('a refusal stays on view 1 with its error', () => {
    const refused = run(onViewOne(), { type: 'signInStarted' }, { type: 'sendFailed', code: 'AN01' });
    expect(refused).toMatchObject({ view: 'send-code', loading: false, error: 'AN01' });
  });

  test('a token that arrives when no sign-in runs is dropped', () => {
    const idle = onViewOne();
    expect(flowReducer(idle, { type: 'signedIn', token: 'tok' })).toBe(idle);
    const verifying = run(codeView(), { type: 'signInStarted' });
    expect(verifying.loading).toBe(false);
  });
});

describe('verification for a service without resolver', () => {
  test('redirects to the redirectUrl with the token', () => {
    const state = verified(plainService, 'tok');
    expect(state).toMatchObject({ view: 'redirect', loading: false, code: '', token: 'tok' });
    expect(state.redirect).toBe('https://app.example/?idtoken=tok');
  });

  test('keeps the query of the redirectUrl and encodes the token', () => {
    const context = { ...plainService, redirectUrl: 'https://app.example.de/start?lang=de' };
    expect(verified(context, 'a+b/c=').redirect).toBe(
      'https://app.example.de/start?lang=de&idtoken=a%2Bb%2Fc%3D',
    );
  });

  test.each([
    'javascript:alert(1)',
    '//evil.example',
    'http://evil.example',
    'https://user@evil.example',
    'https://user:pass@evil.example',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    '',
  ])('refuses the unsafe redirectUrl %j, stops and drops the token', (redirectUrl) => {
    const state = verified({ ...plainService, redirectUrl }, 'tok');
    expect(state.view).toBe('stopped');
    expect(state.redirect).toBeUndefined();
    expect(state.token).toBeUndefined();
    expect(state.stopReason).toContain('refusing to redirect');
  });
});

describe('verification for a-ident', () => {
  test('waits in view 4 for the resolver without a redirect yet', () => {
    const state = verified(aIdent, 'tok');
    expect(state).toMatchObject({ view: 'redirect', token: 'tok', redirect: undefined, loading: false });
  });

  test('an existing QR id redirects to targetDomain/path/qrId with the token', () => {
    const state = resolved(toResolution(answer({ value: 5 }, true)));
    expect(state.view).toBe('redirect');
    expect(state.redirect).toBe('https://app.example.de/login/QR123?idtoken=tok');
  });

  test.each<[string, number | string]>([
    ['a positive number', 5],
    ['a decimal string', '5.50'],
    ['a German decimal string', '5,50'],
    ['a cent', 0.01],
  ])('a new QR id with %s as amount goes to the payment view', (_, value) => {
    const state = resolved(toResolution(answer({ value, sponsor: 'sandbox' })));
    expect(state.view).toBe('payment');
    expect(state.payment).toEqual({ amount: Number(String(value).replace(',', '.')), sponsor: 'sandbox' });
    expect(state.redirect).toBeUndefined();
  });

  test('a payment without sponsor keeps the sponsor undefined', () => {
    expect(resolved(toResolution(answer({ value: 5 }))).payment).toEqual({ amount: 5, sponsor: undefined });
  });

  test.each<number | string>([0, -1, '0', '-2.50'])(
    'a new QR id with the amount %j redirects without payment',
    (value) => {
      const state = resolved(toResolution(answer({ value })));
      expect(state.view).toBe('redirect');
      expect(state.redirect).toBe('https://app.example.de/login/QR123?idtoken=tok');
    },
  );

  test('a successful payment redirects with the payment id', () => {
    const state = run(resolved(toResolution(answer({ value: 5 }))), { type: 'paid', paymentId: 'PAY-42' });
    expect(state.view).toBe('redirect');
    expect(state.payment).toBeUndefined();
    expect(state.redirect).toBe('https://app.example.de/login/QR123?idtoken=tok&ppid=PAY-42');
  });

  test('a resolver failure stops the flow and drops the token', () => {
    const state = resolved({ outcome: 'failed', reason: 'resolver call failed (network)' });
    expect(state.view).toBe('stopped');
    expect(state.token).toBeUndefined();
    expect(state.redirect).toBeUndefined();
    expect(state.stopReason).toBe('resolver failure: resolver call failed (network)');
  });

  test('an unusable resolver answer stops the flow', () => {
    expect(resolved(toResolution({ success: false, exists: false, message: 'unknown qr' })).view).toBe(
      'stopped',
    );
  });

  const hostileTargets = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '//evil.example',
    'http://evil.example',
    'https://user@evil.example',
    'https://user:pass@evil.example',
    'data:text/html,<script>alert(1)</script>',
    'java\nscript:alert(1)',
    'https://evil.example\\@app.example.de',
    '',
  ];

  test.each(hostileTargets)(
    'an existing QR id with the target %j stops, never a redirect',
    (targetDomain) => {
      const state = resolved({ outcome: 'redirect', targetDomain, path: 'login' });
      expect(state.view).toBe('stopped');
      expect(state.redirect).toBeUndefined();
      expect(state.token).toBeUndefined();
      expect(state.stopReason).toContain('refusing to redirect');
    },
  );

  test.each(hostileTargets)('a paid QR id with the target %j stops, never a redirect', (targetDomain) => {
    const payable = resolved({ outcome: 'pay', amount: 5, sponsor: undefined, targetDomain, path: 'login' });
    const state = run(payable, { type: 'paid', paymentId: 'PAY-42' });
    expect(state.view).toBe('stopped');
    expect(state.redirect).toBeUndefined();
    expect(state.token).toBeUndefined();
  });

  // Taking the visitor's money and only then refusing the destination would leave them stuck
  // after paying; an unsafe target has to stop the flow before the payment view.
  test.each(['javascript:alert(1)', '//evil.example', 'http://evil.example', 'https://user@evil.example'])(
    'a payment is not asked for when the target %j would be refused',
    (targetDomain) => {
      const state = resolved({ outcome: 'pay', amount: 5, sponsor: undefined, targetDomain, path: 'login' });
      expect(state.view).toBe('stopped');
      expect(state.payment).toBeUndefined();
      expect(state.token).toBeUndefined();
    },
  );

  test('a payment with a target the page may redirect to leads to view 3', () => {
    const resolution = { outcome: 'pay', amount: 5, sponsor: undefined, ...target } as const;
    expect(resolved(resolution).view).toBe('payment');
  });
});

describe("the page's redirect hosts (brand.json's redirectHosts)", () => {
  // Anyone can put any qrid in a link, and the resolver names the host that receives ?idtoken=:
  // a brand with a list sends the token to no other host, and refuses before a payment.
  const listed: FlowContext = { ...aIdent, redirectHosts: ['a-ident.example', '*.a-ident.example'] };
  const payTo = (targetDomain: string) =>
    ({ outcome: 'pay', amount: 5, sponsor: undefined, targetDomain, path: 'login' }) as const;
  const resolvedOn = (context: FlowContext, resolution: Resolution) =>
    run(verified(context), { type: 'resolved', resolution });

  test.each(['a-ident.example', 'pay.a-ident.example', 'https://eu.pay.a-ident.example/base'])(
    'a payment for the listed target %j leads to view 3',
    (targetDomain) => {
      expect(resolvedOn(listed, payTo(targetDomain)).view).toBe('payment');
    },
  );

  test.each([
    'evil.example',
    'evil-a-ident.example',
    'a-ident.example.evil.example',
    'https://203.0.113.7',
    'a-ident.example:8443',
    'https://pay.a-ident.example:8443/base',
    '..a-ident.example',
  ])(
    'a payment for the unlisted target %j stops before view 3, says why, and drops the token',
    (targetDomain) => {
      const state = resolvedOn(listed, payTo(targetDomain));
      expect(state).toMatchObject({
        view: 'stopped',
        payment: undefined,
        token: undefined,
        redirect: undefined,
      });
      expect(state.stopReason).toContain(
        "not one of this page's redirect hosts (a-ident.example *.a-ident.example)",
      );
    },
  );

  test('a refused target on another port is named with its port', () => {
    const state = resolvedOn(listed, payTo('a-ident.example:8443'));
    expect(state.stopReason).toContain('refusing to redirect to a-ident.example:8443: not one');
  });

  test('an existing QR id with an unlisted target stops instead of redirecting', () => {
    const state = resolvedOn(listed, { outcome: 'redirect', targetDomain: 'evil.example', path: 'login' });
    expect(state).toMatchObject({ view: 'stopped', redirect: undefined, token: undefined });
    expect(state.stopReason).toContain('refusing to redirect to evil.example');
  });

  test("a service's redirectUrl outside the list stops instead of redirecting", () => {
    const context = { ...plainService, redirectHosts: ['app.example.de'] };
    expect(verified(context).view).toBe('stopped');
    expect(verified({ ...context, redirectUrl: 'https://app.example.de/start' }).redirect).toBe(
      'https://app.example.de/start?idtoken=tok',
    );
  });

  test('a page without redirect hosts sends the token to none: the list fails closed', () => {
    const service = verified({ ...plainService, redirectHosts: [] });
    expect(service).toMatchObject({ view: 'stopped', redirect: undefined, token: undefined });
    expect(service.stopReason).toBe(
      "refusing to redirect to app.example: not one of this page's redirect hosts (none)",
    );
    const resolver = resolvedOn({ ...aIdent, redirectHosts: [] }, payTo('app.example.de'));
    expect(resolver).toMatchObject({ view: 'stopped', payment: undefined, token: undefined });
  });

  test('a service without redirectUrl stops: the MWS is no fallback', () => {
    const state = verified({ ...plainService, redirectUrl: undefined });
    expect(state).toMatchObject({ view: 'stopped', redirect: undefined, token: undefined });
    expect(state.stopReason).toBe('refusing to redirect: the service has no redirectUrl');
  });
});

describe('events that do not fit the current view are ignored', () => {
  const redirectResolution: Resolution = { outcome: 'redirect', ...target };
  const payResolution: Resolution = { outcome: 'pay', amount: 5, sponsor: undefined, ...target };

  test.each<[string, () => FlowState, FlowEvent]>([
    ['methodChosen in view 1', () => entered(), { type: 'methodChosen', method: 'edp' }],
    ['methodChosen in view 2', () => codeView(), { type: 'methodChosen', method: 'edp' }],
    ['backToMethod in view 0', () => choosing(), { type: 'backToMethod' }],
    ['backToMethod in view 2', () => codeView(), { type: 'backToMethod' }],
    ['loginValueChanged in view 0', () => choosing(), { type: 'loginValueChanged', loginValue: MAIL }],
    [
      'loginValueChanged in view 2',
      () => codeView(),
      { type: 'loginValueChanged', loginValue: 'other@example.de' },
    ],
    [
      'countryPrefixChanged in view 2',
      () => codeView(),
      { type: 'countryPrefixChanged', countryPrefix: '+43' },
    ],
    ['sendStarted in view 0', () => choosing(), { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT }],
    ['sendStarted in view 4', () => verified(aIdent), { type: 'sendStarted', sentTo: MAIL, at: RESEND_AT }],
    ['backToSendCode in view 1', () => entered(), { type: 'backToSendCode' }],
    ['codeChanged in view 1', () => entered(), { type: 'codeChanged', code: '123456' }],
    ['codeChanged in view 4', () => verified(aIdent), { type: 'codeChanged', code: '123456' }],
    ['verifyStarted in view 1', () => entered(), { type: 'verifyStarted', code: '123456' }],
    ['paid in view 2', () => codeView(aIdent), { type: 'paid', paymentId: 'PAY-42' }],
    ['paid before the resolver answered', () => verified(aIdent), { type: 'paid', paymentId: 'PAY-42' }],
    ['resolved in view 2', () => codeView(aIdent), { type: 'resolved', resolution: redirectResolution }],
    ['resolved twice', () => resolved(redirectResolution), { type: 'resolved', resolution: payResolution }],
    [
      'resolved in the payment view',
      () => resolved(payResolution),
      { type: 'resolved', resolution: redirectResolution },
    ],
    [
      'resolved after a stop',
      () => resolved({ outcome: 'failed', reason: 'x' }),
      { type: 'resolved', resolution: redirectResolution },
    ],
    [
      'resolved for a service without resolver',
      () => verified(plainService),
      { type: 'resolved', resolution: redirectResolution },
    ],
    [
      'paid twice',
      () => run(resolved(payResolution), { type: 'paid', paymentId: 'PAY-1' }),
      { type: 'paid', paymentId: 'PAY-2' },
    ],
    // The events below answer a call; without that call in flight they are stale.
    [
      'codeSent without a send in flight',
      () => entered(),
      { type: 'codeSent', sentViaFirebase: false, verificationId: undefined, resendAt: RESEND_AT },
    ],
    ['sendFailed without a send in flight', () => choosing(), { type: 'sendFailed', code: 'AM01' }],
    ['verified without a verification in flight', () => entered(), { type: 'verified', token: 'tok' }],
    [
      'verified after the flow stopped',
      () => resolved({ outcome: 'failed', reason: 'x' }),
      { type: 'verified', token: 'tok' },
    ],
    [
      'verifyFailed without a verification in flight',
      () => verified(aIdent),
      { type: 'verifyFailed', code: 'VM01' },
    ],
    ['forwardToVerify in view 4', () => verified(aIdent), { type: 'forwardToVerify', sentTo: MAIL }],
    ['waitOver in view 1 without an error', () => entered(), { type: 'waitOver', at: LOCK_ENDS }],
  ])('%s', (_, makeState, event) => {
    const state = makeState();
    expect(run(state, event)).toBe(state);
  });
});
