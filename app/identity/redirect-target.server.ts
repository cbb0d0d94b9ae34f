// Where a member goes after login: redirectUrl only when the query has one; another of the merchant's domains gets the
// token, language, headerColor, b2c=1 and title (docs/behaviour/identity.md#redirect-after-login,
// docs/behaviour/identity.md#token-to-other-domains).
import { safeRedirectPath } from "../navigation/safe-redirect";

export type RedirectContext = {
  /** The request's own host[:port], lower case. */
  host: string;
  /** Site config domainList: host[:port] entries the merchant serves. */
  domainList: readonly string[];
  fallback: string;
  token: string;
  language: string;
  headerColor: string;
  title: string;
};

const SENTINEL = "/__no_redirect__";

/** Same-origin path as is; an absolute http(s) URL only when its host is one of the merchant's domains. */
export function loginRedirectTarget(raw: string | null | undefined, context: RedirectContext): string {
  if (!raw) return context.fallback;
  const path = safeRedirectPath(raw, SENTINEL);
  if (path !== SENTINEL) return path;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return context.fallback;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return context.fallback;
  if (url.username || url.password) return context.fallback;
  const host = url.host.toLowerCase();
  if (host === context.host.toLowerCase()) return safeRedirectPath(url.pathname + url.search + url.hash, context.fallback);
  const allowed = context.domainList.some((domain) => domain.trim().toLowerCase() === host);
  if (!allowed) return context.fallback;
  // The token never crosses the network in clear text: only https, or a loopback host on a developer's machine.
  if (url.protocol !== "https:" && !isLoopbackHost(url.hostname)) return context.fallback;
  // Another of the merchant's sites: it has no session of its own, so the token travels with the member.
  url.searchParams.set("token", context.token);
  url.searchParams.set("language", context.language);
  url.searchParams.set("headerColor", context.headerColor);
  url.searchParams.set("b2c", "1");
  url.searchParams.set("title", context.title);
  return url.toString();
}

/** *.localhost and 127.0.0.0/8 never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === "localhost" || name.endsWith(".localhost") || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** True when the value needs the site config's domain list to decide (an absolute URL). */
export function needsDomainList(raw: string | null | undefined): boolean {
  return !!raw && /^https?:\/\//i.test(raw.trim());
}
