import { NavLink, useLocation } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";
import { onNeed } from "~/ui/on-need";
import { useTranslation } from "~/i18n/translate";
import { badgeText, CHAT_NOTICE_PARAM, chatHref } from "./chat";
import { ChatLink, NavIcon as Icon } from "./ChatLink";
import MemberChatItemOnServer from "./MemberChatItem";
import type { SupportData } from "./support-data.server";

// The footer navigation on every normal page: home, promotions, chat (white-label flag CBS3), member
// (docs/behaviour/support.md#footer-nav). Icons are inline SVG; the current page's item has aria-current="page".

const HOME_ICON = <path fill="currentColor" d="M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3L12 3Z" />;
const GIFT_ICON = (
  <path
    fill="currentColor"
    d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 2-1ZM9 5a1 1 0 0 1 2 1v1H9a1 1 0 0 1 0-2ZM5 9h6v2H5V9Zm1 4h5v6H6v-6Zm7 6v-6h5v6h-5Zm6-8h-6V9h6v2Z"
  />
);
const MEMBER_ICON = (
  <path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
);

// A member's chat item is rendered directly by the server and loaded on need in the browser (only members have it;
// docs/behaviour/shell.md#script-budget). A member's page waits for it before hydrating (a tap then would follow the
// plain link); the plain link stands in when it first appears after hydration (a login), looking the same.
const MemberChatItem = import.meta.env.SSR
  ? MemberChatItemOnServer
  : onNeed(() => import("./MemberChatItem").then((module) => module.default), "[data-member-chat]").Component;

function ChatItem({ support, from }: { support: SupportData; from: string }) {
  const href = chatHref(from);
  const member = support.viewer !== "visitor";
  // A visitor follows the plain link: the chat route sends them to log in and back (docs/behaviour/support.md#chat-link).
  const link = <ChatLink href={href} badge={badgeText(support.chat?.unread ?? null)} member={member} />;
  if (!member) return link;
  return (
    <Suspense fallback={link}>
      <MemberChatItem support={support} href={href} />
    </Suspense>
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
        {/* Its columns from the item count, so a partly parsed list never spreads its first items (support.css). */}
        <ul className={support.chat ? "footer-nav__list" : "footer-nav__list footer-nav__list--3"}>
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
