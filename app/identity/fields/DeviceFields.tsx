import { useEffect, useRef, useState } from "react";
import type { DisplayMode } from "~/identity/device";
import { readStorage, writeStorage } from "~/shell/web-storage";
import { onFormIntent } from "~/ui/form-intent";

/** How this page was launched: an iOS web clip, an installed web app, or a browser tab (docs/decisions/0010). */
function detectDisplayMode(): DisplayMode {
  const nav = navigator as Navigator & { standalone?: boolean };
  // The WEBCLIP storage key: set when the page was opened with ?WEBCLIP (the web clip's start URL). Storage blocked: the
  // navigator flag alone decides.
  if (new URLSearchParams(location.search).has("WEBCLIP")) writeStorage("localStorage", "WEBCLIP", "1");
  if (nav.standalone === true || readStorage("localStorage", "WEBCLIP") === "1") return "webclip";
  const installed = ["standalone", "fullscreen", "minimal-ui"].some((mode) => matchMedia(`(display-mode: ${mode})`).matches);
  return installed ? "standalone" : "browser";
}

/**
 * Hidden inputs the login, register and two-factor forms post: the device id (MD5 of the browser fingerprint), how
 * the page was launched, iPadOS-in-desktop-mode, and js=1 (JavaScript ran). Without JavaScript they stay empty and
 * the edge works the values out itself. The fingerprint's module (MD5 from crypto-js) loads when the player starts
 * on the form (focus, a tap, a key), not with the page (docs/behaviour/shell.md#script-budget): typing a name and
 * a password takes longer than loading 3 KiB.
 */
export function DeviceFields() {
  const [values, setValues] = useState({ loginDeviceId: "", displayMode: "", touchMac: "", js: "" });
  const anchor = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    setValues((v) => ({
      ...v,
      displayMode: detectDisplayMode(),
      touchMac: /Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1 ? "1" : "",
      js: "1",
    }));
    const cancel = onFormIntent(anchor.current?.form, () => {
      import("~/identity/device-fingerprint")
        .then(({ browserDeviceId }) => {
          if (live) setValues((v) => ({ ...v, loginDeviceId: browserDeviceId() }));
        })
        .catch(() => {
          // The edge computes a device id when none arrives.
        });
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return (
    <>
      <input ref={anchor} type="hidden" name="loginDeviceId" value={values.loginDeviceId} />
      <input type="hidden" name="displayMode" value={values.displayMode} />
      <input type="hidden" name="touchMac" value={values.touchMac} />
      <input type="hidden" name="js" value={values.js} />
    </>
  );
}
