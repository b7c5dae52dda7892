import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed'; error: unknown };

export interface Autosave<Value> {
  state: AutosaveState;
  /** A change: saved once nothing else has changed for `delay` ms. */
  schedule: (value: Value) => void;
  /** Saves the last change now (on blur, before leaving); waits for a save under way. */
  flush: () => Promise<void>;
  /** Drops a change not yet saved and waits for a save under way, before a save of one's own. */
  settle: () => Promise<void>;
}

/**
 * Saves a value as it changes: one save at a time, always the latest value, `delay` ms after the
 * last change, at once on `flush`, and when the page goes away (leaving the route, closing the tab).
 * A failed save keeps the value, so the next flush tries it again.
 */
export function useAutosave<Value>(
  save: (value: Value) => Promise<void>,
  delay = 1500,
): Autosave<Value> {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    saveRef.current = save;
  }, [save]);
  const pending = useRef<{ value: Value } | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const flush = useCallback(async (): Promise<void> => {
    clearTimer();
    while (running.current) await running.current;
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    setState({ kind: 'saving' });
    const run = saveRef.current(next.value).then(
      () => setState({ kind: 'saved', at: new Date() }),
      (error: unknown) => {
        pending.current ??= next;
        setState({ kind: 'failed', error });
      },
    );
    running.current = run;
    try {
      await run;
    } finally {
      running.current = null;
    }
  }, [clearTimer]);

  const schedule = useCallback(
    (value: Value) => {
      pending.current = { value };
      clearTimer();
      timer.current = setTimeout(() => void flush(), delay);
    },
    [clearTimer, delay, flush],
  );

  const settle = useCallback(async () => {
    clearTimer();
    pending.current = null;
    while (running.current) await running.current;
  }, [clearTimer]);

  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (!pending.current && !running.current) return;
      void flush();
      // The browser asks before closing the tab while the last answers are on their way.
      event.preventDefault();
    };
    const onHide = () => void flush();
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pagehide', onHide);
      // Leaving the page within the app: the last change is still saved.
      void flush();
    };
  }, [flush]);

  return useMemo(() => ({ state, schedule, flush, settle }), [state, schedule, flush, settle]);
}
