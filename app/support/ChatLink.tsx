import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "~/i18n/translate";

// The footer navigation's chat item as it looks (docs/behaviour/support.md#footer-nav): a visitor gets only this (a plain
// link to the chat route); a member's behaviour (unread refresh, the delayed open) is in ./MemberChatItem.tsx, loaded
// only on a member's page (docs/behaviour/shell.md#script-budget).

export function NavIcon({ children }: { children: ReactNode }) {
  return (
    <svg className="footer-nav__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const CHAT_ICON = (
  <path
    fill="currentColor"
    d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 3.5V18a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v10h2v1.1L7.3 16H20V6H4Zm3 3h10v2H7V9Zm0 3h7v2H7v-2Z"
  />
);

type ChatLinkProps = {
  href: string;
  /** The unread badge's text (badgeText), or null for none. */
  badge: string | null;
  active?: boolean;
  /** A member's item (marked for app/ui/on-need.tsx: the page waits for its code before hydrating). */
  member?: boolean;
  /** A member's item whose unread refreshes are listened for: marked "live", a signal a test can wait for. */
  live?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

export function ChatLink({ href, badge, active = false, member = false, live = false, onClick }: ChatLinkProps) {
  const { t } = useTranslation();
  return (
    <>
      <a
        className={`footer-nav__link${active ? " footer-nav__link--active" : ""}`}
        href={href}
        onClick={onClick}
        aria-describedby={badge ? "chat-unread" : undefined}
        data-active={active ? "true" : undefined}
        data-member-chat={member ? (live ? "live" : "") : undefined}
      >
        <span className="footer-nav__icon-wrap">
          <NavIcon>{CHAT_ICON}</NavIcon>
          {badge ? (
            <span className="footer-nav__badge" aria-hidden="true">
              {badge}
            </span>
          ) : null}
        </span>
        <span className="footer-nav__label">{t("nav_chat")}</span>
      </a>
      <span id="chat-unread" className="visually-hidden" aria-live="polite">
        {badge ? t("chat_unread", { count: badge }) : ""}
      </span>
    </>
  );
}
