// Reads a Set-Cookie line in tests: the name, the value as sent, and its attributes by lower-case name, so a test states
// what a cookie is (HttpOnly, SameSite=Lax, Max-Age…) without depending on the order Remix writes them in.
import { expect } from "vitest";

export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export function parseSetCookie(line: string): SetCookie {
  const [pair = "", ...rest] = line.split(";").map((part) => part.trim());
  const at = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq < 0) attributes[part.toLowerCase()] = true;
    else attributes[part.slice(0, eq).toLowerCase()] = part.slice(eq + 1);
  }
  return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
}

/**
 * Checks a cookie of ours (app/.server/cookies.ts) exactly: its name, HttpOnly, SameSite=Lax, path /, the Max-Age
 * given ("any" for any number of seconds), Secure only when asked, and nothing else. Returns the parsed line.
 */
export function expectOwnCookie(line: string, name: string, options: { maxAge?: number | "any"; secure?: boolean } = {}): SetCookie {
  const cookie = parseSetCookie(line);
  expect(cookie.name).toBe(name);
  const expected: Record<string, unknown> = { httponly: true, samesite: "Lax", path: "/" };
  if (options.secure) expected.secure = true;
  if (options.maxAge !== undefined)
    expected["max-age"] = options.maxAge === "any" ? expect.stringMatching(/^\d+$/) : String(options.maxAge);
  expect(cookie.attributes).toEqual(expected);
  return cookie;
}
