import type { AppContext } from "../lib/context.server";
import { customerServiceFor, type MemberInfoRead } from "./support.server";
import { chatEnabled, miniGameEnabled, unreadCount } from "./chat.server";
import { NO_CHAT_MEMBER_TYPE } from "./chat";
import { miniGameScript } from "../minigame/minigame-script";

/**
 * What the footer needs on every normal page (docs/behaviour/support.md#cs-positions, #footer-nav, #unread-badge):
 * the help entry's address, whether the chat item shows, the member's unread count and whether the member may chat.
 */
export async function loadSupportData(context: AppContext, memberInfo: MemberInfoRead) {
  const { session } = context;
  const miniGameScriptUrl = miniGameScript(context.merchant.miniGame);
  const [customerServiceUrl, chat, miniGame] = await Promise.all([
    customerServiceFor(context, "HOME", memberInfo),
    chatEnabled(context),
    session.token && miniGameScriptUrl !== null ? miniGameEnabled(context) : false,
  ]);
  const unread = chat && session.token ? await unreadCount(context) : null;
  const info = await memberInfo;
  const type = info?.ok ? info.value.type : (session.info?.type ?? null);
  return {
    customerServiceUrl,
    chat: chat ? { unread } : null,
    /**
     * The mini-game box: members only, white-label flag MINIGAME3, and the script the merchant's config names
     * (docs/behaviour/support.md#minigame-box, #minigame-script); null: no box.
     */
    miniGame: miniGame && miniGameScriptUrl !== null ? { scriptUrl: miniGameScriptUrl } : null,
    /** "visitor", "restricted" (type 4: no chat) or "member". */
    viewer: !session.info ? "visitor" : type === NO_CHAT_MEMBER_TYPE ? "restricted" : "member",
  } as const;
}

export type SupportData = Awaited<ReturnType<typeof loadSupportData>>;
