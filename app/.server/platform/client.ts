import { z } from "zod";
import type { Merchant } from "../merchants/merchant-config";
import type { LanguageCode } from "../../i18n/languages";
import { encryptPayload, parseRsaModulus } from "./encryption";
import { classifyFailure, failed, type PlatformReply, type PlatformResult } from "./outcomes";
import { parseReadValue, type CacheStrategy, type PlatformReads } from "./data";
import { logEvent, REQUEST_ID_HEADER, type RequestLog } from "../logging/request-log.server";

/** Client B's 30 s per call; game launch and ping set their own (docs/behaviour/errors.md#timeouts). */
export const PLATFORM_TIMEOUT_MS = 30_000;
/** A page (GET) renders with what it has after this long, whatever its calls still wait for. */
export const PAGE_DEADLINE_MS = 5_000;
/**
 * A form post (an action) answers with the form and a notice after this long: a few seconds over a page's, since a
 * post may need the key fetch and two calls (docs/behaviour/errors.md#action-deadline, docs/decisions/0063).
 */
export const ACTION_DEADLINE_MS = 8_000;

const RSA_KEY_CACHE_MS = 5 * 60_000;

const replySchema = z.object({
  success: z.boolean(),
  value: z.unknown().optional(),
  message: z
    .string()
    .nullish()
    .transform((m) => m ?? undefined),
  errorCode: z
    .string()
    .nullish()
    .transform((c) => c ?? undefined),
});

export type PlatformRequest = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Encrypt the body with the platform's RSA key and DES (docs/decisions/0002). */
  encrypt?: boolean;
  /** Send the member's token; public calls must not (docs/behaviour/shell.md#platform-calls). */
  auth?: boolean;
  timeoutMs?: number;
  /** The call's own timeout applies even past the page deadline (game launch waits its full 10 s). */
  ignoreDeadline?: boolean;
  /**
   * What a "not logged in" answer to the member's own token does: "end" (default) ends the session at once
   * (the client's onSessionEnded), "report" hands it back to the caller (logout, which is ending it anyway).
   */
  sessionEnd?: "end" | "report";
  headers?: Record<string, string>;
  /**
   * A read through the request's memo and, where the strategy shares it, the platform data cache
   * (app/.server/platform/data.ts, docs/behaviour/platform-data.md). Without it every call is its own round trip.
   */
  cache?: CacheStrategy;
  /** A refresh after the page was answered (stale-while-revalidate): no page deadline, not one of the page's calls. */
  background?: boolean;
};

/** What the platform said on the wire, before a schema is applied. */
export type RawOutcome =
  | { kind: "reply"; status: number; reply: PlatformReply }
  | { kind: "text"; status: number; text: string }
  | { kind: "timeout" }
  | { kind: "unreachable" };

type PlatformEnv = Readonly<Record<string, unknown>>;

/** What a client is made from (PlatformClient.create). */
export type PlatformClientInput = {
  merchant: Merchant;
  /** The Worker's bindings: a merchant whose platform is a service binding (the sandbox) is reached through it. */
  env: PlatformEnv;
  /** The visitor's request: the client IP and the public origin the platform is told come from it. */
  request: Request;
  language: LanguageCode;
  token: string | null;
  /** Per-call timeout (default 30 s). */
  callTimeoutMs?: number;
  /** Epoch ms after which calls time out at once: a page load's or an action's overall deadline; null for none. */
  deadline?: number | null;
  /**
   * The platform said the member's token is no longer valid: the Response to throw (clear the session, go to the
   * login page). Only for the session's own token, never for a client made for another token.
   */
  onSessionEnded?: () => Promise<Response>;
  /** The request's memo, round-trip count and shared cache (docs/behaviour/platform-data.md); shared by withToken. */
  reads?: PlatformReads;
  /**
   * The request's log: its id goes to the platform as X-Request-Id on every call, and timeouts, unreachable platforms
   * and error codes are noted in it (docs/behaviour/operations.md#request-id).
   */
  log?: RequestLog;
};

