// Raw HTTP requests with an explicit Host header. The fetch API cannot set Host, and the app picks the
// merchant from it, so the edge tests talk to 127.0.0.1:$TEST_PORT with node:http.
import http from "node:http";

export const PORT = Number(process.env.TEST_PORT ?? 8790);
export const ADDRESS = "127.0.0.1";

/** The Host header a browser would send for this merchant host: with the port, as Origin checks expect. */
export function hostFor(name: string): string {
  return `${name}:${PORT}`;
}

/** The page origin a browser would use for a merchant host. */
export function originFor(name: string): string {
  return `http://${hostFor(name)}`;
}

export type RawRequest = {
  /** Host header, sent exactly as given; defaults to demo.localhost:$TEST_PORT. */
  host?: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
};

export type RawReply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Set-Cookie lines (empty when none). */
  cookies: string[];
  elapsedMs: number;
  json<T = unknown>(): T;
  header(name: string): string | undefined;
};

export function request(options: RawRequest): Promise<RawReply> {
  const started = Date.now();
  const headers: Record<string, string> = {
    Host: options.host ?? hostFor("demo.localhost"),
    Connection: "close",
    ...options.headers,
  };
  if (options.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length")) {
    headers["Content-Length"] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: ADDRESS,
        port: PORT,
        path: options.path,
        method: options.method ?? "GET",
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          const setCookie = res.headers["set-cookie"];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            cookies: Array.isArray(setCookie) ? setCookie : [],
            elapsedMs: Date.now() - started,
            json<T>() {
              try {
                return JSON.parse(body) as T;
              } catch {
                throw new Error(
                  `Expected JSON from ${options.method ?? "GET"} ${options.path}, got ${res.statusCode}: ${body.slice(0, 300)}`,
                );
              }
            },
            header(name: string) {
              const value = res.headers[name.toLowerCase()];
              return Array.isArray(value) ? value.join(", ") : value;
            },
          });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 55_000, () => req.destroy(new Error(`Timed out: ${options.method ?? "GET"} ${options.path}`)));
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** GET a page on a merchant host (name without port, e.g. "vn.localhost"). */
export function getPage(hostName: string, path: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return request({ host: hostFor(hostName), path, headers });
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}, host = hostFor("demo.localhost")) {
  return request({ host, path, method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

// The sandbox platform's control endpoint (docs/platform-contract.md, "Control endpoint").

/** The sandbox's merchants (workers/wps-sandbox/merchants.ts). */
export type MerchantCode = "demo" | "vn88" | "br777";

export type FaultUpdate = {
  merchant: MerchantCode;
  latencyMs?: number;
  /** Latency only for /wps paths starting with one of these; null or [] = every path. */
  latencyPaths?: string[] | null;
  httpStatus?: 500 | 502 | null;
  malformedJson?: boolean;
  maintenance?: { end?: number | null; desc?: string | null } | null;
  regionRestriction?: boolean;
  domainUnavailable?: boolean;
  /** Overrides the merchant's captcha script servers; null restores the default. */
  captchaServers?: string[] | null;
  /** Answers in another shape: renamed answer fields, encrypted calls' headers read another way; null restores. */
  drift?: {
    renames?: { call: string; field: string; to: string }[];
    headers?: ("X-RSA" | "X-Digest")[];
  } | null;
};

export async function setFaults(update: FaultUpdate): Promise<void> {
  const reply = await postJson("/__sandbox/faults", update);
  if (reply.status !== 200 || reply.json<{ success: boolean }>().success !== true) {
    throw new Error(`Could not set faults ${JSON.stringify(update)}: ${reply.status} ${reply.body}`);
  }
}

export async function resetFaults(merchant?: string): Promise<void> {
  const reply = await postJson("/__sandbox/reset", merchant ? { merchant } : {});
  if (reply.status !== 200) throw new Error(`Could not reset the sandbox: ${reply.status} ${reply.body}`);
}

/**
 * Faults off and data back to the seed (members and their passwords; sessions, captcha results and SMS codes dropped),
 * for one merchant or all.
 */
export async function resetSandboxData(merchant?: MerchantCode): Promise<void> {
  const reply = await postJson("/__sandbox/reset", merchant ? { merchant, data: true } : { data: true });
  if (reply.status !== 200) throw new Error(`Could not reset the sandbox data: ${reply.status} ${reply.body}`);
}

// Small HTML readers: enough to assert on the server-rendered markup without a DOM library.

export function title(html: string): string | null {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
}

export function htmlAttributes(html: string): { lang: string | null; dir: string | null } {
  const tag = /<html\b([^>]*)>/i.exec(html)?.[1] ?? "";
  return { lang: /\blang="([^"]*)"/.exec(tag)?.[1] ?? null, dir: /\bdir="([^"]*)"/.exec(tag)?.[1] ?? null };
}

export function h1(html: string): string | null {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  return inner === undefined ? null : textOf(inner);
}

/** Text content of an HTML fragment: tags and React's text separators removed, entities decoded. */
export function textOf(fragment: string): string {
  return decodeEntities(fragment.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * The <dialog> elements of a page, as text. `due`: one that comes due later by the page's clock (data-appear-at: the
 * announcement popup on the home page), not a notice of the answer itself.
 */
export function dialogs(html: string): { role: string | null; text: string; due: boolean }[] {
  return [...html.matchAll(/<dialog\b([^>]*)>([\s\S]*?)<\/dialog>/gi)].map((m) => ({
    role: /\brole="([^"]*)"/.exec(m[1] ?? "")?.[1] ?? null,
    text: textOf(m[2] ?? ""),
    due: /\bdata-appear-at="/.test(m[1] ?? ""),
  }));
}

/** The visible text of <body> without scripts (what a reader of the page sees, roughly). */
export function bodyText(html: string): string {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return textOf(body.replace(/<script\b[\s\S]*?<\/script>/gi, " ").replace(/<style\b[\s\S]*?<\/style>/gi, " "));
}

/** Signs of a leaked stack trace or runtime error dump in a response body. */
export function looksLikeStackTrace(body: string): boolean {
  return /\n\s+at\s+\S+.*\(|\bat\s+[\w.<>$]+\s+\((?:file|node|webpack|\/)[^)]*:\d+:\d+\)|Error:\s.*\n\s+at\s|workerd\/|jsg\./.test(body);
}

/** Sets a member's chat unread count in the sandbox (until the merchant's next reset). */
export async function setUnread(merchant: MerchantCode, username: string, count: number): Promise<void> {
  const reply = await postJson("/__sandbox/unread", { merchant, username, count });
  if (reply.status !== 200) throw new Error(`Could not set the unread count: ${reply.status} ${reply.body}`);
}
