// How this page was launched, as only the browser can tell (docs/behaviour/install.md#webclip-flag): installed web
// app, home-screen launch, iOS web clip, iPadOS in desktop mode. Shared by the shell's surfaces (download bar, install
// prompts, update check). User-agent facts come from ~/identity/device, the product's one user-agent parser.
// Browser only: call it from effects and event handlers, never while rendering on the server.
import { HOMESCREEN_PARAM } from "./install/assets";
import { readStorage, writeStorage } from "./web-storage";

/** localStorage: "1" when running as an iOS web clip. */
export const WEBCLIP_KEY = "WEBCLIP";
/** sessionStorage: this session began with ?homescreen=1 (launched from the home screen). */
export const HOMESCREEN_SESSION_KEY = "SHELL_homescreen";

export type ClientMode = {
  userAgent: string;
  /** iPadOS asking for desktop pages: a "Macintosh" with a touch screen. */
  touchMac: boolean;
  /** display-mode standalone (or fullscreen, minimal-ui), or navigator.standalone on iOS: an installed web app. */
  standalone: boolean;
  /** Launched from the home screen: ?homescreen=1 on this page or earlier in this session. */
  homescreen: boolean;
  /** The WEBCLIP storage flag is "1". */
  webclip: boolean;
};

export function isTouchMac(): boolean {
  return /\bMacintosh\b/.test(navigator.userAgent) && navigator.maxTouchPoints > 1;
}

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  if (nav.standalone === true) return true;
  return ["standalone", "fullscreen", "minimal-ui"].some((mode) => window.matchMedia?.(`(display-mode: ${mode})`).matches);
}

export function readClientMode(): ClientMode {
  const fromQuery = new URLSearchParams(window.location.search).get(HOMESCREEN_PARAM) === "1";
  if (fromQuery) writeStorage("sessionStorage", HOMESCREEN_SESSION_KEY, "1");
  return {
    userAgent: navigator.userAgent,
    touchMac: isTouchMac(),
    standalone: isStandalone(),
    homescreen: fromQuery || readStorage("sessionStorage", HOMESCREEN_SESSION_KEY) === "1",
    webclip: readStorage("localStorage", WEBCLIP_KEY) === "1",
  };
}
