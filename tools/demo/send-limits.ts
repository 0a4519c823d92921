// The same metadata as the page's check of a number (send-phone-code.ts): the country of a
// number is its calling code and leading digits, which the smallest set knows.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { limitKey } from '../../src/lib/canonical-value.ts';
import { clientKey } from './client-key.ts';

/** At most `max` sends within any `windowMs`. */
export interface SendLimit {
  max: number;
  windowMs: number;
}

export type Channel = 'mail' | 'sms';

/** What a limit counts by: the value, the client (clientKey), the number's country, or all sends. */
type Scope = 'value' | 'client' | 'country' | 'all';

/**
 * Every limit of a send: which sends it counts, by what, and the `reason` of its refusal. The
 * order is the order of the reasons (docs/backend-contract.md, "Refused sends"). The SMS fallback
 * has budgets of its own: it is reached with the public login key alone, no captcha, and each SMS
 * costs money, more to some countries than to others (SMS pumping).
 */
const LIMITS = {
  perValue: { channels: ['mail', 'sms'], scope: 'value', reason: 'value-limit' },
  smsPerNumber: { channels: ['sms'], scope: 'value', reason: 'value-limit' },
  perClient: { channels: ['mail', 'sms'], scope: 'client', reason: 'client-limit' },
  smsPerClient: { channels: ['sms'], scope: 'client', reason: 'client-limit' },
  smsPerCountry: { channels: ['sms'], scope: 'country', reason: 'country-budget' },
  smsOverall: { channels: ['sms'], scope: 'all', reason: 'sms-budget' },
} as const satisfies Record<string, { channels: readonly Channel[]; scope: Scope; reason: string }>;

export type LimitName = keyof typeof LIMITS;
export type SendLimits = Record<LimitName, SendLimit>;
export type LimitReason = (typeof LIMITS)[LimitName]['reason'];

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The contract's limits: a visitor with a slow mailbox never meets them, a farm of codes soon
 * does. The SMS budgets cap what an attack can cost, 100 SMS an hour and 30 to one country,
 * whatever addresses it comes from; a production MWS sizes them from its own traffic.
 */
export const SEND_LIMITS: SendLimits = {
  perValue: { max: 5, windowMs: 15 * MINUTE },
  smsPerNumber: { max: 3, windowMs: HOUR },
  perClient: { max: 30, windowMs: HOUR },
  smsPerClient: { max: 5, windowMs: HOUR },
  smsPerCountry: { max: 30, windowMs: HOUR },
  smsOverall: { max: 100, windowMs: HOUR },
};

const UNBOUNDED: SendLimit = { max: 10_000, windowMs: HOUR };

/**
 * The limits of the demo server and the reference backend unless a test sets others: every
 * browser there, the suites' too, is this machine, so one client address stands for them all,
 * and the browser suite's SMS fallbacks all go to one country. The value limit stays the contract's.
 */
export const LOCAL_SEND_LIMITS: SendLimits = {
  perValue: SEND_LIMITS.perValue,
  smsPerNumber: SEND_LIMITS.perValue,
  perClient: UNBOUNDED,
  smsPerClient: UNBOUNDED,
  smsPerCountry: UNBOUNDED,
  smsOverall: UNBOUNDED,
};

/** One send to be counted: the channel, the canonical value and the client's address. */
export interface Send {
  channel: Channel;
  value: string;
  client: string;
}

/** A limit a send would exceed, and when (epoch ms) it allows one more. */
export interface LimitRefusal {
  reason: LimitReason;
  until: number;
}

/** The sends of the last windows, per limit: in memory, a development stand-in. */
export class SendCounter {
  readonly #windows: [LimitName, SlidingWindow][];

  constructor(limits: SendLimits, now: () => number) {
    this.#windows = Object.keys(LIMITS).map((name) => [
      name as LimitName,
      new SlidingWindow(limits[name as LimitName], now),
    ]);
  }

  /** The limits the send would exceed, in the order of their reasons; nothing is counted. */
  refusals(send: Send): LimitRefusal[] {
    return this.#applying(send)
      .filter(([, window, id]) => window.isFull(id))
      .map(([name, window, id]) => ({ reason: LIMITS[name].reason, until: window.freeAt(id) }));
  }

  count(send: Send): void {
    for (const [, window, id] of this.#applying(send)) window.add(id);
  }

  #applying(send: Send): [LimitName, SlidingWindow, string][] {
    return this.#windows.flatMap(([name, window]): [LimitName, SlidingWindow, string][] => {
      const { channels, scope } = LIMITS[name];
      return (channels as readonly Channel[]).includes(send.channel)
        ? [[name, window, scopeKey(scope, send)]]
        : [];
    });
  }
}

function scopeKey(scope: Scope, { channel, value, client }: Send): string {
  switch (scope) {
    case 'value':
      return valueKey(channel, value);
    case 'client':
      return clientKey(client);
    case 'country':
      return countryOf(value);
    case 'all':
      return '';
  }
}

/** What a value's codes, lock and limits are kept by: its channel and limitKey. */
export function valueKey(channel: Channel, value: string): string {
  return `${channel}\u0000${limitKey(value)}`;
}

/**
 * The country an E.164 number belongs to (`DE`, `JM`), or its calling code (`+882`) where the
 * code is not one country's: what an SMS costs, and where pumping sends them, goes by it.
 */
export function countryOf(number: string): string {
  const parsed = parsePhoneNumberFromString(number);
  return parsed ? (parsed.country ?? `+${parsed.countryCallingCode}`) : 'unknown';
}

/** Event times per key, kept only while they fall within the window. */
export class SlidingWindow {
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
