// When the install prompts show, and the WEBCLIP rule (docs/behaviour/install.md#install-prompt,
// docs/behaviour/install.md#webclip-flag; docs/decisions/0017).
// Pure functions: the browser facts are read by ~/shell/client-mode and passed in.
import { isIosBelow, type IosVersion } from "~/identity/device";
import { announcementPopupPending } from "~/announcements/on-page";

/** sessionStorage: the visitor closed an install prompt in this session. */
export const SKIP_INSTALL_KEY = "PWA_skipA2HS";

/** The install prompts show only on /m/home or /m/index.html. */
export const INSTALL_PROMPT_PATHS: readonly string[] = ["/m/home", "/m/index.html"];

export type SiteStateKind = "open" | "maintenance" | "access-denied" | "domain-unavailable";

export type InstallConditions = {
  pathname: string;
  siteState: SiteStateKind;
  /** Inside the native app shell. */
  nativeApp: boolean;
  /** Already an installed web app (standalone display, navigator.standalone, or launched from the home screen). */
  installed: boolean;
  /** White-label PWA3 (absent means on). */
  enabled: boolean;
  /** PWA_skipA2HS is set: declined in this session. */
  skipped: boolean;
};

/** The conditions for any install prompt, before the browser's install event (or iOS Safari) comes into it. */
export function installPromptAllowed(c: InstallConditions): boolean {
  return (
    INSTALL_PROMPT_PATHS.includes(c.pathname) &&
    c.siteState !== "maintenance" &&
    c.siteState !== "access-denied" &&
    !c.nativeApp &&
    !c.installed &&
    c.enabled &&
    !c.skipped
  );
}

/** iOS has no install event: Safari users get the add-to-home-screen sheet under the same conditions. */
export function homeScreenSheetAllowed(c: InstallConditions & { iosSafari: boolean }): boolean {
  return c.iosSafari && installPromptAllowed(c);
}

export type SheetVariant = "share" | "legacy";

/** Share instructions from iOS 12.2; legacy tips below it (docs/behaviour/install.md#home-screen-sheet). */
export function sheetVariant(ios: IosVersion | null): SheetVariant {
  return isIosBelow(ios, 12, 2) ? "legacy" : "share";
}

/** A stored skip flag: "1" (ours) or "true" (the platform's other apps). */
export function isSkipValue(value: string | null): boolean {
  return value === "1" || value === "true";
}

/**
 * The WEBCLIP storage value (docs/behaviour/install.md#webclip-flag): "0" when opened from the home screen with the
 * homescreen query (an installed web app, whose start URL carries it), "1" when running as an installed web app without
 * it (an iOS web clip, whose address comes from a configuration profile), null (leave it alone) in a browser tab.
 */
export function webclipFlag({ standalone, homescreen }: { standalone: boolean; homescreen: boolean }): "0" | "1" | null {
  if (homescreen) return "0";
  if (standalone) return "1";
  return null;
}

/** The page's decisions on <html data-…> that the prompts wait for (app/shell/shell-state.ts, the announcement popup's). */
export type OtherModals = { announcementPopup?: string; imagePopup?: string; upgradeModal?: string };

/**
 * One modal at a time (docs/behaviour/install.md#one-modal-at-a-time): a prompt that shows by itself waits while another
 * <dialog> is open, while the page's announcement popup (`popupOnPage`: the page has announcements) has not decided or is
 * on screen, and while the image-download popup or the app-upgrade modal is due or on screen.
 */
export function installPromptMustWait(openDialog: boolean, decisions: OtherModals, popupOnPage: boolean): boolean {
  return (
    openDialog ||
    announcementPopupPending(popupOnPage, decisions.announcementPopup) ||
    ["due", "shown"].includes(decisions.imagePopup ?? "") ||
    decisions.upgradeModal === "shown"
  );
}
