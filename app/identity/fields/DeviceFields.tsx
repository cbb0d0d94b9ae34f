import { useEffect, useState } from "react";
import type { DisplayMode } from "~/identity/device";

/** How this page was launched: an iOS web clip, an installed web app, or a browser tab (docs/decisions/0010). */
function detectDisplayMode(): DisplayMode {
  const nav = navigator as Navigator & { standalone?: boolean };
  let webclip = nav.standalone === true;
  try {
    // The WEBCLIP storage key: set when the page was opened with ?WEBCLIP (the web clip's start URL).
    if (new URLSearchParams(location.search).has("WEBCLIP")) localStorage.setItem("WEBCLIP", "1");
    webclip ||= localStorage.getItem("WEBCLIP") === "1";
  } catch {
    // Storage blocked: the navigator flag alone decides.
  }
  if (webclip) return "webclip";
  const installed = ["standalone", "fullscreen", "minimal-ui"].some((mode) => matchMedia(`(display-mode: ${mode})`).matches);
  return installed ? "standalone" : "browser";
}

/**
 * Hidden inputs the login and two-factor forms post: the device id (MD5 of the browser fingerprint, computed by a
 * module loaded on demand), how the page was launched, iPadOS-in-desktop-mode, and js=1 (JavaScript ran).
 * Without JavaScript they stay empty and the edge works the values out itself.
 */
export function DeviceFields() {
  const [values, setValues] = useState({ loginDeviceId: "", displayMode: "", touchMac: "", js: "" });
  useEffect(() => {
    let live = true;
    setValues((v) => ({
      ...v,
      displayMode: detectDisplayMode(),
      touchMac: /Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1 ? "1" : "",
      js: "1",
    }));
    import("~/identity/device-fingerprint")
      .then(({ browserDeviceId }) => {
        if (live) setValues((v) => ({ ...v, loginDeviceId: browserDeviceId() }));
      })
      .catch(() => {
        // The edge computes a device id when none arrives.
      });
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      <input type="hidden" name="loginDeviceId" value={values.loginDeviceId} />
      <input type="hidden" name="displayMode" value={values.displayMode} />
      <input type="hidden" name="touchMac" value={values.touchMac} />
      <input type="hidden" name="js" value={values.js} />
    </>
  );
}
