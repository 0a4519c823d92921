// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirebaseError } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  configRoute,
  json,
  mockBackend,
  renderApp,
  serviceConfig,
  smsSent,
  testConfig,
  verified,
} from './flow-harness.tsx';
import { SPEC_TEXTS } from '../../spec-texts.ts';

interface SignedIn {
  user: { getIdToken: () => Promise<string> };
}

// Firebase is mocked at its SDK boundary; FirebaseError stays real so error codes work as in the app.
const firebase = vi.hoisted(() => {
  interface Verifier {
    auth: unknown;
    element: HTMLElement;
    params: { size?: string };
    clear: () => void;
  }
  const verifiers: Verifier[] = [];
  // Records each construction, so its moment can be compared with other calls.
  const verifierCreated = vi.fn<(element: HTMLElement, connected: boolean) => void>();
  class RecaptchaVerifier implements Verifier {
    clear = vi.fn();
    constructor(
      readonly auth: unknown,
      readonly element: HTMLElement,
      readonly params: { size?: string },
    ) {
      verifierCreated(element, element.isConnected);
      verifiers.push(this);
    }
  }
  return {
    verifiers,
    verifierCreated,
    RecaptchaVerifier,
    initializeAuth: vi.fn<(app: unknown, deps: unknown) => { languageCode: string | null }>(() => ({
      languageCode: null,
    })),
    connectAuthEmulator: vi.fn(),
    signInWithPhoneNumber: vi.fn<
      (auth: unknown, phoneNumber: string, verifier: unknown) => Promise<{ verificationId: string }>
    >(async () => ({ verificationId: 'verif-1' })),
    credential: vi.fn((verificationId: string, code: string) => ({ verificationId, code })),
    signInWithCredential: vi.fn<(auth: unknown, credential: unknown) => Promise<SignedIn>>(async () => ({
      user: { getIdToken: async () => 'firebase-id-token' },
    })),
  };
});

vi.mock('firebase/app', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/app')>()),
  initializeApp: vi.fn(() => ({ name: 'x' })),
  getApps: vi.fn(() => []),
  getApp: vi.fn(),
}));

vi.mock('firebase/auth', () => ({
  initializeAuth: firebase.initializeAuth,
  inMemoryPersistence: { type: 'NONE' },
  connectAuthEmulator: firebase.connectAuthEmulator,
  RecaptchaVerifier: firebase.RecaptchaVerifier,
  signInWithPhoneNumber: firebase.signInWithPhoneNumber,
  PhoneAuthProvider: { credential: firebase.credential },
  signInWithCredential: firebase.signInWithCredential,
}));

const SMS = '/api/users/auth/sms';
const VERIFY_SMS = '/api/users/verify/sms';
const GENERIC = SPEC_TEXTS.tryAgain;
const WRONG_CODE = SPEC_TEXTS.wrongCode;
/** VL01 without an end: Firebase does not say how long it refuses. */
const LOCKED_OUT = 'Zu viele Versuche. Bitte warte einige Minuten und versuche es dann erneut.';
const IMPOSSIBLE_NUMBER = 'Diese Telefonnummer ist ungültig. Bitte prüfe die Ländervorwahl und die Nummer.';
const PROGRESS_KEY = 'login-gateway:progress:a-dok';

let project = 0;
/** A Firebase project of its own per test: the app keeps one Auth per project for the page's life. */
function phoneConfig() {
  project += 1;
  const projectId = `demo-phone-${project}`;
  return {
    services: {
      ...testConfig.services,
      'a-dok': serviceConfig({
        firebaseConfig: { apiKey: 'demo-key', projectId, authEmulatorUrl: 'http://127.0.0.1:9099' },
      }),
    },
  };
}

