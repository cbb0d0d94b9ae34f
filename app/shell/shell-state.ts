// Decisions the shell makes in the browser after hydration, written on <html> as data attributes
// (data-download-overlays, data-image-popup, data-upgrade-modal, data-install-prompt, data-update-check,
// data-submit-lock). They change nothing a visitor sees: they let end-to-end tests and support tools tell "not shown,
// because it was decided so" from "not shown yet", without waiting a fixed time.
// Browser only: call it from effects, event handlers and timers, never while rendering.

export type ShellState = {
  /** DownloadShell: "none" when nothing needs the overlays' code; "ready" once it has loaded and made its checks. */
  downloadOverlays: "none" | "ready";
  /** The image-download popup: not armed on this page, counting down, due (loading), on screen, or finished. */
  imagePopup: "skipped" | "waiting" | "due" | "shown" | "done";
  /** The native app's upgrade modal: no offer, on screen, or closed. */
  upgradeModal: "none" | "shown" | "closed";
  /**
   * The install prompts: nothing to show, code loading, an install event held back by the rules, a prompt waiting for
   * the page's other modals, or what shows.
   */
  installPrompt: "none" | "loading" | "suppressed" | "waiting" | "modal" | "sheet";
  /** The last update check: the manifests' hash compared with the stored one, or not read (offline, server busy). */
  updateCheck: "first" | "same" | "changed" | "unread";
  /** Forms' double-submit lock (identity forms): "locked" while any form ignores submits, else "open". */
  submitLock: "locked" | "open";
};

export function markShellState<K extends keyof ShellState>(name: K, value: ShellState[K]): void {
  if (typeof document === "undefined") return;
  document.documentElement.dataset[name] = value;
}
