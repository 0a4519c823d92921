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

/**
 * Why a code is refused, or `ok`. `replaced` and `used` are real codes of the value, from an older
 * message or typed twice: they are not guesses, so they do not count towards the lock.
 */
export type CheckResult = 'ok' | 'wrong' | 'expired' | 'replaced' | 'used' | 'unknown' | 'locked';

/** Why a send is refused, and when (epoch ms) every refusal that applies will have ended. */
export interface SendRefusal {
  reason: 'locked' | 'value-limit' | 'client-limit';
  until: number;
}

interface Code {
  code: string;
  issuedAt: number;
}

/** A value's codes: the one that counts, and those a newer send replaced or a check accepted. */
interface ValueCodes {
  current?: Code;
  earlier: (Code & { fate: 'replaced' | 'used' })[];
}

/** Codes per channel and value, in memory: a development stand-in, not a production store. */
export class CodeStore {
  readonly #codes = new Map<string, ValueCodes>();
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

  /**
   * Whether a code may go to the value for this client now; nothing is counted. The reason is
   * the first of locked, value limit, client limit; `until` waits for all of them.
   */
  refuseSend(channel: Channel, value: string, client: string): SendRefusal | undefined {
    const id = key(channel, value);
    const refusals: SendRefusal[] = [];
    const lockedUntil = this.lockedUntil(channel, value);
    if (lockedUntil !== undefined) refusals.push({ reason: 'locked', until: lockedUntil });
    if (this.#sendsPerValue.isFull(id))
      refusals.push({ reason: 'value-limit', until: this.#sendsPerValue.freeAt(id) });
    if (this.#sendsPerClient.isFull(client))
      refusals.push({ reason: 'client-limit', until: this.#sendsPerClient.freeAt(client) });
    const [first] = refusals;
    return first && { reason: first.reason, until: Math.max(...refusals.map(({ until }) => until)) };
  }

  /** A new code for the value; it replaces any earlier one and counts against both limits. */
  issue(channel: Channel, value: string, client: string): string {
    const id = key(channel, value);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codes = this.#live(id);
    if (codes.current) codes.earlier.push({ ...codes.current, fate: 'replaced' });
    this.#codes.set(id, { current: { code, issuedAt: this.now() }, earlier: codes.earlier });
    this.#sendsPerValue.add(id);
    this.#sendsPerClient.add(client);
    return code;
  }

  check(channel: Channel, value: string, code: string): CheckResult {
    const id = key(channel, value);
    // Before the code: a new code must not lift the lock, or each send buys five more guesses.
    if (this.lockedUntil(channel, value) !== undefined) return 'locked';
    const { current, earlier } = this.#live(id);
    const currentIsLive = current !== undefined && !this.#isPast(current);
    if (currentIsLive && current.code === code) {
      this.#codes.set(id, { earlier: [...earlier, { ...current, fate: 'used' }] });
      this.#wrong.forget(id);
      return 'ok';
    }
    const spent = earlier.findLast((entry) => entry.code === code);
    if (spent) return spent.fate;
    if (currentIsLive) return this.#countWrong(id);
    if (!current) return 'unknown';
    // Answered once, then forgotten: the earlier codes are older still, so none of them can tell more.
    this.#codes.delete(id);
    return 'expired';
  }

  /** When (epoch ms) the value's lock ends, or undefined when it is not locked. */
  lockedUntil(channel: Channel, value: string): number | undefined {
    const id = key(channel, value);
    const until = this.#lockedUntil.get(id);
    if (until === undefined || this.now() < until) return until;
    this.#lockedUntil.delete(id);
    return undefined;
  }

  /** Ages the value's codes past their life, as ten minutes would; for tests. False without a code. */
  expire(channel: Channel, value: string): boolean {
    const codes = this.#codes.get(key(channel, value));
    if (!codes?.current) return false;
    const past = this.now() - CODE_TTL_MS - 1;
    for (const entry of [codes.current, ...codes.earlier]) entry.issuedAt = Math.min(entry.issuedAt, past);
    return true;
  }

  #countWrong(id: string): CheckResult {
    this.#wrong.add(id);
    if (!this.#wrong.isFull(id)) return 'wrong';
    this.#lockedUntil.set(id, this.now() + LOCKOUT_MS);
    this.#codes.delete(id);
    return 'locked';
  }

  /** The value's codes, forgetting the earlier ones past their life: they can tell nothing more. */
  #live(id: string): ValueCodes {
    const { current, earlier = [] } = this.#codes.get(id) ?? {};
    const live = { current, earlier: earlier.filter((entry) => !this.#isPast(entry)) };
    if (current || live.earlier.length > 0) this.#codes.set(id, live);
    else this.#codes.delete(id);
    return live;
  }

  #isPast({ issuedAt }: Code): boolean {
    return this.now() - issuedAt > CODE_TTL_MS;
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

  /** When (epoch ms) enough events will have left the window for one more: now, if it is not full. */
  freeAt(id: string): number {
    const recent = this.#recent(id);
    const leaving = recent[recent.length - this.limit.max];
    return leaving === undefined ? this.now() : leaving + this.limit.windowMs;
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
