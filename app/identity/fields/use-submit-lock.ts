import { useCallback, useEffect, useRef } from "react";
import { markShellState } from "~/shell/shell-state";

/** Released 500 ms after a submit finishes (docs/behaviour/identity.md#submit-lock). */
export const SUBMIT_LOCK_RELEASE_MS = 500;

/** Forms whose lock is closed right now, shown on <html data-submit-lock> ("locked" or "open"). */
let closedLocks = 0;
function countLock(delta: 1 | -1): void {
  closedLocks = Math.max(0, closedLocks + delta);
  markShellState("submitLock", closedLocks > 0 ? "locked" : "open");
}

/**
 * Ignores submits while one is processing. `busy` is the router's state for this form (submitting or loading);
 * the lock opens 500 ms after it turns idle again, or 500 ms after release() for a submit that never went out.
 */
export function useSubmitLock(busy: boolean) {
  const locked = useRef(false);
  const sawBusy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const releaseLater = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (locked.current) countLock(-1);
      locked.current = false;
      timer.current = null;
    }, SUBMIT_LOCK_RELEASE_MS);
  }, []);

  useEffect(() => {
    if (busy) {
      sawBusy.current = true;
    } else if (sawBusy.current) {
      sawBusy.current = false;
      releaseLater();
    }
  }, [busy, releaseLater]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (locked.current) countLock(-1);
      locked.current = false;
    },
    [],
  );

  const acquire = useCallback(() => {
    if (locked.current) return false;
    locked.current = true;
    countLock(1);
    return true;
  }, []);

  return { acquire, release: releaseLater };
}
