import { boolean, custom, number, object, optional, safeParse, string } from 'zod/mini';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';
import type { Progress } from './flow.ts';

/** A code is valid for 10 minutes at the backend; a little longer covers a slow mail. */
const KEEP_FOR_MS = 15 * 60 * 1000;

const storedSchema = object({
  method: custom<LoginMethod>((value) => LOGIN_METHODS.some((method) => method === value)),
  loginValue: string(),
  countryPrefix: string(),
  sentTo: string(),
  sentViaFirebase: boolean(),
  verificationId: optional(string()),
  resendAt: number(),
  savedAt: number(),
});

/** A scope is the service key, with the QR id for a-ident. */
const keyFor = (scope: string) => `login-gateway:progress:${scope}`;

/**
 * Keeps where the visitor is while they read their mail or SMS, so a mobile browser that
 * reloads the tab brings them back to the code view. Never the code, never the token.
 */
export const progressStore = {
  save(scope: string, progress: Progress, now = Date.now()): void {
    // Field by field, so nothing else a caller's object carries (a code, a token) is written.
    const { method, loginValue, countryPrefix, sentTo, sentViaFirebase, verificationId, resendAt } = progress;
    const stored = {
      method,
      loginValue,
      countryPrefix,
      sentTo,
      sentViaFirebase,
      verificationId,
      resendAt,
      savedAt: now,
    };
    tryStorage(() => sessionStorage.setItem(keyFor(scope), JSON.stringify(stored)));
  },
  load(scope: string, now = Date.now()): Progress | undefined {
    const raw = tryStorage(() => sessionStorage.getItem(keyFor(scope)));
    if (!raw) return undefined;
    const parsed = safeParse(storedSchema, parseJson(raw));
    if (!parsed.success || now - parsed.data.savedAt > KEEP_FOR_MS) {
      progressStore.clear(scope);
      return undefined;
    }
    const { method, loginValue, countryPrefix, sentTo, sentViaFirebase, verificationId, resendAt } =
      parsed.data;
    return { method, loginValue, countryPrefix, sentTo, sentViaFirebase, verificationId, resendAt };
  },
  clear(scope: string): void {
    tryStorage(() => sessionStorage.removeItem(keyFor(scope)));
  },
};

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Storage can be switched off or full (private modes); the flow works without it. */
function tryStorage<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}
