import type { AppContext } from "../lib/context";
import { customerServiceFor, type MemberInfoRead } from "./support.server";
import { chatEnabled, miniGameEnabled, unreadCount } from "./chat.server";
import { NO_CHAT_MEMBER_TYPE } from "./chat";

/**
 * What the footer needs on every normal page (docs/behaviour/support.md#cs-positions, #footer-nav, #unread-badge):
 * the help entry's address, whether the chat item shows, the member's unread count and whether the member may chat.
 */
export async function loadSupportData(context: AppContext, memberInfo: MemberInfoRead) {
  const { session } = context;
  const [customerServiceUrl, chat, miniGame] = await Promise.all([
    customerServiceFor(context, "HOME", memberInfo),
    chatEnabled(context),
    session.token ? miniGameEnabled(context) : false,
  ]);
  const unread = chat && session.token ? await unreadCount(context) : null;
  const info = await memberInfo;
  const type = info?.ok ? info.value.type : (session.info?.type ?? null);
  return {
    customerServiceUrl,
    chat: chat ? { unread } : null,
    /** The mini-game box: members only, white-label flag MINIGAME3 (docs/behaviour/support.md#minigame-box). */
    miniGame,
    /** "visitor", "restricted" (type 4: no chat) or "member". */
    viewer: !session.info ? "visitor" : type === NO_CHAT_MEMBER_TYPE ? "restricted" : "member",
  } as const;
}

export type SupportData = Awaited<ReturnType<typeof loadSupportData>>;
