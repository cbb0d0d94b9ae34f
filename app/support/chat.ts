// Chat rules shared by the browser and the server (docs/behaviour/support.md#chat-link).
import type { LanguageCode } from "~/i18n/languages";

/** The edge route the footer's chat item links to; it does the checks and redirects (works without JavaScript). */
export const CHAT_PATH = "/m/chat";
/** The JSON the badge refreshes from. */
export const UNREAD_PATH = "/m/chat-unread";
/** Query flag the chat route adds when it sends a member back: "denied" (type 4) or "failed". */
export const CHAT_NOTICE_PARAM = "chat";

/** The member type that may not chat. */
export const NO_CHAT_MEMBER_TYPE = 4;

/** How long the chat item stays highlighted after a click, and when the browser goes to the chat. */
export const CHAT_ACTIVE_MS = 750;
export const CHAT_REDIRECT_MS = 500;
/** The 'no permissions' toast's time on screen. */
export const NO_PERMISSION_TOAST_MS = 2000;
/** The unread badge refreshes this often while the page is visible (decision 0045), and on focus. */
export const UNREAD_REFRESH_MS = 60_000;

/** The chat's language parameter: the page language, with Chinese (traditional too) as CN. */
export function chatLanguage(language: LanguageCode): string {
  return language === "TW" ? "CN" : language;
}

/** The chat route's address for a page: where to come back to is the page itself. */
export function chatHref(fromPath: string): string {
  return `${CHAT_PATH}?${new URLSearchParams({ from: fromPath }).toString()}`;
}

/** What the badge shows: nothing at 0 (or unknown), the count up to 99, then "99+". */
export function badgeText(count: number | null): string | null {
  if (count === null || count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