type PlatformClientOptions = Omit<PlatformClientInput, "request"> & {
  clientIp: string | null;
  /** The address the visitor used (scheme and Host, port included), for links the platform builds back to the site. */
  publicOrigin: string;
};

/** The visitor's IP as Cloudflare saw it (absent in local tools that do not set it). */
export function clientIpOf(request: Request): string | null {
  return request.headers.get("CF-Connecting-IP");
}

/** The origin the visitor used: scheme and Host header, port included (the URL's host where Host is absent). */
function publicOriginOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.protocol}//${request.headers.get("Host") ?? url.host}`;
}

// Per-isolate cache of each merchant's RSA key: it is fetched before every encrypted call otherwise.
const rsaKeys = new Map<string, { at: number; modulus: string }>();

/** Development only (the sandbox's data reset): the next encrypted call fetches the key again, as a new isolate would. */
export function forgetRsaKeys(merchantCode?: string): void {
  if (merchantCode) rsaKeys.delete(merchantCode);
  else rsaKeys.clear();
}

/** Calls the merchant's platform from the edge. One instance per request. */
export class PlatformClient {
  private constructor(private readonly options: PlatformClientOptions) {}

  /**
   * The one way to make a client: the visitor's IP and public origin are always taken from the request, so no caller
   * can leave them out (the platform builds links back to the site from the origin).
   */
  static create({ request, ...input }: PlatformClientInput): PlatformClient {
    return new PlatformClient({ ...input, clientIp: clientIpOf(request), publicOrigin: publicOriginOf(request) });
  }

  /** The same client for another token (a fresh login, a token from the address): it never ends the session. */
  withToken(token: string): PlatformClient {
    return new PlatformClient({ ...this.options, token, onSessionEnded: undefined });
  }

  get merchantCode(): string {
    return this.options.merchant.merchantCode;
  }

  /** Round trips to the platform this request made for itself (docs/behaviour/platform-data.md#call-count). */
  get roundTrips(): number {
    return this.options.reads?.roundTrips ?? 0;
  }

  /** Whether this request read nothing but shared data, all of it successful (docs/behaviour/platform-data.md#visitor-pages). */
  get readOnlySharedData(): boolean {
    return this.options.reads?.readOnlySharedData ?? false;
  }

  /**
   * Sends a request to the merchant's platform: an origin in production, a service binding in development. Every
   * round trip passes here and is counted, but for a background refresh (docs/behaviour/platform-data.md#call-count).
   */
  fetchPlatform(path: string, init: RequestInit, options: { background?: boolean } = {}): Promise<Response> {
    this.options.reads?.noteRoundTrip(init.method ?? "GET", options.background === true);
    const target = this.options.merchant.platform;
    if ("origin" in target) return fetch(new URL(path, target.origin), init);
    const binding = this.options.env[target.service] as Fetcher | undefined;
    if (!binding || typeof binding.fetch !== "function") {
      return Promise.reject(new Error(`platform service binding ${target.service} is missing`));
    }
    return binding.fetch(new Request(new URL(path, "https://platform.internal"), init));
  }

  baseHeaders(): Headers {
    const headers = new Headers({
      Merchant: this.options.merchant.merchantCode,
      Language: this.options.language,
      Accept: "application/json",
    });
    if (this.options.clientIp) headers.set("X-Forwarded-For", this.options.clientIp);
    if (this.options.log) headers.set(REQUEST_ID_HEADER, this.options.log.id);
    const origin = new URL(this.options.publicOrigin);
    headers.set("X-Forwarded-Host", origin.host);
    headers.set("X-Forwarded-Proto", origin.protocol.replace(":", ""));
    return headers;
  }

