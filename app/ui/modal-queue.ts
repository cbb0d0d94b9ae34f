// One modal at a time: a prompt that may appear at any moment (the web-push prompt, the install prompt) waits until the
// page's other modals are closed and none is on its way. What counts as "on its way" is each caller's rule, read from
// the decisions the page writes on <html data-…> (app/shell/shell-state.ts, the announcement popup's).

/** Attributes whose change may end the wait. */
const WATCHED = ["open", "data-announcement-popup", "data-image-popup", "data-install-prompt", "data-upgrade-modal"];

/**
 * Resolves true once `pending(openDialog, decisions)` is false, or false once `cancelled()` is true (checked on each
 * change). `openDialog`: an open <dialog> anywhere on the page.
 */
export function whenNoOtherModal(
  pending: (openDialog: boolean, decisions: DOMStringMap) => boolean,
  cancelled: () => boolean,
): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (cancelled()) {
        observer.disconnect();
        resolve(false);
      } else if (!pending(document.querySelector("dialog[open]") !== null, document.documentElement.dataset)) {
        observer.disconnect();
        resolve(true);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: WATCHED });
    check();
  });
}
