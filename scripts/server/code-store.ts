import { randomInt } from 'node:crypto';

/** How the reference MWS treats codes: 6 digits, 10 minutes, 5 wrong tries, one use. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;

export type Channel = 'mail' | 'sms';

export type CheckResult = 'ok' | 'wrong' | 'expired' | 'locked' | 'unknown';

interface Entry {
  code: string;
  issuedAt: number;
  wrongAttempts: number;
}

/** Codes per channel and value, in memory: a development stand-in, not a production store. */
export class CodeStore {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new code for the value; it replaces any earlier one. */
  issue(channel: Channel, value: string): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.#entries.set(key(channel, value), { code, issuedAt: this.now(), wrongAttempts: 0 });
    return code;
  }

  check(channel: Channel, value: string, code: string): CheckResult {
    const id = key(channel, value);
    const entry = this.#entries.get(id);
    if (!entry) return 'unknown';
    if (this.now() - entry.issuedAt > CODE_TTL_MS) {
      this.#entries.delete(id);
      return 'expired';
    }
    if (entry.wrongAttempts >= MAX_WRONG_ATTEMPTS) return 'locked';
    if (entry.code !== code) {
      entry.wrongAttempts += 1;
      return entry.wrongAttempts >= MAX_WRONG_ATTEMPTS ? 'locked' : 'wrong';
    }
    this.#entries.delete(id);
    return 'ok';
  }
}

function key(channel: Channel, value: string): string {
  return `${channel}\u0000${value.toLowerCase()}`;
}
