import { describe, expect, test, vi } from 'vitest';
import { mayRender } from '../../../src/app/frame-guard.ts';

describe('mayRender', () => {
  test('draws the page in its own tab and logs nothing', () => {
    const view = {};
    const log = vi.fn();
    expect(mayRender({ top: view, self: view }, log)).toBe(true);
    expect(log).not.toHaveBeenCalled();
  });

  test('draws nothing inside a frame and says why', () => {
    const log = vi.fn();
    expect(mayRender({ top: {}, self: {} }, log)).toBe(false);
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toMatch(/inside a frame.*clickjacking.*frame-ancestors 'none'/);
  });
});
