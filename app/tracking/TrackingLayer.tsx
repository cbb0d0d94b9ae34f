import { useLocation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useRootData } from "~/shell/root-data";
import type { DisplayMode } from "~/identity/device";
import { AD_PARAMS_KEY, dropExpiredAttribution, mirrorAttribution, REGISTER_INFO_KEY } from "./browser-mirror";
import type { ConsentChoice } from "./consent.server";
import { ConsentBanner } from "./ConsentBanner";
import { sendToNativeBridges, storageBridgeSet, type BridgeWindow } from "./native-bridges";
import { createPixelHub, type PixelWindow } from "./pixels";
import { createReporter } from "./reporter";
import { applyStorageCompat } from "./storage-compat";
import { parseStringList } from "./stored-values";
import { readStorage, webStorage, writeStorage } from "~/shell/web-storage";

/** The edge's endpoints (app/routes/m.track.tsx, app/routes/m.consent.tsx). */
const TRACK_PATH = "/m/track";
const CONSENT_PATH = "/m/consent";
/** Session storage: event ids already given to the pixels and bridges. */
const FIRED_KEY = "trackFired";

/**
 * How the page was launched, by the same rule as the login and registration forms' hidden field (docs/decisions/0010):
 * a web clip, an installed web app, or a browser tab. Read only: the forms own the WEBCLIP key.
 */
function displayMode(): DisplayMode {
  const nav = navigator as Navigator & { standalone?: boolean };
  if (nav.standalone === true || readStorage("localStorage", "WEBCLIP") === "1") return "webclip";
  return ["standalone", "fullscreen", "minimal-ui"].some((mode) => matchMedia(`(display-mode: ${mode})`).matches)
    ? "standalone"
    : "browser";
}

function post(path: string, body: URLSearchParams): Promise<Response | null> {
  // keepalive: the event still leaves when the tap that caused it navigates away.
  return fetch(path, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => null);
}

function firedIds(): Set<string> {
  const raw = readStorage("sessionStorage", FIRED_KEY);
  return new Set(raw ? parseStringList(raw) : []);
}

/**
 * The tracking layer (docs/behaviour/tracking.md), loaded once the page is idle: never in the first visit's critical
 * path. It mirrors the attribution, reports the page's events, and — once allowed — loads the merchant's pixels and
 * gives them and the app shell's bridges every event with its eventID.
 */
export default function TrackingLayer() {
  const root = useRootData();
  const tracking = root?.tracking;
  const attribution = tracking?.attribution ?? null;
  const location = useLocation();
  const [consent, setConsent] = useState(tracking?.consent ?? "not-needed");

  const hub = useMemo(() => {
    const fired = firedIds();
    return createPixelHub({
      pixels: tracking?.pixels ?? [],
      win: window as PixelWindow,
      doc: document,
      nonce: root?.cspNonce,
      seen: (id) => fired.has(id),
      alsoTo: (event) => sendToNativeBridges(window as BridgeWindow, event),
      markSeen: (id) => {
        fired.add(id);
        // Storage refused: the set in memory still holds for this page.
        writeStorage("sessionStorage", FIRED_KEY, JSON.stringify([...fired].slice(-200)));
      },
    });
    // One hub per page load: the merchant's pixels do not change while the page lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reporter = useMemo(
    () =>
      createReporter({
        session: webStorage("sessionStorage"),
        local: webStorage("localStorage"),
        post: (body) => void post(TRACK_PATH, body),
        displayMode,
        onSent: ({ eventName, eventID, value }) =>
          hub.fire({ eventName, eventID, value: value.contentId ? { content_id: value.contentId } : {} }),
      }),
    [hub],
  );

  useEffect(() => {
    if (consent === "granted" || consent === "not-needed") hub.enable();
    else if (consent === "denied") hub.disable();
  }, [hub, consent]);

  // The edge's events since the last page (register, login, a game launch), for the pixels and bridges.
  const pending = tracking?.pending;
  useEffect(() => {
    for (const event of pending ?? []) hub.fire(event);
  }, [hub, pending]);

  useEffect(() => {
    const local = webStorage("localStorage");
    if (!local) return;
    const now = Date.now();
    dropExpiredAttribution(local, now);
    if (!attribution) return;
    mirrorAttribution(local, attribution, now);
    // The app shell's storage too, when there is one.
    for (const key of [REGISTER_INFO_KEY, AD_PARAMS_KEY]) {
      const value = local.getItem(key);
      if (value !== null) storageBridgeSet(window as BridgeWindow, key, value);
    }
  }, [attribution]);

  // The keys the platform's other apps read, when the merchant asks for them (refreshed with the root's data).
  const storageCompat = tracking?.storageCompat ?? null;
  useEffect(() => {
    applyStorageCompat(storageCompat, { session: webStorage("sessionStorage"), local: webStorage("localStorage") }, (key, value) =>
      storageBridgeSet(window as BridgeWindow, key, value),
    );
  }, [storageCompat]);

  // firstOpen once per device; viewContent once per history entry (a back navigation returns to one already counted).
  useEffect(() => {
    reporter.report("firstOpen", "firstOpen", "device");
  }, [reporter]);
  useEffect(() => {
    reporter.report("viewContent", `view:${location.key}:${location.pathname}${location.search}`, "tab", { contentId: location.pathname });
  }, [reporter, location.key, location.pathname, location.search]);

  // A download link's tap (data-track="downloadApp") and the browser's "installed" event.
  useEffect(() => {
    let taps = 0;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-track='downloadApp']") : null;
      if (link) reporter.report("downloadApp", `download:${Date.now()}:${(taps += 1)}`, "tab");
    };
    const onInstalled = () => reporter.report("a2hsInstalled", "a2hsInstalled", "device");
    document.addEventListener("click", onClick, true);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, [reporter]);

  if (consent !== "ask" || (tracking?.pixels.length ?? 0) === 0) return null;
  const choose = (choice: ConsentChoice) => {
    setConsent(choice);
    void post(CONSENT_PATH, new URLSearchParams({ choice }));
  };
  return <ConsentBanner onChoice={choose} />;
}