beforeEach(() => {
  vi.resetAllMocks();
  firebase.verifiers.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.documentElement.dataset.brand = 'a-dok';
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function enterNumber(national = '0171 2345678', prefix?: string) {
  const view = renderApp('?service=a-dok&method=number');
  const input = await screen.findByLabelText('Telefonnummer');
  if (prefix !== undefined) {
    await userEvent.clear(screen.getByLabelText('Ländervorwahl'));
    await userEvent.type(screen.getByLabelText('Ländervorwahl'), prefix);
  }
  await userEvent.type(input, `${national}{Enter}`);
  return view;
}

const codeHeading = () => screen.findByRole('heading', { name: SPEC_TEXTS.enterCode });
const codeInput = () => screen.getByLabelText('Bestätigungscode');
/** Where view 2 says the code went: the E.164 number, in full. */
const sentTo = (value: string) => screen.getByText(value, { selector: 'strong.sent-to' });
const tooManyRequests = () => new FirebaseError('auth/too-many-requests', 'Too many requests');

describe('signing in by phone through Firebase', () => {
  test('sends to the E.164 number after an invisible reCAPTCHA and confirms the code with Firebase', async () => {
    const backend = mockBackend({ [configRoute]: json(phoneConfig()) });
    const { navigate } = await enterNumber('0171 2345678');

    expect(await codeHeading()).toBeInTheDocument();
    expect(firebase.verifiers).toHaveLength(1);
    const [verifier] = firebase.verifiers;
    expect(verifier?.params).toEqual({ size: 'invisible' });
    expect(firebase.verifierCreated).toHaveBeenCalledWith(verifier?.element, true);
    const auth = firebase.initializeAuth.mock.results[0]?.value as unknown;
    expect(verifier?.auth).toBe(auth);
    expect(firebase.signInWithPhoneNumber).toHaveBeenCalledExactlyOnceWith(auth, '+491712345678', verifier);
    expect(firebase.connectAuthEmulator).toHaveBeenCalledExactlyOnceWith(
      auth,
      'http://127.0.0.1:9099',
      expect.anything(),
    );
    const [emulatorConnected = Infinity] = firebase.connectAuthEmulator.mock.invocationCallOrder;
    const [verifierConstructed = -Infinity] = firebase.verifierCreated.mock.invocationCallOrder;
    expect(emulatorConnected).toBeLessThan(verifierConstructed);
    expect(verifier?.clear).toHaveBeenCalled();
    expect(sentTo('+491712345678')).toBeInTheDocument();
    expect(document.getElementById('code-hint')).toHaveTextContent(
      'Wir haben einen 6-stelligen Code per SMS an +491712345678 gesendet. Der Code ist nur einige Minuten gültig.',
    );

    await userEvent.type(codeInput(), '123456');
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(firebase.credential).toHaveBeenCalledExactlyOnceWith('verif-1', '123456');
    expect(firebase.signInWithCredential).toHaveBeenCalledExactlyOnceWith(auth, {
      verificationId: 'verif-1',
      code: '123456',
    });
    expect(navigate).toHaveBeenCalledWith('https://a-dok.example/start?idtoken=firebase-id-token');
    expect(backend.calls(VERIFY_SMS)).toEqual([]);
    expect(backend.calls(SMS)).toEqual([]);
    expect(sessionStorage.length).toBe(0);
  });

  test('joins another typed prefix with the national number', async () => {
    mockBackend({ [configRoute]: json(phoneConfig()) });
    await enterNumber('660 1234567', '+43');
    await codeHeading();
    expect(firebase.signInWithPhoneNumber).toHaveBeenCalledWith(
      expect.anything(),
      '+436601234567',
      expect.anything(),
    );
    expect(sentTo('+436601234567')).toBeInTheDocument();
  });
});

describe('the SMS fallback after too-many-requests', () => {
  test('sends through the backend and verifies the code there, not with Firebase', async () => {
    firebase.signInWithPhoneNumber.mockRejectedValue(tooManyRequests());
    const backend = mockBackend({
      [configRoute]: json(phoneConfig()),
      [SMS]: smsSent(),
      [VERIFY_SMS]: verified('sms-token'),
    });
    const { navigate } = await enterNumber('0171 2345678');

    expect(await codeHeading()).toBeInTheDocument();
    expect(backend.calls(SMS)).toEqual([
      expect.objectContaining({
        url: 'https://mws.example/api/users/auth/sms',
        method: 'POST',
        form: { mobilenumber: '+491712345678', key: 'key-a-dok' },
      }),
    ]);
    expect(sentTo('+491712345678')).toBeInTheDocument();

    await userEvent.type(codeInput(), '654321');
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(backend.calls(VERIFY_SMS)).toEqual([
      expect.objectContaining({
        url: 'https://mws.example/api/users/verify/sms',
        method: 'POST',
        form: { mobilenumber: '+491712345678', token: '654321' },
      }),
    ]);
    expect(navigate).toHaveBeenCalledWith('https://a-dok.example/start?idtoken=sms-token');
    expect(firebase.signInWithCredential).not.toHaveBeenCalled();
    expect(firebase.credential).not.toHaveBeenCalled();
  });
});

describe('errors of the phone path', () => {
  test('AN01 for another Firebase error: the generic text, the value kept, and a retry works', async () => {
    firebase.signInWithPhoneNumber.mockRejectedValueOnce(
      new FirebaseError('auth/network-request-failed', 'Network error'),
    );
    const backend = mockBackend({ [configRoute]: json(phoneConfig()) });
    await enterNumber('0171 2345678');

    const error = await screen.findByText(GENERIC);
    expect(error).toHaveAttribute('data-error-code', 'AN01');
    expect(screen.getByLabelText('Telefonnummer')).toHaveValue('0171 2345678');
    expect(backend.calls(SMS)).toEqual([]);
    expect(firebase.verifiers).toHaveLength(1);
    expect(firebase.verifiers[0]?.clear).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: SPEC_TEXTS.signIn }));
    expect(await codeHeading()).toBeInTheDocument();
    expect(firebase.verifiers).toHaveLength(2);
    const [first, second] = firebase.verifiers;
    expect(second).not.toBe(first);
    expect(firebase.signInWithPhoneNumber).toHaveBeenLastCalledWith(
      expect.anything(),
      '+491712345678',
      second,
    );
  });

  test.each([
    ['AN02', 'a network failure', 'network-error' as const],
    ['AN03', 'a rejection', json({ code: 500, message: 'x' })],
    ['AN03', 'a message that is not "SMS gesendet"', json({ code: 200, message: 'queued' })],
  ])('%s when the SMS fallback meets %s', async (code, _case, answer) => {
    firebase.signInWithPhoneNumber.mockRejectedValue(tooManyRequests());
    mockBackend({ [configRoute]: json(phoneConfig()), [SMS]: answer });
    await enterNumber('0171 2345678');
    expect(await screen.findByText(GENERIC)).toHaveAttribute('data-error-code', code);
    expect(screen.getByLabelText('Telefonnummer')).toHaveValue('0171 2345678');
  });

  // „0171“ in the country prefix field, read as an area code, makes „+01712345678“ (issue 34).
  test.each([
    ['an area code in the prefix field', '2345678', '0171'],
    ['too few digits for Germany', '(0) 171', undefined],
    ['a country code that does not exist', '171 2345678', '+999'],
  ])(
    'AN05 for %s: both fields marked wrong, nothing sent and no reCAPTCHA',
    async (_case, national, prefix) => {
      const backend = mockBackend({ [configRoute]: json(phoneConfig()) });
      await enterNumber(national, prefix);

      const error = await screen.findByText(IMPOSSIBLE_NUMBER);
      expect(error).toHaveAttribute('data-error-code', 'AN05');
      expect(error.closest('[aria-live="assertive"]')).not.toBeNull();
      for (const label of ['Ländervorwahl', 'Telefonnummer'])
        expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Telefonnummer')).toHaveValue(national);
      expect(firebase.verifiers).toEqual([]);
      expect(firebase.signInWithPhoneNumber).not.toHaveBeenCalled();
      expect(backend.calls(SMS)).toEqual([]);
    },
  );

  test('the fields are not marked wrong for a failure of Firebase', async () => {
    firebase.signInWithPhoneNumber.mockRejectedValueOnce(
      new FirebaseError('auth/network-request-failed', 'Network error'),
    );
    mockBackend({ [configRoute]: json(phoneConfig()) });
    await enterNumber('0171 2345678');
    expect(await screen.findByText(GENERIC)).toHaveAttribute('data-error-code', 'AN01');
    for (const label of ['Ländervorwahl', 'Telefonnummer'])
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
  });

  test('AN04 when Firebase gives no verification id', async () => {
    firebase.signInWithPhoneNumber.mockResolvedValue({ verificationId: '' });
    mockBackend({ [configRoute]: json(phoneConfig()) });
    await enterNumber('0171 2345678');
    expect(await screen.findByText(GENERIC)).toHaveAttribute('data-error-code', 'AN04');
    expect(screen.queryByRole('heading', { name: SPEC_TEXTS.enterCode })).not.toBeInTheDocument();
  });

  test('VM01 for a wrong code: the spec text, and the next code is confirmed', async () => {
    firebase.signInWithCredential.mockRejectedValueOnce(
      new FirebaseError('auth/invalid-verification-code', 'Invalid code'),
    );
    mockBackend({ [configRoute]: json(phoneConfig()) });
    const { navigate } = await enterNumber('0171 2345678');
    await codeHeading();
    await userEvent.type(codeInput(), '111111');

    expect(await screen.findByText(WRONG_CODE)).toHaveAttribute('data-error-code', 'VM01');
    expect(codeInput()).toHaveValue('');
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.type(codeInput(), '222222');
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('https://a-dok.example/start?idtoken=firebase-id-token'),
    );
    expect(firebase.credential).toHaveBeenLastCalledWith('verif-1', '222222');
  });

  test('VN02 when Firebase cannot confirm the code (its session is gone)', async () => {
    firebase.signInWithCredential.mockRejectedValue(
      new FirebaseError('auth/invalid-verification-id', 'Invalid verification id'),
    );
    mockBackend({ [configRoute]: json(phoneConfig()) });
    const { navigate } = await enterNumber('0171 2345678');
    await codeHeading();
    await userEvent.type(codeInput(), '123456');
    expect(await screen.findByText(GENERIC)).toHaveAttribute('data-error-code', 'VN02');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('VE01 when Firebase says the code expired: a new code, not another try, is the way on', async () => {
    firebase.signInWithCredential.mockRejectedValue(new FirebaseError('auth/code-expired', 'Expired'));
    mockBackend({ [configRoute]: json(phoneConfig()) });
    const { navigate } = await enterNumber('0171 2345678');
    await codeHeading();
    await userEvent.type(codeInput(), '123456');
    expect(
      await screen.findByText(
        'Dieser Code ist nicht mehr gültig. Bitte fordere mit „Code erneut senden“ einen neuen Code an.',
      ),
    ).toHaveAttribute('data-error-code', 'VE01');
    expect(codeInput()).not.toHaveAttribute('aria-invalid');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('VL01 when Firebase refuses to confirm for too many requests: the lockout text, not VM01’s', async () => {
    firebase.signInWithCredential.mockRejectedValue(tooManyRequests());
    mockBackend({ [configRoute]: json(phoneConfig()) });
    const { navigate } = await enterNumber('0171 2345678');
    await codeHeading();
    await userEvent.type(codeInput(), '123456');
    expect(await screen.findByText(LOCKED_OUT)).toHaveAttribute('data-error-code', 'VL01');
    expect(screen.queryByText(WRONG_CODE)).toBeNull();
    expect(codeInput()).toHaveValue('');
    expect(codeInput()).not.toHaveAttribute('aria-invalid');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('VN05 when verifying a fallback code meets a network failure', async () => {
    firebase.signInWithPhoneNumber.mockRejectedValue(tooManyRequests());
    mockBackend({ [configRoute]: json(phoneConfig()), [SMS]: smsSent(), [VERIFY_SMS]: 'network-error' });
    const { navigate } = await enterNumber('0171 2345678');
    await codeHeading();
    await userEvent.type(codeInput(), '123456');
    expect(await screen.findByText(GENERIC)).toHaveAttribute('data-error-code', 'VN05');
    expect(navigate).not.toHaveBeenCalled();
    expect(firebase.signInWithCredential).not.toHaveBeenCalled();
  });
});

describe('a reload on view 2', () => {
  test('comes back to the code view and confirms with the saved verification id, never storing code or token', async () => {
    firebase.signInWithPhoneNumber.mockResolvedValue({ verificationId: 'verif-saved' });
    mockBackend({ [configRoute]: json(phoneConfig()) });
    const first = await enterNumber('0171 2345678');
    await codeHeading();

    first.unmount();
    const { navigate } = renderApp('?service=a-dok&method=number');
    expect(await codeHeading()).toBeInTheDocument();
    expect(sentTo('+491712345678')).toBeInTheDocument();
    expect(firebase.signInWithPhoneNumber).toHaveBeenCalledTimes(1);
    const stored = () => JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? '{}') as Record<string, unknown>;
    expect(stored()).toMatchObject({ verificationId: 'verif-saved', sentViaFirebase: true });

    // Hold Firebase's answer, to look at the storage while the code is being confirmed.
    let answer: (result: SignedIn) => void = () => undefined;
    firebase.signInWithCredential.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await userEvent.type(codeInput(), '123456');
    await waitFor(() => expect(firebase.signInWithCredential).toHaveBeenCalledTimes(1));
    expect(firebase.credential).toHaveBeenCalledExactlyOnceWith('verif-saved', '123456');
    expect(Object.keys(stored())).not.toContain('code');
    expect(Object.keys(stored())).not.toContain('token');
    expect(Object.values(stored())).not.toContain('123456');

    answer({ user: { getIdToken: async () => 'firebase-id-token' } });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('https://a-dok.example/start?idtoken=firebase-id-token'),
    );
    expect(sessionStorage.length).toBe(0);
  });
});
