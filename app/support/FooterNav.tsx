import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translate";
import { showToast } from "~/shell/network/toasts";
import {
  badgeText,
  CHAT_ACTIVE_MS,
  CHAT_NOTICE_PARAM,
  CHAT_REDIRECT_MS,
  chatHref,
  NO_PERMISSION_TOAST_MS,
  UNREAD_PATH,
  UNREAD_REFRESH_MS,
} from "./chat";
import type { SupportData } from "./support-data.server";

// The footer navigation on every normal page: home, promotions, chat (white-label flag CBS3), member
// (docs/behaviour/support.md#footer-nav). Icons are inline SVG; the current page's item has aria-current="page".

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="footer-nav__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const HOME_ICON = <path fill="currentColor" d="M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3L12 3Z" />;
const GIFT_ICON = (
  <path
    fill="currentColor"
    d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 2-1ZM9 5a1 1 0 0 1 2 1v1H9a1 1 0 0 1 0-2ZM5 9h6v2H5V9Zm1 4h5v6H6v-6Zm7 6v-6h5v6h-5Zm6-8h-6V9h6v2Z"
  />
);
const CHAT_ICON = (
  <path
    fill="currentColor"
    d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 3.5V18a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v10h2v1.1L7.3 16H20V6H4Zm3 3h10v2H7V9Zm0 3h7v2H7v-2Z"
  />
);
const MEMBER_ICON = (
  <path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
);

/** The member's unread count: the server's, then refreshed on focus, on becoming visible and every UNREAD_REFRESH_MS. */
function useUnreadCount(initial: number | null, member: boolean): number | null {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!member) return;
    let stopped = false;
    const refresh = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const reply = await fetch(UNREAD_PATH, { headers: { Accept: "application/json" }, cache: "no-store" });
        if (!reply.ok) return;
        const { unreadReplySchema } = await import("./unread-reply");
        const parsed = unreadReplySchema.safeParse(await reply.json());
        if (parsed.success && !stopped) setCount(parsed.data.count);
      } catch {
        // offline or a nonsense reply: keep what is shown
      }
    };
    const onVisible = () => void refresh();
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    const timer = setInterval(onVisible, UNREAD_REFRESH_MS);
    return () => {
      stopped = true;
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(timer);
    };
  }, [member]);
  return count;
}

function ChatItem({ support, from }: { support: SupportData; from: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const busy = useRef(false);
  const count = useUnreadCount(support.chat?.unread ?? null, support.viewer !== "visitor");
  const text = badgeText(count);
  const href = chatHref(from);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // A visitor follows the plain link: the chat route sends them to log in and back (docs/behaviour/support.md#chat-link).
    if (support.viewer === "visitor") return;
    event.preventDefault();
    if (support.viewer === "restricted") {
      showToast({ key: "chat_no_permissions", error: false, durationMs: NO_PERMISSION_TOAST_MS });
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

  return (
    <>
      <a
        className={`footer-nav__link${active ? " footer-nav__link--active" : ""}`}
        href={href}
        onClick={onClick}
        aria-describedby={text ? "chat-unread" : undefined}
        data-active={active ? "true" : undefined}
      >
        <span className="footer-nav__icon-wrap">
          <Icon>{CHAT_ICON}</Icon>
          {text ? (
            <span className="footer-nav__badge" aria-hidden="true">
              {text}
            </span>
          ) : null}
        </span>
        <span className="footer-nav__label">{t("nav_chat")}</span>
      </a>
      <span id="chat-unread" className="visually-hidden" aria-live="polite">
        {text ? t("chat_unread", { count: text }) : ""}
      </span>
    </>
  );
}

function Item({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <NavLink to={to} className={({ isActive }) => `footer-nav__link${isActive ? " footer-nav__link--current" : ""}`}>
      <Icon>{icon}</Icon>
      <span className="footer-nav__label">{label}</span>
    </NavLink>
  );
}

export function FooterNav({ support }: { support: SupportData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const notice = search.get(CHAT_NOTICE_PARAM);
  search.delete(CHAT_NOTICE_PARAM);
  const query = search.toString();
  const from = location.pathname + (query ? `?${query}` : "");
  return (
    <>
      <div className="footer-nav-spacer" aria-hidden="true" />
      <nav className="footer-nav" aria-label={t("nav_label")}>
        {notice === "denied" || notice === "failed" ? (
          <p className="footer-nav__notice" role="status">
            {t(notice === "denied" ? "chat_no_permissions" : "chat_unavailable")}
          </p>
        ) : null}
        <ul className="footer-nav__list">
          <li>
            <Item to="/m/home" icon={HOME_ICON} label={t("nav_home")} />
          </li>
          <li>
            <Item to="/m/activity" icon={GIFT_ICON} label={t("nav_promotions")} />
          </li>
          {support.chat ? (
            <li>
              <ChatItem support={support} from={from} />
            </li>
          ) : null}
          <li>
            <Item to="/m/member/home" icon={MEMBER_ICON} label={t("nav_member")} />
          </li>
        </ul>
      </nav>
    </>
  );
}
