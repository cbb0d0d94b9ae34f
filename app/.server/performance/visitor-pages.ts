// A visitor's landing page, shared for a few seconds (docs/behaviour/platform-data.md#visitor-pages, decision 0058).
//
// A first visit to /m/home, /m/login or /m/register (no cookie, no query, no session) renders from data that is the
// same for every visitor of the merchant in that language: the shared platform data, the site status for the
// visitor's address, and the browser's user agent (the download bar and the install offers depend on it). The isolate
// keeps such a render for a few seconds and answers the next identical request with it instead of rendering again.
// What a render shares is checked, not assumed: only a 200 HTML page that set no cookie and read nothing but shared,
// successful platform data is kept. The CSP nonce is per response: a kept page is stored with a placeholder where
// its nonce was and gets a fresh nonce each time it is served.
import type { AppContext } from "../../lib/context.server";
import { createNonce } from "../security/headers";
import { PLATFORM_CALLS_HEADER, sharedDataGeneration } from "../platform/data";
import { REQUEST_ID_HEADER } from "../logging/request-log.server";
import { merchantRoutesVersion } from "../merchants/resolve-merchant";

/** The pages a first visit lands on. Each renders nothing per visitor beyond what the key holds. */
export const VISITOR_PAGES: ReadonlySet<string> = new Set(["/m/home", "/m/login", "/m/register"]);

/** How long a kept page is served: well inside the shortest time the data it was made of is kept fresh. */
export const VISITOR_PAGE_SECONDS = 5;

/** What the isolate may hold: pages are 40–60 KB each. */
const MAX_PAGES = 200;
const MAX_BYTES = 16 * 1024 * 1024;

/** Stands for the page's nonce in a kept page's headers (nonces are base64: this is never part of one). */
const NONCE_PLACEHOLDER = "\u0000nonce\u0000";

/** Headers a kept page does not carry over: the per-request ones the Worker adds again. */
const PER_REQUEST_HEADERS = new Set(
  ["set-cookie", "content-length", PLATFORM_CALLS_HEADER, REQUEST_ID_HEADER].map((name) => name.toLowerCase()),
);

type KeptPage = {
  status: number;
  headers: [string, string][];
  /** The page's UTF-8 bytes around each place its nonce was: serving joins them with a new nonce, without re-encoding. */
  segments: Uint8Array[];
  bytes: number;
  expiresAt: number;
};

const encoder = new TextEncoder();

/**
 * The key under which a request's page may be shared, or null when its page may be personal: a cookie, a query, a
 * session, a cookie the pipeline is about to set, or any page but the visitor pages.
 */
export function visitorPageKey(request: Request, context: AppContext, url = new URL(request.url)): string | null {
  if (request.method !== "GET" || request.headers.has("Cookie")) return null;
  if (url.search !== "" || !VISITOR_PAGES.has(url.pathname)) return null;
  if (context.session.token || context.outgoingCookies.length > 0) return null;
  const host = request.headers.get("Host") ?? url.host;
  return [
    sharedDataGeneration(),
    merchantRoutesVersion(),
    context.merchant.merchantCode,
    host,
    url.pathname,
    context.language,
    request.headers.get("User-Agent") ?? "",
  ].join("\n");
}

/** Development and tests: the response header saying a page was served from, or kept as, a visitor page. */
export const VISITOR_PAGE_HEADER = "X-Visitor-Page";

/** The isolate's kept visitor pages, oldest first. */
export class VisitorPages {
  private readonly pages = new Map<string, KeptPage>();
  private bytes = 0;

  constructor(private readonly limits = { pages: MAX_PAGES, bytes: MAX_BYTES }) {}

  /** The kept page for `key` with a fresh nonce, or null. */
  serve(key: string, now = Date.now()): Response | null {
    const page = this.pages.get(key);
    if (!page) return null;
    if (now >= page.expiresAt) {
      this.drop(key, page);
      return null;
    }
    const nonce = createNonce();
    const headers = new Headers();
    for (const [name, value] of page.headers) headers.append(name, value.replaceAll(NONCE_PLACEHOLDER, nonce));
    return new Response(joinWith(page.segments, encoder.encode(nonce), page.bytes), { status: page.status, headers });
  }

  /**
   * Keeps `response` when it is a page any visitor with this key would get: a 200 HTML page without cookies, rendered
   * from shared platform data only. Returns the response to send (its body is read here when kept).
   */
  async keepIfShared(
    key: string,
    response: Response,
    context: AppContext,
    now = Date.now(),
  ): Promise<{ response: Response; kept: boolean }> {
    const shared =
      response.status === 200 &&
      (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
      !response.headers.has("Set-Cookie") &&
      context.outgoingCookies.length === 0 &&
      !context.session.isChanged &&
      context.platform.readOnlySharedData;
    if (!shared) return { response, kept: false };
    const body = await response.text();
    const nonce = context.cspNonce;
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!PER_REQUEST_HEADERS.has(name.toLowerCase())) headers.push([name, value.replaceAll(nonce, NONCE_PLACEHOLDER)]);
    });
    const segments = body.split(nonce).map((segment) => encoder.encode(segment));
    const bytes = segments.reduce((total, segment) => total + segment.byteLength, 0);
    this.keep(key, { status: response.status, headers, segments, bytes, expiresAt: now + VISITOR_PAGE_SECONDS * 1000 });
    return {
      response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }),
      kept: true,
    };
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.pages.size;
  }

  private keep(key: string, page: KeptPage): void {
    const previous = this.pages.get(key);
    if (previous) this.drop(key, previous);
    if (page.bytes > this.limits.bytes) return;
    this.pages.set(key, page);
    this.bytes += page.bytes;
    for (const [oldestKey, oldest] of this.pages) {
      if (this.pages.size <= this.limits.pages && this.bytes <= this.limits.bytes) break;
      this.drop(oldestKey, oldest);
    }
  }

  private drop(key: string, page: KeptPage): void {
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }
}

/** The segments with `separator` between each two; `bytes` is the segments' total length. */
function joinWith(segments: Uint8Array[], separator: Uint8Array, bytes: number): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(bytes + separator.byteLength * (segments.length - 1));
  let offset = 0;
  segments.forEach((segment, index) => {
    if (index > 0) {
      joined.set(separator, offset);
      offset += separator.byteLength;
    }
    joined.set(segment, offset);
    offset += segment.byteLength;
  });
  return joined;
}

/** This isolate's kept pages. */
export const visitorPages = new VisitorPages();
