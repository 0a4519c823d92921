import { useEffect, useRef } from 'react';
import type { LoginMethod } from '../types/login-method.ts';
import type { View } from './flow.ts';

/** What a history entry of the page holds: the view it shows, never a value, code or token. */
export interface ViewEntry {
  view: View;
  method: LoginMethod | undefined;
}

/** The key of the page's part of `history.state`. */
const KEY = 'loginGateway';

const VIEWS: readonly View[] = ['method', 'send-code', 'verify', 'payment', 'redirect'];

function entryOf(state: unknown): ViewEntry | undefined {
  if (typeof state !== 'object' || state === null || !Object.hasOwn(state, KEY)) return undefined;
  const entry: unknown = (state as Record<string, unknown>)[KEY];
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { view, method } = entry as Record<string, unknown>;
  const known = VIEWS.find((each) => each === view);
  return known && { view: known, method: typeof method === 'string' ? (method as LoginMethod) : undefined };
}

function stateOf(entry: ViewEntry): Record<string, ViewEntry> {
  return { [KEY]: entry };
}

/**
 * Each view is an entry of the browser's history, so Back returns to the previous view and
 * Forward follows, on the page's one URL. `moveTo` takes the flow to an entry's view and says
 * whether it could; where it cannot (back into a code already used, a call in flight), the
 * visitor stays where they are and the entry is added again, so Back never leaves mid-flow.
 * `startedOnViewZero`: the visitor chose the method on view 0 before the flow ran, whose entry
 * then comes first.
 */
export function useViewHistory(
  current: ViewEntry,
  startedOnViewZero: boolean,
  moveTo: (entry: ViewEntry) => boolean,
): void {
  const { view, method } = current;
  const latest = useRef({ current, moveTo });
  useEffect(() => {
    latest.current = { current, moveTo };
  });

  useEffect(() => {
    if (view === 'stopped') return;
    const entry = entryOf(history.state);
    if (entry?.view === view && entry.method === method) return;
    const next = stateOf({ view, method });
    if (entry !== undefined) return history.pushState(next, '');
    if (startedOnViewZero && view === 'send-code') {
      history.replaceState(stateOf({ view: 'method', method: undefined }), '');
      history.pushState(next, '');
    } else history.replaceState(next, '');
  }, [view, method, startedOnViewZero]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const entry = entryOf(event.state);
      const { current: now, moveTo: move } = latest.current;
      if (entry && move(entry)) return;
      if (now.view !== 'stopped') history.pushState(stateOf(now), '');
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}
