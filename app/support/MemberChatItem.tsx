import { useEffect, useRef, useState, type MouseEvent } from "react";
import { badgeText, CHAT_ACTIVE_MS, CHAT_REDIRECT_MS, NO_PERMISSION_TOAST_MS, UNREAD_PATH, UNREAD_REFRESH_MS } from "./chat";
import { ChatLink } from "./ChatLink";
import type { SupportData } from "./support-data.server";

/**
 * The member's unread count: the server's, then refreshed on focus, on becoming visible and every UNREAD_REFRESH_MS;
 * and whether those refreshes are listened for yet (until then, coming back to the window changes nothing).
 */
function useUnreadCount(initial: number | null): { count: number | null; listening: boolean } {
  const [count, setCount] = useState(initial);
  const [listening, setListening] = useState(false);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    let stopped = false;
    // Refreshes can overlap (focus, visible again, the timer): only the latest one's answer is shown, so a slow earlier
    // answer never puts back a count that has since changed.
    let latest = 0;
    const refresh = async () => {
      if (document.visibilityState !== "visible") return;
      const asked = ++latest;
      try {
        const reply = await fetch(UNREAD_PATH, { headers: { Accept: "application/json" }, cache: "no-store" });
        if (!reply.ok) return;
        const { unreadReplySchema } = await import("./unread-reply");
        const parsed = unreadReplySchema.safeParse(await reply.json());
        if (parsed.success && !stopped && asked === latest) setCount(parsed.data.count);
      } catch {
        // offline or a nonsense reply: keep what is shown
      }
    };
    const onVisible = () => void refresh();
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    const timer = setInterval(onVisible, UNREAD_REFRESH_MS);
    setListening(true);
    return () => {
      stopped = true;
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(timer);
    };
  }, []);
  return { count, listening };
}

/**
 * A member's chat item (docs/behaviour/support.md#chat-link): the unread badge kept fresh; a tap highlights the item and
 * opens the chat after CHAT_REDIRECT_MS; a member who may not chat gets the "no permissions" toast instead.
 */
export default function MemberChatItem({ support, href }: { support: SupportData; href: string }) {
  const [active, setActive] = useState(false);
  const busy = useRef(false);
  const { count, listening } = useUnreadCount(support.chat?.unread ?? null);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (support.viewer === "restricted") {
      // The toasts' code comes with this tap, not with every member's page (docs/behaviour/shell.md#script-budget).
      // Offline it cannot come, and the tap shows nothing.
      void import("~/shell/network/toasts")
        .then(({ showToast }) => showToast({ key: "chat_no_permissions", error: false, durationMs: NO_PERMISSION_TOAST_MS }))
        .catch(() => undefined);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setActive(true);
    setTimeout(() => setActive(false), CHAT_ACTIVE_MS);
    setTimeout(() => {
      busy.current = false;
      window.location.assign(href);
    }, CHAT_REDIRECT_MS);
  };

  return <ChatLink href={href} badge={badgeText(count)} active={active} member live={listening} onClick={onClick} />;
}
