import { useEffect, useState } from "react";
import { markShellState } from "~/shell/shell-state";

/** Released 500 ms after a submit finishes (docs/behaviour/identity.md#submit-lock). */
export const SUBMIT_LOCK_RELEASE_MS = 500;

/** Forms whose lock is closed right now, shown on <html data-submit-lock> ("locked" or "open"). */
let closedLocks = 0;
function countLock(delta: 1 | -1): void {
  closedLocks = Math.max(0, closedLocks + delta);
  markShellState("submitLock", closedLocks > 0 ? "locked" : "open");
}

export type SubmitLock = {
  /** True when this submit may go (the lock closes); false while one is processing. */
  acquire: () => boolean;
  /** Opens the lock SUBMIT_LOCK_RELEASE_MS from now (a submit that never went out, or one that finished). */
  release: () => void;
  /** The form's router state: the lock opens SUBMIT_LOCK_RELEASE_MS after busy turns false again. */
  busy: (now: boolean) => void;
  /** The form is gone: the timer stops and the lock opens. */
  stop: () => void;
};

/** The lock's rules without React (the hook below keeps one per form; unit-tested on a fake clock). */
export function createSubmitLock(): SubmitLock {
  let locked = false;
  let sawBusy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    if (locked) countLock(-1);
    locked = false;
  };
  const release = () => {
    clearTimeout(timer);
    timer = setTimeout(open, SUBMIT_LOCK_RELEASE_MS);
  };
  return {
    acquire() {
      if (locked) return false;
      locked = true;
      countLock(1);
      return true;
    },
    release,
    busy(now) {
      if (!now && sawBusy) release();
      sawBusy = now;
    },
    stop() {
      clearTimeout(timer);
      open();
    },
  };
}

/**
 * Ignores submits while one is processing. `busy` is the router's state for this form (submitting or loading);
 * the lock opens 500 ms after it turns idle again, or 500 ms after release() for a submit that never went out.
 */
export function useSubmitLock(busy: boolean): SubmitLock {
  const [lock] = useState(createSubmitLock);
  useEffect(() => lock.busy(busy), [busy, lock]);
  useEffect(() => lock.stop, [lock]);
  return lock;
}
