import { useCallback, useEffect, useState } from "react";
import { useRootData } from "~/shell/root-data";
import { ToastRegion } from "~/shell/network/ToastRegion";
import { startNetworkMonitor } from "~/shell/network/monitor";
import { letBrowserNavigateWhenOffline } from "~/shell/network/offline-links";
import { registerServiceWorker } from "~/shell/sw/register";
import { warmWorker } from "~/shell/sw/warm";
import { startUpdateCheck } from "~/shell/update/update-check";
import { LoadingSpinner } from "./LoadingSpinner";
import { UpdateAlert } from "./UpdateAlert";

/**
 * The app-like layer, loaded once the page is idle (app/shell/pwa/PwaShell.tsx): the service worker's
 * registration, toasts, the navigation spinner, the update alert, and the watchers behind them
 * (docs/decisions/0016-service-worker.md).
 */
export default function PwaOverlays() {
  const data = useRootData();
  const [updateFound, setUpdateFound] = useState(false);
  const closeUpdate = useCallback(() => setUpdateFound(false), []);
  const domains = data?.shell.network.domains;
  const language = data?.language ?? "EN";
  const who = data?.member?.userName ?? "";

  // Once per page load: the service worker (not in the native app or Line, where old ones are removed), the ping and
  // offline toasts, and (in the built product only) the update check.
  useEffect(() => void registerServiceWorker(), []);
  useEffect(() => startNetworkMonitor({ domains: domains ?? [] }), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => (import.meta.env.PROD ? startUpdateCheck({ onUpdate: () => setUpdateFound(true) }) : undefined), []);
  useEffect(() => letBrowserNavigateWhenOffline(), []);
  useEffect(() => {
    void warmWorker({ language, who }).catch(() => undefined);
  }, [language, who]);

  return (
    <>
      <ToastRegion />
      <LoadingSpinner brandName={data?.brand.name ?? ""} />
      {updateFound ? <UpdateAlert onClose={closeUpdate} /> : null}
    </>
  );
}
