// Language sync (docs/behaviour/promotions.md#language-sync): on a member's page load the member's platform language
// (member info) is compared with the page's language and updated when they differ. Restricted members (type 4) keep
// theirs. Equal languages cost no call.
import type { AppContext } from "../lib/context.server";
import { updateMemberLanguage, type MemberInfo } from "../.server/platform/member";

/** Whether the platform must be told the page's language. */
export function needsLanguageSync(info: Pick<MemberInfo, "type" | "language">, pageLanguage: string): boolean {
  if (info.type === 4) return false;
  return (info.language ?? "").toUpperCase() !== pageLanguage.toUpperCase();
}

/** Tells the platform the page's language when it differs; true when it was updated. A failure is only logged. */
export async function syncMemberLanguage(context: Pick<AppContext, "platform" | "language">, info: MemberInfo): Promise<boolean> {
  if (!needsLanguageSync(info, context.language)) return false;
  const update = await updateMemberLanguage(context.platform, context.language);
  if (!update.ok) console.warn("[language-sync] the platform did not take the language", update.errorCode);
  return update.ok;
}
