// The shell's toasts (offline, slow network, a working address): one small queue shown in one polite status region
// (app/shell/network/ToastRegion.tsx). Browser-only module state; the rules are pure functions.
import type { TranslationKey } from "~/i18n/i18n-instance";

export type Toast = {
  id: number;
  /** Translation key of the text. */
  key: TranslationKey;
  values?: Record<string, string>;
  /** Error toasts (offline, slow) are cleared by the sweep below; others only by their own time. */
  error: boolean;
  /** When it goes, in ms since the epoch; null: it stays until closed. */
  expiresAt: number | null;
  /** An optional link shown in the toast ("Try <domain>"). */
  link?: { href: string; key: TranslationKey; values?: Record<string, string> };
};

/** Error-toast clearing every 1000 ms, 3 times (docs/behaviour/shell.md#network-toasts). */
export const SWEEP_INTERVAL_MS = 1000;
export const SWEEP_TIMES = 3;
/** At most this many toasts at once; the oldest goes first. */
export const MAX_TOASTS = 3;

/** Adds a toast: one with the same text replaces the older one, and the queue keeps the newest MAX_TOASTS. */
export function addToast(toasts: readonly Toast[], toast: Toast): Toast[] {
  return [...toasts.filter((t) => t.key !== toast.key), toast].slice(-MAX_TOASTS);
}

/**
 * The error-toast clearing rule, as defined for this product: a pass removes error toasts whose time is up.
 * Passes run every SWEEP_INTERVAL_MS, SWEEP_TIMES times after each error toast, so no error toast outlives its time
 * by more than a second even when its own timer was delayed (a tab in the background, a frozen page).
 */
export function sweepToasts(toasts: readonly Toast[], now: number): Toast[] {
  return toasts.filter((t) => !t.error || t.expiresAt === null || t.expiresAt > now);
}

type Listener = () => void;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
let sweepTimer: ReturnType<typeof setInterval> | null = null;

function set(next: Toast[]) {
  if (next.length === toasts.length && next.every((t, i) => t === toasts[i])) return;
  toasts = next;
  for (const listener of listeners) listener();
}

function startSweeps() {
  if (sweepTimer) clearInterval(sweepTimer);
  let runs = 0;
  sweepTimer = setInterval(() => {
    set(sweepToasts(toasts, Date.now()));
    runs += 1;
    if (runs >= SWEEP_TIMES && sweepTimer) {
      clearInterval(sweepTimer);
      sweepTimer = null;
    }
  }, SWEEP_INTERVAL_MS);
}

export function showToast(toast: Omit<Toast, "id" | "expiresAt"> & { durationMs: number | null }): number {
  const { durationMs, ...rest } = toast;
  const id = nextId++;
  const expiresAt = durationMs === null ? null : Date.now() + durationMs;
  set(addToast(toasts, { ...rest, id, expiresAt }));
  if (durationMs !== null) setTimeout(() => dismissToast(id), durationMs);
  if (toast.error) startSweeps();
  return id;
}

export function dismissToast(id: number): void {
  set(toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}

const NONE: readonly Toast[] = [];
/** The server renders an empty region. */
export function serverToasts(): readonly Toast[] {
  return NONE;
}
