import { randomInt } from 'node:crypto';

/**
 * How the reference MWS treats codes (docs/backend-contract.md): 6 digits, 10 minutes, one use;
 * 5 wrong codes for a value within 15 minutes lock it for 15 minutes, whatever is sent meanwhile.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/** At most `max` sends within any `windowMs`. */
export interface SendLimit {
  max: number;
  windowMs: number;
}

/** Sends per value (the address, EDP-Kennung or number) and per client (its IP address). */
export interface SendLimits {
  perValue: SendLimit;
  perClient: SendLimit;
}

/** The contract's limits: a visitor with a slow mailbox never meets them, a farm of codes soon does. */
export const SEND_LIMITS: SendLimits = {
  perValue: { max: 5, windowMs: 15 * 60 * 1000 },
  perClient: { max: 30, windowMs: 60 * 60 * 1000 },
};

/**
 * The limits of the demo server and the reference backend unless a test sets others: every
 * browser there, the suites' too, is this machine, so one client address stands for them all.
 */
export const LOCAL_SEND_LIMITS: SendLimits = {
  perValue: SEND_LIMITS.perValue,
  perClient: { max: 10_000, windowMs: 60 * 60 * 1000 },
};

export type Channel = 'mail' | 'sms';

export type CheckResult = 'ok' | 'wrong' | 'expired' | 'locked' | 'unknown';

/** Why a send is refused: a limit is reached, or the value is locked after too many wrong codes. */
export type SendRefusal = 'value limit' | 'client limit' | 'locked';

interface Entry {
  code: string;
  issuedAt: number;
}

/** Codes per channel and value, in memory: a development stand-in, not a production store. */
export class CodeStore {
  readonly #entries = new Map<string, Entry>();
  readonly #lockedUntil = new Map<string, number>();
  readonly #wrong: SlidingWindow;
  readonly #sendsPerValue: SlidingWindow;
  readonly #sendsPerClient: SlidingWindow;

  constructor(
    private readonly now: () => number = Date.now,
    limits: SendLimits = SEND_LIMITS,
  ) {
    this.#wrong = new SlidingWindow({ max: MAX_WRONG_ATTEMPTS, windowMs: LOCKOUT_MS }, now);
    this.#sendsPerValue = new SlidingWindow(limits.perValue, now);
    this.#sendsPerClient = new SlidingWindow(limits.perClient, now);
  }

  /** Whether a code may go to the value for this client now; nothing is counted. */
  refuseSend(channel: Channel, value: string, client: string): SendRefusal | undefined {
    if (this.#isLocked(key(channel, value))) return 'locked';
    if (this.#sendsPerValue.isFull(key(channel, value))) return 'value limit';
    if (this.#sendsPerClient.isFull(client)) return 'client limit';
    return undefined;
  }

  /** A new code for the value; it replaces any earlier one and counts against both limits. */
  issue(channel: Channel, value: string, client: string): string {
    const id = key(channel, value);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.#entries.set(id, { code, issuedAt: this.now() });
    this.#sendsPerValue.add(id);
    this.#sendsPerClient.add(client);
    return code;
  }

  check(channel: Channel, value: string, code: string): CheckResult {
    const id = key(channel, value);
    // Before the code: a new code must not lift the lock, or each send buys five more guesses.
    if (this.#isLocked(id)) return 'locked';
    const entry = this.#entries.get(id);
    if (!entry) return 'unknown';
    if (this.now() - entry.issuedAt > CODE_TTL_MS) {
      this.#entries.delete(id);
      return 'expired';
    }
    if (entry.code !== code) {
      this.#wrong.add(id);
      if (!this.#wrong.isFull(id)) return 'wrong';
      this.#lockedUntil.set(id, this.now() + LOCKOUT_MS);
      this.#entries.delete(id);
      return 'locked';
    }
    this.#entries.delete(id);
    this.#wrong.forget(id);
    return 'ok';
  }

  #isLocked(id: string): boolean {
    const until = this.#lockedUntil.get(id);
    if (until === undefined) return false;
    if (this.now() < until) return true;
    this.#lockedUntil.delete(id);
    return false;
  }
}

/** Event times per key, kept only while they fall within the window. */
class SlidingWindow {
  readonly #times = new Map<string, number[]>();

  constructor(
    private readonly limit: SendLimit,
    private readonly now: () => number,
  ) {}

  add(id: string): void {
    this.#times.set(id, [...this.#recent(id), this.now()]);
  }

  isFull(id: string): boolean {
    return this.#recent(id).length >= this.limit.max;
  }

  forget(id: string): void {
    this.#times.delete(id);
  }

  #recent(id: string): number[] {
    const since = this.now() - this.limit.windowMs;
    const recent = (this.#times.get(id) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.#times.delete(id);
    else this.#times.set(id, recent);
    return recent;
  }
}

function key(channel: Channel, value: string): string {
  return `${channel}\u0000${value.toLowerCase()}`;
}
