import { randomInt } from 'node:crypto';
import {
  SEND_LIMITS,
  SendCounter,
  SlidingWindow,
  valueKey as key,
  type Channel,
  type LimitReason,
  type SendLimits,
} from './send-limits.ts';

/**
 * How the reference MWS treats codes (docs/backend-contract.md): 6 digits, 10 minutes, one use;
 * 5 wrong codes for a value within 15 minutes lock it for 15 minutes, whatever is sent meanwhile.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/**
 * Why a code is refused, or `ok`. `replaced` and `used` are real codes of the value, from an older
 * message or typed twice: they are not guesses, so they do not count towards the lock.
 */
export type CheckResult = 'ok' | 'wrong' | 'expired' | 'replaced' | 'used' | 'unknown' | 'locked';

/** What a right code answers: the value it was sent to and the service whose key sent it. */
interface Accepted {
  result: 'ok';
  sentTo: string;
  service: string;
}

/** A code's answer: accepted, or why not. */
export type Checked = Accepted | { result: Exclude<CheckResult, 'ok'> };

/** Why a send is refused, and when (epoch ms) every refusal that applies will have ended. */
export interface SendRefusal {
  reason: 'locked' | LimitReason;
  until: number;
}

interface Code {
  code: string;
  issuedAt: number;
  /** The canonical value the code was sent to, and the service that asked for it. */
  sentTo: string;
  service: string;
}

/** A value's codes: the one that counts, and those a newer send replaced or a check accepted. */
interface ValueCodes {
  current?: Code;
  earlier: (Code & { fate: 'replaced' | 'used' })[];
}

/**
 * Codes per channel and value, in memory: a development stand-in, not a production store. Values
 * come canonical (canonical-value.ts); codes, locks and the value limits are kept by their
 * limitKey, so `Victim+x@example.de` meets the lock and the limit of `victim@example.de`, while a
 * token names the value the code was sent to.
 */
export class CodeStore {
  readonly #codes = new Map<string, ValueCodes>();
  readonly #lockedUntil = new Map<string, number>();
  readonly #wrong: SlidingWindow;
  readonly #sends: SendCounter;

  constructor(
    private readonly now: () => number = Date.now,
    limits: SendLimits = SEND_LIMITS,
  ) {
    this.#wrong = new SlidingWindow({ max: MAX_WRONG_ATTEMPTS, windowMs: LOCKOUT_MS }, now);
    this.#sends = new SendCounter(limits, now);
  }

  /**
   * Whether a code may go to the value for this client now; nothing is counted. The reason is
   * the first of the lock and the limits (send-limits.ts); `until` waits for all of them.
   */
  refuseSend(channel: Channel, value: string, client: string): SendRefusal | undefined {
    const refusals: SendRefusal[] = this.#sends.refusals({ channel, value, client });
    const lockedUntil = this.lockedUntil(channel, value);
    if (lockedUntil !== undefined) refusals.unshift({ reason: 'locked', until: lockedUntil });
    const [first] = refusals;
    return first && { reason: first.reason, until: Math.max(...refusals.map(({ until }) => until)) };
  }

  /**
   * A new code for the value, sent for `service`; it replaces any earlier one and counts against
   * every limit.
   */
  issue(channel: Channel, value: string, client: string, service: string): string {
    const id = key(channel, value);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codes = this.#live(id);
    if (codes.current) codes.earlier.push({ ...codes.current, fate: 'replaced' });
    const current = { code, issuedAt: this.now(), sentTo: value, service };
    this.#codes.set(id, { current, earlier: codes.earlier });
    this.#sends.count({ channel, value, client });
    return code;
  }

  check(channel: Channel, value: string, code: string): Checked {
    const id = key(channel, value);
    // Before the code: a new code must not lift the lock, or each send buys five more guesses.
    if (this.lockedUntil(channel, value) !== undefined) return { result: 'locked' };
    const { current, earlier } = this.#live(id);
    const currentIsLive = current !== undefined && !this.#isPast(current);
    if (currentIsLive && current.code === code) {
      this.#codes.set(id, { earlier: [...earlier, { ...current, fate: 'used' }] });
      this.#wrong.forget(id);
      return { result: 'ok', sentTo: current.sentTo, service: current.service };
    }
    const spent = earlier.findLast((entry) => entry.code === code);
    if (spent) return { result: spent.fate };
    if (currentIsLive) return { result: this.#countWrong(id) };
    if (!current) return { result: 'unknown' };
    // Answered once, then forgotten: the earlier codes are older still, so none of them can tell more.
    this.#codes.delete(id);
    return { result: 'expired' };
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

  #countWrong(id: string): 'wrong' | 'locked' {
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
