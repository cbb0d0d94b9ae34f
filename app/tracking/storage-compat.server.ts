// The storage-compatibility switch of the merchant route (docs/behaviour/tracking.md#storage-compat): what the browser
// keeps in web storage for the platform's other same-origin apps and native shells. Never the token
// (docs/decisions/0053).
import type { AppContext } from "../lib/context.server";
import type { MemberInfo } from "../.server/platform/member";
import type { PlatformResult } from "../.server/platform/outcomes";
import type { AdTrackingInfo } from "./ad-tracking";

export type StorageCompatData = {
  language: string;
  /** MC_SESSION_INFO, or null for a visitor (the key is removed). */
  session: { id: string; customerId: string; merchantCode: string; userName: string; firstTimeLogin: boolean } | null;
  /** memberInfo: the fields the other apps read, or null for a visitor. */
  memberInfo: {
    type: number | null;
    language: string | null;
    clubLabel: { labelName: string | null; type: string | null; rankLevel: number | null } | null;
  } | null;
  /** The stored ad-tracking info, each under its own local-storage key (docs/behaviour/tracking.md#ad-tracking-info). */
  adTracking?: AdTrackingInfo;
};

/** The keys' values for this page, or null when the merchant's switch is off (nothing is written or removed). */
export async function storageCompatData(
  context: AppContext,
  memberInfo: Promise<PlatformResult<MemberInfo> | null>,
): Promise<StorageCompatData | null> {
  if (!context.merchant.storageCompat) return null;
  const info = context.session.token ? context.session.info : null;
  const member = info ? await memberInfo : null;
  const value = member?.ok ? member.value : null;
  return {
    language: context.language,
    session: info
      ? { id: info.id, customerId: info.id, merchantCode: info.merchantCode, userName: info.userName, firstTimeLogin: info.firstTimeLogin }
      : null,
    memberInfo: info
      ? {
          type: value?.type ?? info.type,
          language: value?.language ?? null,
          clubLabel: value?.clubLabel
            ? {
                labelName: value.clubLabel.labelName ?? null,
                type: value.clubLabel.type ?? null,
                rankLevel: value.clubLabel.rankLevel ?? null,
              }
            : null,
        }
      : null,
  };
}
