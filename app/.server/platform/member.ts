import { z } from "zod";
import type { PlatformClient } from "./client";
import { CacheNone } from "./data";
import type { LanguageCode } from "../../i18n/languages";

export const memberInfoSchema = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    userName: z.string().max(64).nullish(),
    /** -1 guest, 4 restricted (no chat), 0/1/2 may see the go-to-activity button. */
    type: z.number().int(),
    language: z.string().max(8).nullish(),
    clubLabel: z.object({ labelName: z.string().nullish(), type: z.string().nullish(), rankLevel: z.number().nullish() }).nullish(),
    /** Assumed fields (docs/platform-contract.md): a change is due; absent means no. */
    passwordExpired: z.boolean().nullish(),
    defaultPassword: z.boolean().nullish(),
  })
  .passthrough();
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export function getMemberInfo(platform: PlatformClient) {
  // The root loader and a member page's loader both ask: once per request, never shared.
  return platform.call("/wps/member/info", memberInfoSchema, { cache: CacheNone() });
}

export function updateMemberLanguage(platform: PlatformClient, language: LanguageCode) {
  return platform.call("/wps/member/language", z.unknown(), { method: "POST", body: { language } });
}
