// Old iOS home-screen apps (iOS below 13, standalone): iOS restarts them whenever the visitor switches apps, so the
// last path and the session info are kept in localStorage and restored on launch; a 401 on the member renew clears
// them and goes to /m/home (docs/behaviour/install.md#legacy-ios-apps). The session token itself stays in the
// edge's HttpOnly cookie: see docs/decisions/0017 for what this can and cannot restore.
import { isIosBelow, type IosVersion } from "~/identity/device";

/** localStorage: the last page of an old iOS home-screen app. */
export const LAST_PATH_KEY = "MC_lastPath";
/** Session storage normally, copied to local storage on old iOS home-screen apps. Never holds the token here. */
export const SESSION_INFO_KEY = "MC_SESSION_INFO";

export function isLegacyHomeScreenApp(ios: IosVersion | null, standalone: boolean): boolean {
  return standalone && isIosBelow(ios, 13);
}

/** Pages worth coming back to: not the login, logout or launch steps, and only same-origin /m paths. */
export function restorablePath(path: string | null): string | null {
  if (!path || !path.startsWith("/m/") || path.startsWith("//")) return null;
  const pathname = path.split(/[?#]/)[0]!;
  if (/^\/m\/(login|logout|launchGame|tryGame|sms-code|captcha|language)\b/.test(pathname)) return null;
  return path.length > 2048 ? null : path;
}

/** The platform's "not logged in" answers (docs/behaviour/session.md#session-ended): HTTP 401 or one of its codes. */
export function isNotLoggedIn(status: number, body: unknown): boolean {
  if (status === 401) return true;
  if (!body || typeof body !== "object") return false;
  const { success, message, errorCode } = body as { success?: unknown; message?: unknown; errorCode?: unknown };
  if (success !== false) return false;
  return (
    message === "CUSTOMER_NOT_LOGIN" ||
    (typeof errorCode === "string" && ["customer.not.login", "user.or.token.invalid", "login.not.session"].includes(errorCode))
  );
}

type Stores = { local: Storage | null; session: Storage | null };

function stores(): Stores {
  const pick = (kind: "localStorage" | "sessionStorage") => {
    try {
      return window[kind];
    } catch {
      return null;
    }
  };
  return { local: pick("localStorage"), session: pick("sessionStorage") };
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // Full or blocked storage: nothing to keep.
  }
}

/** After each navigation: remember the page and copy the (token-free) session info to local storage. */
export function rememberLegacyState(path: string, { local, session }: Stores = stores()): void {
  safely(() => {
    const restorable = restorablePath(path);
    if (restorable) local?.setItem(LAST_PATH_KEY, restorable);
    const info = session?.getItem(SESSION_INFO_KEY);
    if (info) local?.setItem(SESSION_INFO_KEY, info);
  });
}

export function clearLegacyState({ local, session }: Stores = stores()): void {
  safely(() => {
    local?.removeItem(LAST_PATH_KEY);
    local?.removeItem(SESSION_INFO_KEY);
    session?.removeItem(SESSION_INFO_KEY);
  });
}

export type LaunchPlan = { kind: "stay" } | { kind: "go"; path: string } | { kind: "home" };

/**
 * On launch: copy the session info back to session storage, renew the member (GET /wps/member/info through the edge,
 * which adds the token from its cookie) when there was a session, then go back to the last page. A "not logged in"
 * answer clears everything and goes to /m/home (stays, when already there).
 */
export async function restoreLegacyLaunch(
  currentPath: string,
  {
    member = false,
    fetcher = fetch,
    storage = stores(),
  }: {
    /** The edge reports a signed-in member (root loader). */
    member?: boolean;
    fetcher?: typeof fetch;
    storage?: Stores;
  } = {},
): Promise<LaunchPlan> {
  let info: string | null = null;
  let last: string | null = null;
  safely(() => {
    info = storage.local?.getItem(SESSION_INFO_KEY) ?? null;
    last = restorablePath(storage.local?.getItem(LAST_PATH_KEY) ?? null);
    if (info && !storage.session?.getItem(SESSION_INFO_KEY)) storage.session?.setItem(SESSION_INFO_KEY, info);
  });
  if (info || member) {
    try {
      const reply = await fetcher("/wps/member/info", { credentials: "same-origin", headers: { Accept: "application/json" } });
      const body: unknown = await reply.json().catch(() => null);
      if (isNotLoggedIn(reply.status, body)) {
        clearLegacyState(storage);
        return currentPath.split(/[?#]/)[0] === "/m/home" ? { kind: "stay" } : { kind: "home" };
      }
    } catch {
      // Offline: keep what is stored and carry on.
    }
  }
  return last && last !== currentPath ? { kind: "go", path: last } : { kind: "stay" };
}
