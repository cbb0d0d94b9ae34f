// Web push rules shared by the browser layer and the edge (docs/behaviour/firebase.md#notification-prompt,
// #push-token, #push-bind). Plain functions: no Firebase, no DOM.
import { announcementPopupPending } from "~/announcements/on-page";

/** The edge's answer to POST /m/push (app/routes/m.push.tsx): done, or why not. */
export type PushReply = { ok: true } | { ok: false; reason: "invalid" | "not-logged-in" | "platform" };

/** What the page can tell without loading anything (docs/behaviour/firebase.md#notification-prompt). */
export type PromptFacts = {
  /** Notification, PushManager and a registration of the product's service worker. */
  supported: boolean;
  /** A logged-in member (push binds to a member; a visitor is never asked). */
  member: boolean;
  /** The merchant has a push key. */
  vapidKey: boolean;
  /** FCM_skipNotification is set this session. */
  skipped: boolean;
  permission: NotificationPermission;
};

/**
 * What the push layer does on a member's page: nothing, ask with the product's prompt, get and bind the token without
 * asking (permission already granted), or tell a player who blocked notifications how to allow them (once a session).
 */
export type PushStep = "none" | "prompt" | "token" | "denied-notice";

export function pushStep(facts: PromptFacts): PushStep {
  if (!facts.vapidKey || !facts.supported || !facts.member) return "none";
  // Already granted: the token is kept bound whatever the session flag says; there is nothing to ask.
  if (facts.permission === "granted") return "token";
  if (facts.skipped) return "none";
  return facts.permission === "default" ? "prompt" : "denied-notice";
}

/** What the browser has stored: the device token and the member it is bound to. */
export type StoredPush = { token: string | null; boundMember: string | null };

export type BindPlan = {
  /** Bind the token to the member and subscribe it to topic ALL. */
  bind: boolean;
  /** A token the platform still has bound that the SDK replaced: unsubscribe it. */
  unsubscribe: string | null;
};

/**
 * Once per member and token (docs/behaviour/firebase.md#push-bind): a page with the same token and member binds nothing;
 * a renewed or re-created token, or another member, binds again, and a replaced token that was bound is dropped.
 */
export function bindPlan(stored: StoredPush, member: string, token: string): BindPlan {
  const replaced = stored.token !== null && stored.token !== token && stored.boundMember !== null ? stored.token : null;
  return { bind: stored.token !== token || stored.boundMember !== member, unsubscribe: replaced };
}

/** Without a session (logged out, session lost): the token bound to the last member is unsubscribed, or nothing. */
export function unbindPlan(stored: StoredPush): string | null {
  return stored.boundMember !== null && stored.token !== null ? stored.token : null;
}

/**
 * The decisions on <html data-…> that matter to the prompt: the shell's (app/shell/shell-state.ts) and the
 * announcement popup's (app/announcements/AnnouncementPopup.tsx).
 */
export type ShellOverlays = { announcementPopup?: string; imagePopup?: string; installPrompt?: string; upgradeModal?: string };

/**
 * Another modal is on screen or about to be (docs/decisions/0056-web-push.md): an open <dialog> (a notice, the download
 * popup), the announcement popup waiting for its list or shown (or, on a page that has announcements, `popupOnPage`,
 * not yet decided: the popup writes its decision once its stored state is read), the image popup counting down or
 * shown, the install prompt loading, waiting or shown, the app-upgrade modal. The prompt waits until none is.
 */
export function otherModalPending(openDialog: boolean, shell: ShellOverlays, popupOnPage = false): boolean {
  return (
    openDialog ||
    ["waiting", "shown"].includes(shell.announcementPopup ?? "") ||
    announcementPopupPending(popupOnPage, shell.announcementPopup) ||
    ["waiting", "due", "shown"].includes(shell.imagePopup ?? "") ||
    ["loading", "waiting", "modal", "sheet"].includes(shell.installPrompt ?? "") ||
    shell.upgradeModal === "shown"
  );
}