  /**
   * The merchant's RSA modulus, or what the key call met instead: a timeout, an unreachable or failing platform
   * (an answer without a usable key counts as an outage, docs/behaviour/errors.md#outage-notice).
   */
  private async rsaModulus(refresh = false): Promise<{ modulus: string } | { failed: RawOutcome }> {
    const key = this.options.merchant.merchantCode;
    const hit = rsaKeys.get(key);
    if (!refresh && hit && Date.now() - hit.at < RSA_KEY_CACHE_MS) return { modulus: hit.modulus };
    const raw = await this.send(`/wps/session/key/rsa`, {
      query: { _: Date.now() },
      auth: false,
      headers: { "Cache-Control": "no-cache" },
    });
    if (raw.kind === "timeout" || raw.kind === "unreachable") return { failed: raw };
    const modulus = parseRsaModulus(raw.kind === "text" ? raw.text : JSON.stringify(raw.reply.value ?? ""));
    if (!modulus) {
      this.options.log?.notePlatformErrorCode(`key.http.${raw.status}`);
      // A 502 stays a 502 (the catalogue's bad gateway); any other answer without a key is the platform out of service.
      return { failed: { kind: "text", status: raw.status === 502 ? 502 : 503, text: "" } };
    }
    rsaKeys.set(key, { at: Date.now(), modulus });
    return { modulus };
  }

