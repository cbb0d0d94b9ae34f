// The browser's web storage, read and written without ever throwing: storage can be blocked (private mode, a sandboxed
// frame, a policy) or full, and a flag that does not persist must never break the page. Browser only.

export type StorageKind = "localStorage" | "sessionStorage";

/** The storage object, or null where reading `window.localStorage` itself throws. */
export function webStorage(kind: StorageKind): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return webStorage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes the value, or removes the key for null; a refusal (full, blocked) is ignored. */
export function writeStorage(kind: StorageKind, key: string, value: string | null): void {
  try {
    if (value === null) webStorage(kind)?.removeItem(key);
    else webStorage(kind)?.setItem(key, value);
  } catch {
    // Full or blocked storage: the value just does not persist.
  }
}
