// A cookie the server set, as Playwright adds it to a browser context.
import type { Cookie } from "@playwright/test";

/** A Set-Cookie line as a browser cookie for `domain`; null when it deletes the cookie. */
export function parseSetCookie(line: string, domain: string): Cookie | null {
  const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
  const separator = pair.indexOf("=");
  const name = pair.slice(0, separator);
  const value = pair.slice(separator + 1);
  const attribute = (key: string) =>
    attributes.find((a) => a.toLowerCase().startsWith(`${key.toLowerCase()}=`))?.slice(key.length + 1) ??
    (attributes.some((a) => a.toLowerCase() === key.toLowerCase()) ? "" : undefined);
  const maxAge = attribute("Max-Age");
  if (value === "" || maxAge === "0") return null;
  const sameSite = attribute("SameSite")?.toLowerCase();
  return {
    name,
    value,
    domain,
    path: attribute("Path") ?? "/",
    expires: maxAge === undefined ? -1 : Math.floor(Date.now() / 1000) + Number(maxAge),
    httpOnly: attribute("HttpOnly") !== undefined,
    secure: attribute("Secure") !== undefined,
    sameSite: sameSite === "strict" ? "Strict" : sameSite === "none" ? "None" : "Lax",
  };
}
