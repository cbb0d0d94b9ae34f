import { LoadLater } from "~/shell/later/LoadLater";

const loadOverlays = () => import("./PwaOverlays");

/**
 * Mounted on every page by ShellOverlays: the app-like layer (service worker, toasts, spinner, update alert), loaded
 * once the player first touches the page or 10 s in (app/shell/later/first-interaction.ts), so none of it is in a
 * first visit's first seconds.
 */
export function PwaShell() {
  return <LoadLater load={loadOverlays} />;
}
