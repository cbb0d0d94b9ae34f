import { useLocation } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { useRootData } from "~/shell/root-data";
import { detectDisplayMode } from "~/identity/fields/DeviceFields";
import { dropExpiredAttribution, mirrorAttribution } from "./browser-mirror";
import { createReporter } from "./reporter";

/** The edge's tracking endpoint (app/routes/m.track.tsx). */
const TRACK_PATH = "/m/track";

function storage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function post(body: URLSearchParams): void {
  // keepalive: the event still leaves when the click that caused it navigates away.
  void fetch(TRACK_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}

/**
 * The tracking layer (docs/behaviour/tracking.md), loaded once the page is idle: never in the first visit's critical path.
 */
export default function TrackingLayer() {
  const tracking = useRootData()?.tracking;
  const attribution = tracking?.attribution ?? null;
  const location = useLocation();
  const reporter = useMemo(
    () => createReporter({ session: storage("sessionStorage"), local: storage("localStorage"), post, displayMode: detectDisplayMode }),
    [],
  );

  useEffect(() => {
    const local = storage("localStorage");
    if (!local) return;
    const now = Date.now();
    dropExpiredAttribution(local, now);
    if (attribution) mirrorAttribution(local, attribution, now);
  }, [attribution]);

  // firstOpen once per device; viewContent once per history entry (a back navigation returns to one already counted).
  useEffect(() => {
    reporter.report("firstOpen", "firstOpen", "device");
  }, [reporter]);
  useEffect(() => {
    reporter.report("viewContent", `view:${location.key}:${location.pathname}${location.search}`, "tab", { contentId: location.pathname });
  }, [reporter, location.key, location.pathname, location.search]);

  // A download link's click (data-track="downloadApp") and the browser's "installed" event.
  useEffect(() => {
    let clicks = 0;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-track='downloadApp']") : null;
      if (link) reporter.report("downloadApp", `download:${Date.now()}:${(clicks += 1)}`, "tab");
    };
    const onInstalled = () => reporter.report("a2hsInstalled", "a2hsInstalled", "device");
    document.addEventListener("click", onClick, true);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, [reporter]);

  return null;
}
