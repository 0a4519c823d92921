import {
  boolean,
  custom,
  literal,
  number,
  object,
  optional,
  safeParse,
  string,
  type ZodMiniType,
} from 'zod/mini';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';
import type { Draft, Progress } from './flow.ts';
import { DRAFT_KEY_PREFIX, PROGRESS_KEY_PREFIX } from './progress-keys.ts';

/** A code is valid for 10 minutes at the backend; a little longer covers a slow mail. */
const KEEP_FOR_MS = 15 * 60 * 1000;

const loginMethod = custom<LoginMethod>((value) => LOGIN_METHODS.some((method) => method === value));

const storedSchema = object({
  method: loginMethod,
  loginValue: string(),
  countryPrefix: string(),
  sentTo: string(),
  sentViaFirebase: boolean(),
  verificationId: optional(string()),
  resendAt: number(),
  savedAt: number(),
});

const draftSchema = object({
  method: loginMethod,
  loginValue: string(),
  countryPrefix: string(),
  notice: optional(literal('paymentInterrupted')),
  savedAt: number(),
});

/** A scope is the service key, with the QR id for a-ident. */
const keyFor = (scope: string) => `${PROGRESS_KEY_PREFIX}${scope}`;
const draftKeyFor = (scope: string) => `${DRAFT_KEY_PREFIX}${scope}`;
/** What an entry must pass to be read, by the start of its key. */
const SCHEMAS = [
  [PROGRESS_KEY_PREFIX, storedSchema],
  [DRAFT_KEY_PREFIX, draftSchema],
] as const;

let sweepTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Keeps where the visitor is while they read their mail or SMS, so a mobile browser that
 * reloads the tab brings them back to the code view. Never the code, never the token; and
 * nothing longer than the code lives: expired progress is removed on time while the page is
 * open, and on the next load of the page in this tab otherwise (docs/privacy.md).
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
    progressStore.removeExpired(now);
  },
  load(scope: string, now = Date.now()): Progress | undefined {
    progressStore.removeExpired(now);
    const entry = readEntry(keyFor(scope), storedSchema);
    if (!entry) return undefined;
    const { method, loginValue, countryPrefix, sentTo, sentViaFirebase, verificationId, resendAt } = entry;
    return { method, loginValue, countryPrefix, sentTo, sentViaFirebase, verificationId, resendAt };
  },
  clear(scope: string): void {
    tryStorage(() => sessionStorage.removeItem(keyFor(scope)));
  },
  /**
   * Keeps what the visitor typed into view 1 over a reload, theirs or one the page makes itself
   * (chunk-recovery.ts), field by field: never a code, never a token. It expires as progress does.
   */
  saveDraft(scope: string, draft: Draft, now = Date.now()): void {
    const { method, loginValue, countryPrefix, notice } = draft;
    const stored = { method, loginValue, countryPrefix, notice, savedAt: now };
    tryStorage(() => sessionStorage.setItem(draftKeyFor(scope), JSON.stringify(stored)));
    progressStore.removeExpired(now);
  },
  /** The draft of this scope, once: it is removed as it is read, so only the next load gets it. */
  takeDraft(scope: string, now = Date.now()): Draft | undefined {
    progressStore.removeExpired(now);
    const key = draftKeyFor(scope);
    const entry = readEntry(key, draftSchema);
    tryStorage(() => sessionStorage.removeItem(key));
    if (!entry) return undefined;
    const { method, loginValue, countryPrefix, notice } = entry;
    return { method, loginValue, countryPrefix, ...(notice && { notice }) };
  },
  clearDraft(scope: string): void {
    tryStorage(() => sessionStorage.removeItem(draftKeyFor(scope)));
  },
  /**
   * Removes every saved progress and draft of this page that has expired or cannot be read,
   * whatever its scope, and sets a timer for the next one to expire.
   */
  removeExpired(now = Date.now()): void {
    clearTimeout(sweepTimer);
    sweepTimer = undefined;
    let nextExpiry = Infinity;
    for (const { key, schema } of storedKeys()) {
      const entry = readEntry<{ savedAt: number }>(key, schema);
      const expiresAt = entry ? entry.savedAt + KEEP_FOR_MS : -Infinity;
      if (now > expiresAt) tryStorage(() => sessionStorage.removeItem(key));
      else nextExpiry = Math.min(nextExpiry, expiresAt);
    }
    if (nextExpiry !== Infinity) {
      // A timer fires late in a background tab, never early: the entry has expired by then.
      sweepTimer = setTimeout(() => progressStore.removeExpired(), nextExpiry - now + 1);
    }
  },
};

/** Every key of this page's progress and drafts, with the schema its entry must pass. */
function storedKeys() {
  const keys = tryStorage(() =>
    Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index)),
  );
  return (keys ?? []).flatMap((key) => {
    const schema = SCHEMAS.find(([prefix]) => key?.startsWith(prefix))?.[1];
    return key && schema ? [{ key, schema }] : [];
  });
}

function readEntry<T>(key: string, schema: ZodMiniType<T>): T | undefined {
  const raw = tryStorage(() => sessionStorage.getItem(key));
  if (!raw) return undefined;
  const parsed = safeParse(schema, parseJson(raw));
  return parsed.success ? parsed.data : undefined;
}

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
