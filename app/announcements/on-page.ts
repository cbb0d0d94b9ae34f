// Whether a page carries the announcement popup, for the shell's other modals that wait for it
// (docs/behaviour/install.md#one-modal-at-a-time). Its own module: the install prompts' chunk needs only this, and
// importing the popup's rules there would split them out of the home page's chunk.

/** Whether the page carries an announcement popup (the home route's data has one): what other modals wait for. */
export function pageHasAnnouncements(matches: readonly { data: unknown }[]): boolean {
  return matches.some((match) => {
    const data = match.data as { announcements?: unknown } | null | undefined;
    return typeof data === "object" && data !== null && data.announcements != null;
  });
}

/**
 * Whether the popup of a page that has one (`popupOnPage`) has not decided yet or is on screen, by its decision on
 * <html data-announcement-popup> (written once its stored state is read): what the other modals wait for.
 */
export function announcementPopupPending(popupOnPage: boolean, decision: string | undefined): boolean {
  return popupOnPage && !["none", "closed"].includes(decision ?? "");
}
