// Raw cookies for the identity flow. Values here are already base64url (sealed) or plain ids, so they need no escaping.
import { isSecureRequest } from "../.server/session";

export type CookieOptions = { maxAge?: number; httpOnly?: boolean; path?: string };

/** https gets the __Host- prefix and Secure, like the session cookie; plain http exists only on a developer's machine. */
export function cookieName(request: Request, base: string): string {
  return isSecureRequest(request) ? `__Host-${base}` : base;
}

export function readCookie(request: Request, base: string): string | null {
  const name = cookieName(request, base);
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || null;
  }
  return null;
}

export function serializeCookie(request: Request, base: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${cookieName(request, base)}=${value}`, `Path=${options.path ?? "/"}`, "SameSite=Lax"];
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (isSecureRequest(request)) parts.push("Secure");
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
    if (options.maxAge <= 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  }
  return parts.join("; ");
}

export function expireCookie(request: Request, base: string): string {
  return serializeCookie(request, base, "", { maxAge: 0 });
}
