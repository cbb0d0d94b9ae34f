import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import { CacheNone } from "../.server/platform/data";
import { getSiteSettings } from "../.server/platform/site";
import { chatLanguage } from "./chat";

// The platform's chat calls (docs/platform-contract.md, "Chat"; docs/behaviour/support.md#chat-link).

/** White-label flag CBS3: the chat item is shown. A failed settings read hides it. */
export async function chatEnabled(context: AppContext): Promise<boolean> {
  const settings = await getSiteSettings(context.platform);
  return settings.ok && settings.value.flags.chat;
}

/** White-label flag MINIGAME3: the mini-game box is shown to members. A failed settings read hides it. */
export async function miniGameEnabled(context: AppContext): Promise<boolean> {
  const settings = await getSiteSettings(context.platform);
  return settings.ok && settings.value.flags.miniGame;
}

/** The chat's address for the member, or null when the platform failed or answered anything but an http(s) URL. */
export async function launchChat(context: AppContext, backUrl: string): Promise<string | null> {
  const result = await context.platform.call("/wps/relay/CBS_launchChat", z.string().max(4096), {
    query: {
      b2c: "1",
      title: context.merchant.brand.name,
      backUrl,
      headerColor: context.merchant.brand.themeColor,
      language: chatLanguage(context.language),
    },
    cache: CacheNone(),
  });
  if (!result.ok) return null;
  try {
    const url = new URL(result.value);
    if (url.protocol === "http:" || url.protocol === "https:") return url.toString();
  } catch {
    // not a URL
  }
  console.error("[chat] CBS_launchChat answered something that is not an http(s) URL");
  return null;
}

/**
 * The member's unread chat messages (`value.unReadCount`), never shared between members; null when unknown.
 * `sessionEnd: "report"` for the badge's own refresh: a background poll does not end the session by itself.
 */
export async function unreadCount(context: AppContext, options: { sessionEnd?: "end" | "report" } = {}): Promise<number | null> {
  const result = await context.platform.call(
    "/wps/relay/CBS_unreadCount",
    z.object({ unReadCount: z.number().int().min(0).max(1_000_000) }),
    { cache: CacheNone(), sessionEnd: options.sessionEnd ?? "end", timeoutMs: 5_000 },
  );
  return result.ok ? result.value.unReadCount : null;
}
