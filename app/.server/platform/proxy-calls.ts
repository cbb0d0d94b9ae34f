// Which platform calls a browser may make through the same-origin /wps proxy (docs/behaviour/shell.md#proxy-allow-list,
// decision 0061). Identity calls are the edge's alone: the pages count their failures, answer one message for an unknown
// user and a wrong password, and start a pending password change; a browser calling the platform directly would walk
// around all of that. Everything else not listed here is refused too: the list is what the product's browser code and
// the platform's own pages on the merchant's domain need, nothing more.

export type ProxyMethod = "GET" | "HEAD" | "POST";

export type ProxyCall = {
  methods: readonly ProxyMethod[];
  /** The exact path, or every path under it when it ends with "/". */
  path: string;
  /** The member's own data or actions: refused while a password change is pending (unless `duringForcedChange`). */
  member?: boolean;
  /** What the change-password page and logout need while a change is pending. */
  duringForcedChange?: boolean;
  /**
   * Goes without the member's token even when one is signed in: public data the platform answers alike for everyone
   * (docs/behaviour/shell.md#proxy-token).
   */
  withoutToken?: boolean;
};

const READ: readonly ProxyMethod[] = ["GET", "HEAD"];

export const PROXY_CALLS: readonly ProxyCall[] = [
  // Public site data: status, settings, white-label, config, countries, the speed test, banners, download links, app version.
  { methods: READ, path: "/wps/system/", withoutToken: true },
  // Relays that explicitly send no token: the visitors' promotions, the announcement lists, the game vendor lists.
  { methods: READ, path: "/wps/relay/MCSFE_getMerchantAvailablePromotions", withoutToken: true },
  { methods: READ, path: "/wps/relay/MCSFE_getListAnnouncements", withoutToken: true },
  { methods: READ, path: "/wps/relay/GCSGAME_newGameVendor", withoutToken: true },
  // The platform's other read-only relays (promotion details, chat, trial launch): the member's token when there is one.
  { methods: READ, path: "/wps/relay/" },
  { methods: READ, path: "/wps/captcha/geetest", withoutToken: true },
  // The member's own data (the old iOS home-screen app renews it on launch) and the platform's game calls.
  { methods: READ, path: "/wps/member/info", member: true, duringForcedChange: true },
  { methods: READ, path: "/wps/member/", member: true },
  { methods: READ, path: "/wps/game/", member: true },
  { methods: ["POST"], path: "/wps/member/language", member: true },
  { methods: ["POST"], path: "/wps/session/logout", member: true, duringForcedChange: true },
  // The sandbox platform's stand-ins for Geetest's servers and its pages and files (a real platform has none of them).
  { methods: ["POST"], path: "/wps/captcha/geetest/solve", withoutToken: true },
  { methods: ["POST"], path: "/wps/captcha/geetest4/solve", withoutToken: true },
  { methods: READ, path: "/wps/sandbox-pages/", withoutToken: true },
  { methods: READ, path: "/wps/sandbox-files/", withoutToken: true },
];

/** Identity calls only the edge makes (compared case-insensitively: a platform may match paths either way). */
export const EDGE_ONLY_CALLS: readonly string[] = [
  "/wps/session/login", // username, SMS and Firebase login, and /verification (two-factor)
  "/wps/session/key", // the RSA key only serves the edge's encryption of identity calls
  "/wps/verification/", // SMS codes
  "/wps/member/register", // every registration, by username, mobile, identity provider, and autoUsername
  "/wps/member/password", // change password
];

export type ProxyRefusal = { status: 403 | 404; errorCode: string; message: string };

// One segment: letters, digits and the unreserved marks, never "." or "..": no encoded characters (an encoded slash,
// a matrix parameter after ";" or a doubled slash could reach another call on a platform that normalises paths).
const CANONICAL_PATH = /^\/wps(\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9_.~-]+)+$/;

function matches(pattern: string, path: string): boolean {
  return pattern.endsWith("/") ? path.startsWith(pattern) && path.length > pattern.length : path === pattern;
}

/** Any path that starts like an identity call, however it goes on (`/login/verification`, `/register/mobile`). */
function isEdgeOnly(path: string): boolean {
  const lower = path.toLowerCase();
  return EDGE_ONLY_CALLS.some((prefix) => lower.startsWith(prefix));
}

/** The allowed call for a method and path, or why it is refused. */
export function proxyCallFor(
  method: string,
  path: string,
  options: { passwordChangePending: boolean },
): { allowed: ProxyCall } | { refused: ProxyRefusal } {
  if (isEdgeOnly(path))
    return { refused: { status: 403, errorCode: "proxy.edge.only", message: "This call is made by the site, not the browser" } };
  const call = CANONICAL_PATH.test(path)
    ? PROXY_CALLS.find((candidate) => candidate.methods.includes(method as ProxyMethod) && matches(candidate.path, path))
    : undefined;
  if (!call) return { refused: { status: 404, errorCode: "proxy.call.unknown", message: "No such call" } };
  if (options.passwordChangePending && call.member && !call.duringForcedChange)
    return { refused: { status: 403, errorCode: "password.change.required", message: "Change the password first" } };
  return { allowed: call };
}
