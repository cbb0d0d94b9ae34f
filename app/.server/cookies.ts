// The cookies this app owns, all made by Remix's createCookie: signed with SESSION_SECRET, and sealed (AES-GCM) before
// signing when the value is secret (docs/decisions/0031-cookies.md). Two cookies are not made here because code other
// than ours reads and writes them as plain values: `language` (app/.server/i18n/language-cookie.ts) and
// `hideDownloadBar` (app/shell/download/download.server.ts).
import { createCookie, type Cookie, type CookieOptions } from "@remix-run/cloudflare";
import type { z } from "zod";
import { seal, unseal } from "./security/sealed";

/** https in production gets the __Host- prefix and Secure; plain http exists only on a developer's machine. */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** `__Host-` on https: no Domain and path /, so one merchant's cookie is never sent to another merchant's host. */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/**
 * A Remix cookie whose value is sealed (AES-GCM, key from `info`) before Remix signs it: unreadable and untamperable.
 * parse() answers null for anything that does not verify, decrypt and match the schema — it never throws.
 */
export function createSealedCookie<S extends z.ZodTypeAny>(
  name: string,
  options: CookieOptions & { secrets: string[] },
  info: string,
  schema: S,
): Cookie {
  const inner = createCookie(name, options);
  const secret = options.secrets[0]!;
  return {
    name: inner.name,
    isSigned: true,
    get expires() {
      return inner.expires;
    },
    async parse(header, parseOptions) {
      let sealed: unknown;
      try {
        sealed = await inner.parse(header, parseOptions);
      } catch {
        return null;
      }
      return typeof sealed === "string" ? unseal(secret, info, sealed, schema) : null;
    },
    async serialize(value, serializeOptions) {
      return inner.serialize(await seal(secret, info, value), serializeOptions);
    },
  };
}

type OwnCookie = {
  /** The name without the `__Host-` prefix https adds. */
  name: string;
  secret: string;
  /** Seconds; without it the cookie ends with the browser session. */
  maxAge?: number;
};

function attributes(request: Request, name: string) {
  const secure = isSecureRequest(request);
  return { name: cookieName(name, secure), options: { httpOnly: true, secure, sameSite: "lax" as const, path: "/" } };
}

/** One of our cookies as this request sees it: HttpOnly, SameSite=Lax, path /, signed; __Host- and Secure on https. */
export function signedCookie(request: Request, { name, secret, maxAge }: OwnCookie): Cookie {
  const own = attributes(request, name);
  return createCookie(own.name, { ...own.options, maxAge, secrets: [secret] });
}

/** Like signedCookie, for a secret value: sealed with the key derived for `info`, then signed. */
export function sealedCookie<S extends z.ZodTypeAny>(
  request: Request,
  { name, secret, maxAge, info, schema }: OwnCookie & { info: string; schema: S },
): Cookie {
  const own = attributes(request, name);
  return createSealedCookie(own.name, { ...own.options, maxAge, secrets: [secret] }, info, schema);
}

/** The cookie's value in this request, or null when it is absent or does not verify: never throws. */
export async function readCookie(cookie: Cookie, request: Request): Promise<unknown> {
  try {
    return await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
}

/** The Set-Cookie line that deletes one of our cookies (an empty value needs no secret: Remix signs nothing). */
export function expireCookie(request: Request, name: string): Promise<string> {
  const own = attributes(request, name);
  return createCookie(own.name, own.options).serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Whether the request carries one of our cookies at all, readable or not. Asked of Remix's own parser with no
 * secrets, which answers null only for a name that is not there.
 */
export async function hasCookie(request: Request, name: string): Promise<boolean> {
  try {
    return (await createCookie(attributes(request, name).name).parse(request.headers.get("Cookie"))) !== null;
  } catch {
    return false;
  }
}
