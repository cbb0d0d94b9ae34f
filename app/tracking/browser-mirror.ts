// The browser's copy of the attribution the edge keeps (docs/behaviour/tracking.md#browser-mirror): web storage keys the
// platform's other same-origin apps and native shells read. The edge's cookies stay the source of truth.
import { storedExpiry } from "./stored-values";

export const AD_PARAMS_KEY = "adParams";
export const REGISTER_INFO_KEY = "registerInfo";
/** The ad cookies' lifetime, for the stored copy too. */
export const ATTRIBUTION_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export type MirroredAttribution = {
  affiliateCode?: string;
  referralCode?: string;
  originalDomain?: string;
  ads: Record<string, string>;
};

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function write(storage: KeyValueStorage, key: string, values: Record<string, string | undefined>, now: number): void {
  const present = Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => !!entry[1]));
  if (Object.keys(present).length === 0) return;
  storage.setItem(key, JSON.stringify({ ...present, expiresAt: now + ATTRIBUTION_TTL_MS }));
}

/** Writes both keys (each with its expiry); a storage that refuses (private mode, quota) is left alone. */
export function mirrorAttribution(storage: KeyValueStorage, attribution: MirroredAttribution, now: number): void {
  try {
    const { ads, ...codes } = attribution;
    write(storage, REGISTER_INFO_KEY, codes, now);
    write(storage, AD_PARAMS_KEY, ads, now);
  } catch {
    // Web storage unavailable: the edge's cookies still carry the attribution.
  }
}

/** Removes a stored copy past its expiry, or one that is not what this module writes. */
export function dropExpiredAttribution(storage: KeyValueStorage, now: number): void {
  for (const key of [AD_PARAMS_KEY, REGISTER_INFO_KEY]) {
    try {
      const raw = storage.getItem(key);
      if (raw === null) continue;
      const expiresAt = storedExpiry(raw);
      if (expiresAt === null || expiresAt <= now) storage.removeItem(key);
    } catch {
      try {
        storage.removeItem(key);
      } catch {
        // Web storage unavailable.
      }
    }
  }
}