  /** One round trip; never throws. */
  async send(path: string, request: PlatformRequest = {}): Promise<RawOutcome> {
    const url = new URL(path, "https://platform.internal");
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers = this.baseHeaders();
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    if (request.auth !== false && this.options.token) headers.set("Authorization", this.options.token);

    let body: string | undefined;
    if (request.body !== undefined) {
      if (request.encrypt) {
        const key = await this.rsaModulus();
        if ("failed" in key) return key.failed;
        const encrypted = encryptPayload(request.body, key.modulus);
        if (!encrypted.success)
          return { kind: "reply", status: 0, reply: { success: false, message: encrypted.message, errorCode: "encryption.missing" } };
        for (const [name, value] of Object.entries(encrypted.headers)) headers.set(name, value);
        headers.set("Content-Type", "text/plain;charset=UTF-8");
        body = encrypted.DES;
      } else {
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(request.body);
      }
    }

    const timeoutMs = this.timeoutFor(request);
    if (timeoutMs <= 0) {
      this.noteFailure("timeout", url.pathname, request);
      return { kind: "timeout" };
    }
    const method = request.method ?? (body === undefined ? "GET" : "POST");
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      // Raced against the abort too: a Request's signal may stop following ours in some runtimes.
      const aborted = new Promise<never>((_resolve, reject) =>
        controller.signal.addEventListener("abort", () => reject(new DOMException("timed out", "AbortError")), { once: true }),
      );
      const init: RequestInit = { method, headers, body, signal: controller.signal };
      const response = await Promise.race([
        this.fetchPlatform(url.pathname + url.search, init, { background: request.background }),
        aborted,
      ]);
      const text = await Promise.race([response.text(), aborted]);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { kind: "text", status: response.status, text };
      }
      const reply = replySchema.safeParse(json);
      return reply.success
        ? { kind: "reply", status: response.status, reply: reply.data }
        : { kind: "text", status: response.status, text };
    } catch (error) {
      if (controller.signal.aborted) {
        this.noteFailure("timeout", url.pathname, request);
        return { kind: "timeout" };
      }
      this.noteFailure("unreachable", url.pathname, request, error);
      return { kind: "unreachable" };
    } finally {
      clearTimeout(timer);
    }
  }

  /** A warning for operators, with the merchant named; in the request's log when there is one. */
  private noteFailure(kind: "timeout" | "unreachable", path: string, request: PlatformRequest, error?: unknown): void {
    const log = this.options.log;
    if (log && !request.background) log.notePlatformFailure(kind, path, error);
    else
      logEvent("warn", kind === "timeout" ? "platform-timeout" : "platform-unreachable", {
        requestId: log?.id,
        merchant: this.options.merchant.merchantCode,
        platformPath: path,
        background: request.background === true,
      });
  }

  /** This call's timeout: its own (or the default), cut to what is left of the page's or the action's deadline. */
  private timeoutFor(request: PlatformRequest): number {
    const own = request.timeoutMs ?? this.options.callTimeoutMs ?? PLATFORM_TIMEOUT_MS;
    const deadline = this.options.deadline;
    if (!deadline || request.ignoreDeadline || request.background) return own;
    return Math.min(own, deadline - Date.now());
  }

  /** A read with a cache strategy goes through the request's memo and the shared cache; anything else is sent. */
  private sendOrRead(path: string, valueSchema: z.ZodTypeAny, request: PlatformRequest): Promise<RawOutcome> {
    const reads = this.options.reads;
    if (!request.cache || !reads || request.body !== undefined) return this.send(path, request);
    let query = "";
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) query += `${query ? "&" : ""}${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`;
    }
    return reads.read({
      path,
      method: request.method ?? "GET",
      query,
      headers: request.headers ?? {},
      strategy: request.cache,
      scope: {
        merchantCode: this.options.merchant.merchantCode,
        language: this.options.language,
        publicOrigin: this.options.publicOrigin ?? null,
        clientIp: this.options.clientIp,
        token: request.auth !== false ? this.options.token : null,
      },
      fetch: () => this.send(path, request),
      refresh: () => this.send(path, { ...request, background: true }),
      shareable: (raw) =>
        raw.kind === "reply" && raw.status === 200 && raw.reply.success && parseReadValue(valueSchema, raw.reply.value).success,
    });
  }

  /**
   * Sends, then applies the error catalogue (app/.server/platform/outcomes.ts) and the reply's value schema.
   * The one place where "not logged in" ends the session: it throws the redirect to the login page.
   */
  async call<S extends z.ZodTypeAny>(path: string, valueSchema: S, request: PlatformRequest = {}): Promise<PlatformResult<z.output<S>>> {
    const result = await this.callOnce(path, valueSchema, request);
    const sentToken = request.auth !== false && !!this.options.token;
    if (
      !result.ok &&
      result.failure.kind === "not-logged-in" &&
      sentToken &&
      request.sessionEnd !== "report" &&
      this.options.onSessionEnded
    ) {
      throw await this.options.onSessionEnded();
    }
    return result;
  }

  private async callOnce<S extends z.ZodTypeAny>(
    path: string,
    valueSchema: S,
    request: PlatformRequest,
  ): Promise<PlatformResult<z.output<S>>> {
    let raw = await this.sendOrRead(path, valueSchema, request);
    // A rotated key: fetch it again once rather than failing the member's action.
    if (request.encrypt && raw.kind === "reply" && raw.reply.errorCode === "encryption.key.mismatch") {
      await this.rsaModulus(true);
      raw = await this.send(path, request);
    }
    switch (raw.kind) {
      case "timeout":
        return failed({ kind: "notice", message: null, messageKey: "platform_timeout" });
      case "unreachable":
        return failed({ kind: "notice", message: null, messageKey: "platform_unavailable" });
      case "text":
        this.options.log?.notePlatformErrorCode(`http.${raw.status}`);
        return failed(classifyFailure(raw.status, null));
      case "reply": {
        if (!raw.reply.success || raw.status === 401 || raw.status >= 500) {
          // An expected answer (a wrong password) as much as a fault: the code goes in the request line, not a warning.
          this.options.log?.notePlatformErrorCode(raw.reply.errorCode ?? `http.${raw.status}`);
          return failed(classifyFailure(raw.status, raw.reply), raw.reply);
        }
        // Reads through the data layer share one parse of each answer (read-only values).
        const value = request.cache ? parseReadValue(valueSchema, raw.reply.value) : valueSchema.safeParse(raw.reply.value);
        if (!value.success) {
          logEvent("warn", "platform-reply-shape", {
            requestId: this.options.log?.id,
            merchant: this.options.merchant.merchantCode,
            platformPath: path,
            issues: value.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`),
          });
          return failed({ kind: "notice", message: null, messageKey: "unknown_error" });
        }
        return { ok: true, value: value.data };
      }
    }
  }
}
