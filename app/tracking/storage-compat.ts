// Writes the storage-compatibility keys in the browser (docs/behaviour/tracking.md#storage-compat): MC_SESSION_INFO and
// memberInfo in session storage, language in local storage, and the same to the native app's storage bridge.
// Written on every page (so after a login and a language change), removed for a visitor (after a logout or a lost
// session). With the merchant's switch off the edge sends nothing and nothing is touched. The stored ad-tracking info
// goes to local storage under its own names, written and never removed (docs/behaviour/tracking.md#ad-tracking-info).
import type { StorageCompatData } from "./storage-compat.server";

export const MC_SESSION_INFO_KEY = "MC_SESSION_INFO";
export const MEMBER_INFO_KEY = "memberInfo";
export const LANGUAGE_KEY = "language";

type Store = Pick<Storage, "setItem" | "removeItem">;

export function applyStorageCompat(
  data: StorageCompatData | null,
  stores: { session: Store | null; local: Store | null },
  bridge: (key: string, value: string | null) => void = () => undefined,
): void {
  if (!data) return;
  const put = (store: Store | null, key: string, value: string | null) => {
    try {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    } catch {
      // Full or blocked storage: the other app reads nothing, as without this switch.
    }
    bridge(key, value);
  };
  put(stores.session, MC_SESSION_INFO_KEY, data.session ? JSON.stringify(data.session) : null);
  put(stores.session, MEMBER_INFO_KEY, data.memberInfo ? JSON.stringify(data.memberInfo) : null);
  put(stores.local, LANGUAGE_KEY, data.language);
  for (const [key, value] of Object.entries(data.adTracking ?? {})) if (value) put(stores.local, key, value);
}
