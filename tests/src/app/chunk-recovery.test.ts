// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  RELOAD_INTERVAL_MS,
  RELOAD_KEY,
  createChunkRecovery,
  type RecoveryHost,
} from '../../../src/app/chunk-recovery.ts';

const NOW = 1_700_000_000_000;
const missing = new TypeError('Failed to fetch dynamically imported module: /assets/verify-view-Old1.js');
const failingLoad = () => Promise.reject(missing);
const module = { VerifyView: 'the view' };

/** A page whose reload is recorded instead of made; its clock stands still unless moved. */
class FakePage extends EventTarget implements RecoveryHost {
  readonly location = { reload: vi.fn<() => void>() };
  constructor(private readonly storage: () => Storage) {
    super();
  }
  get sessionStorage(): Storage {
    return this.storage();
  }
}

function page(storage: () => Storage = () => sessionStorage) {
  let at = NOW;
  const target = new FakePage(storage);
  const recovery = createChunkRecovery(target, () => at);
  return { recovery, reload: target.location.reload, target, later: (ms: number) => (at += ms) };
}

/** 'pending' when the promise has not settled once everything queued so far has run. */
async function stateOf(promise: Promise<unknown>): Promise<string> {
  const settled = promise.then(
    () => 'resolved',
    () => 'rejected',
  );
  return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 0)).then(() => 'pending')]);
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('a chunk the visitor needs now', () => {
  test('is handed over when it loads, and nothing is noted', async () => {
    const { recovery, reload } = page();
    await expect(recovery.needed(() => Promise.resolve(module))).resolves.toBe(module);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOAD_KEY)).toBeNull();
  });

  test('that fails reloads the page once, notes when, and keeps the load pending until the page goes', async () => {
    const { recovery, reload } = page();
    const loading = recovery.needed(failingLoad);
    expect(await stateOf(loading)).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_KEY)).toBe(String(NOW));
  });

  test('that fails again within a minute of that reload rejects with its error, without a reload', async () => {
    const { recovery, reload, later } = page();
    void recovery.needed(failingLoad);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    later(RELOAD_INTERVAL_MS - 1);
    await expect(recovery.needed(failingLoad)).rejects.toBe(missing);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_KEY)).toBe(String(NOW));
  });

  test('that fails a minute after the last reload reloads again: a later release can break another chunk', async () => {
    sessionStorage.setItem(RELOAD_KEY, String(NOW - RELOAD_INTERVAL_MS));
    const { recovery, reload } = page();
    expect(await stateOf(recovery.needed(failingLoad))).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test.each([
    ['in the future (the clock was set back)', String(NOW + 1000)],
    ['just now', String(NOW)],
  ])('that fails after a reload noted %s rejects', async (_, noted) => {
    sessionStorage.setItem(RELOAD_KEY, noted);
    const { recovery, reload } = page();
    await expect(recovery.needed(failingLoad)).rejects.toBe(missing);
    expect(reload).not.toHaveBeenCalled();
  });

  test('that fails after an unreadable note reloads, and writes a readable one', async () => {
    sessionStorage.setItem(RELOAD_KEY, 'yesterday');
    const { recovery, reload } = page();
    void recovery.needed(failingLoad);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOAD_KEY)).toBe(String(NOW));
  });
});

describe('without storage the page cannot tell its own reload from the first load, so it never reloads', () => {
  test('when reading sessionStorage throws (storage blocked)', async () => {
    const { recovery, reload } = page(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await expect(recovery.needed(failingLoad)).rejects.toBe(missing);
    expect(reload).not.toHaveBeenCalled();
  });

  test.each(['getItem', 'setItem'] as const)('when %s throws', async (method) => {
    vi.spyOn(Storage.prototype, method).mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { recovery, reload } = page();
    await expect(recovery.needed(failingLoad)).rejects.toBe(missing);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('before a reload', () => {
  test('every registered callback runs first, so the flow can keep what the visitor typed', async () => {
    const { recovery, reload } = page();
    const order: string[] = [];
    reload.mockImplementation(() => order.push('reload'));
    recovery.onBeforeReload(() => order.push('draft saved'));
    recovery.onBeforeReload(() => order.push('another'));
    void recovery.needed(failingLoad);
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(order).toEqual(['draft saved', 'another', 'reload']);
  });

  test('a removed callback does not run', async () => {
    const { recovery, reload } = page();
    const callback = vi.fn();
    const remove = recovery.onBeforeReload(callback);
    remove();
    void recovery.needed(failingLoad);
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(callback).not.toHaveBeenCalled();
  });

  test('no callback runs when the page may not reload', async () => {
    sessionStorage.setItem(RELOAD_KEY, String(NOW));
    const { recovery } = page();
    const callback = vi.fn();
    recovery.onBeforeReload(callback);
    await expect(recovery.needed(failingLoad)).rejects.toBe(missing);
    expect(callback).not.toHaveBeenCalled();
  });
});

test('the reload the visitor asks for runs the callbacks and reloads, even right after one of ours', () => {
  sessionStorage.setItem(RELOAD_KEY, String(NOW));
  const { recovery, reload } = page();
  const callback = vi.fn();
  recovery.onBeforeReload(callback);
  recovery.reload();
  expect(callback).toHaveBeenCalledTimes(1);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(sessionStorage.getItem(RELOAD_KEY)).toBe(String(NOW));
});

describe('a prefetch', () => {
  test('that fails does not reload, nor does the vite:preloadError Vite dispatches for it', async () => {
    const { target, reload } = page();
    // As login-flow.tsx prefetches: the loader itself, its failure ignored.
    const prefetch = failingLoad().catch(() => undefined);
    // What Vite's preload helper does for a failed import, prefetch or not, before rethrowing.
    for (const host of [target, window]) {
      host.dispatchEvent(
        Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: missing }),
      );
    }
    await prefetch;
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOAD_KEY)).toBeNull();
  });

  test('that failed leaves the page free to reload once the chunk is needed', async () => {
    const { recovery, reload } = page();
    await failingLoad().catch(() => undefined);
    void recovery.needed(failingLoad);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
