import { LoadWhenIdle } from "./LoadWhenIdle";

const loadOverlays = () => import("./PwaOverlays");

/**
 * Mounted on every page by ShellOverlays: the app-like layer (service worker, toasts, spinner, update alert), loaded
 * once the page is idle so none of it is in the first load.
 */
export function PwaShell() {
  return <LoadWhenIdle load={loadOverlays} />;
}
