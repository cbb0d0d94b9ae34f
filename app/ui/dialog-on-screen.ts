import { useEffect, useState } from "react";

/**
 * A dialog on screen over the page: any open <dialog> (a modal, or one in the server's HTML that the scripts will make
 * modal), except the announcement popup while it waits for its time (`data-appear-at`, hidden until `data-appeared`).
 * The same selector is in app/styles/home.css, where it pauses the marquee.
 */
const DIALOG_ON_SCREEN = "dialog[open]:not([data-appear-at]), dialog[open][data-appeared]";

/**
 * Whether a dialog covers the page: what pauses the home page's moving parts, which nobody can watch or reach behind it
 * (docs/behaviour/home.md#banners). False on the server and in the first browser render.
 */
export function useDialogOnScreen(): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const check = () => setOnScreen(document.querySelector(DIALOG_ON_SCREEN) !== null);
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["open", "data-appeared"],
    });
    check();
    return () => observer.disconnect();
  }, []);
  return onScreen;
}
