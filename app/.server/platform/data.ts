// The platform data layer: how a page's reads of the platform are shared (docs/behaviour/platform-data.md,
// docs/decisions/0027-platform-data-cache.md).
//
// - Within one request, identical reads are made once (the memo).
// - Data that is the same for every visitor of a merchant in a language is kept in the Workers Cache API under a named
//   strategy, and served stale for a while as it is refreshed in the background (ctx.waitUntil). The isolate keeps
//   a copy of what it read in memory too, under the same rules: a Cache API lookup is a call out of the isolate.
// - Anything sent with a member's token is never shared; failures, timeouts and "not logged in" are never kept.
import { z } from "zod";
import type { RawOutcome } from "./client";
import { describeError, logEvent } from "../logging/request-log.server";

/** How long a shared answer is served fresh, then served stale while one background call refreshes it. */
export type SharedStrategy = {
  kind: "shared";
  name: string;
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
  /** The answer depends on the visitor's address (site status reports it and decides region blocks by it). */
  perClientIp: boolean;
};
export type CacheStrategy = SharedStrategy | { kind: "none"; name: "none" };

/**
 * Site status: maintenance and region blocks show within seconds (at most 10 s after the platform says so), and
 * the answer is per visitor address. docs/behaviour/platform-data.md#site-status
 */
export function CacheStatus(): CacheStrategy {
  return { kind: "shared", name: "status", maxAgeSeconds: 5, staleWhileRevalidateSeconds: 5, perClientIp: true };
}

/** Visitor content an operator changes during the day: download links, promotions and announcements for visitors. */
export function CacheBrief(): CacheStrategy {
  return { kind: "shared", name: "brief", maxAgeSeconds: 60, staleWhileRevalidateSeconds: 600, perClientIp: false };
}

/** Back-office setup that rarely changes: site settings, site config, the country list, game vendors. */
export function CacheSteady(): CacheStrategy {
  return { kind: "shared", name: "steady", maxAgeSeconds: 300, staleWhileRevalidateSeconds: 3600, perClientIp: false };
}

/** Member data and anything personal: made once per request, never shared. */
export function CacheNone(): CacheStrategy {
  return { kind: "none", name: "none" };
}

/** Who is asking, as far as it changes the platform's answer. */
export type ReadScope = {
  merchantCode: string;
  language: string;
  /** The visitor's scheme and host: the platform builds links back to it (site config's customer-service link). */
  publicOrigin: string | null;
  clientIp: string | null;
  /** The token the call carries, or null: a call with a token is never shared. */
  token: string | null;
};

export type Read = {
  path: string;
  method: string;
  /** The query string as sent ("a=1&b=2", or ""): the same call always builds it in the same order. */
  query: string;
  headers: Record<string, string>;
  strategy: CacheStrategy;
  scope: ReadScope;
  /** The round trip for this page (page deadline, counted). */
  fetch: () => Promise<RawOutcome>;
  /** The round trip for a background refresh after the page was answered (no page deadline, not counted). */
  refresh: () => Promise<RawOutcome>;
  /** Whether an answer may be shared: the platform said success and the value has the shape the caller expects. */
  shareable: (outcome: RawOutcome) => boolean;
};

/** Development and tests: the response header with the request's platform round trips (PLATFORM_CALLS_HEADER = "on"). */
export const PLATFORM_CALLS_HEADER = "X-Platform-Calls";

const CACHE_NAME = "platform-data";
/** Changes when the stored format does, so a deploy never reads entries of the previous one. */
const FORMAT = "v1";
const STORED_AT = "X-Platform-Data-Stored-At";

const storedSchema = z.object({
  status: z.number().int(),
  reply: z.object({
    success: z.literal(true),
    value: z.unknown().optional(),
    message: z.string().optional(),
    errorCode: z.string().optional(),
  }),
});

// Development only (the sandbox's control endpoint is on): a fault or data change through /__sandbox starts a new
// generation, so the next page sees it at once instead of after the strategy's TTL. Set on first use, not at start-up
// (a Worker's clock does not run while it starts): the time then keeps entries of an earlier run of the server apart.
let developmentGeneration: string | null = null;
let generationCount = 0;

function currentGeneration(): string {
  developmentGeneration ??= `${Date.now().toString(36)}-${generationCount}`;
  return developmentGeneration;
}

type Kept = { outcome: RawOutcome; storedAt: number };

/** The isolate's copies of shared entries, by shared key, under the same TTLs; the oldest go first past the limit. */
export class IsolateCopies {
  private readonly entries = new Map<string, Kept & { expiresAt: number }>();

  constructor(private readonly limit = 500) {}

  keep(key: string, kept: Kept, strategy: SharedStrategy): void {
    this.entries.delete(key);
    const lifetimeMs = (strategy.maxAgeSeconds + strategy.staleWhileRevalidateSeconds) * 1000;
    this.entries.set(key, { ...kept, expiresAt: kept.storedAt + lifetimeMs });
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  find(key: string): Kept | null {
    const kept = this.entries.get(key);
    if (!kept) return null;
    if (Date.now() >= kept.expiresAt) {
      this.entries.delete(key);
      return null;
    }
    return kept;
  }

  clear(): void {
    this.entries.clear();
  }
}

const isolateCopies = new IsolateCopies();

/**
 * Changes whenever shared entries must not be served any more (a new stored format, a change through the development
 * control endpoint): whatever is kept from shared data (docs/behaviour/platform-data.md#visitor-pages) keys on it too.
 */
export function sharedDataGeneration(): string {
  return `${FORMAT}-${generationCount}`;
}

/** Called by the development control endpoint after it changed the sandbox platform. */
export function startNewDevelopmentGeneration(): void {
  generationCount += 1;
  developmentGeneration = `${Date.now().toString(36)}-${generationCount}`;
  isolateCopies.clear();
}

// Parsed values of answers read through this layer, per answer and schema: a page reads the same settings through
// several schemas, and an answer the isolate keeps is read by every page. They are frozen, since pages share them.
const parsedValues = new WeakMap<object, Map<z.ZodTypeAny, z.SafeParseReturnType<unknown, unknown>>>();
/** Schemas made per call (not module constants) must not grow a kept answer's entry without end. */
const SCHEMAS_PER_VALUE = 16;

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** schema.safeParse(value), made once per answer and schema; the value and the result are read-only. */
export function parseReadValue<S extends z.ZodTypeAny>(schema: S, value: unknown): z.SafeParseReturnType<unknown, z.output<S>> {
  if (typeof value !== "object" || value === null) return schema.safeParse(value);
  let bySchema = parsedValues.get(value);
  if (!bySchema) {
    bySchema = new Map();
    parsedValues.set(deepFreeze(value), bySchema);
  }
  let parsed = bySchema.get(schema);
  if (!parsed) {
    parsed = schema.safeParse(value);
    if (parsed.success) deepFreeze(parsed.data);
    if (bySchema.size < SCHEMAS_PER_VALUE) bySchema.set(schema, parsed);
  }
  return parsed as z.SafeParseReturnType<unknown, z.output<S>>;
}

// Background refreshes in flight in this isolate: one per entry, however many pages find it stale.
const refreshing = new Set<string>();

/** A read that may be shared between requests: a GET under a shared strategy, without a member's token. */
function isSharedRead(read: Read): read is Read & { strategy: SharedStrategy } {
  return read.strategy.kind === "shared" && read.scope.token === null && read.method === "GET";
}

function sortedHeaders(headers: Record<string, string>): string {
  const entries = Object.entries(headers);
  if (entries.length === 0) return "";
  return entries
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value}`)
    .join("\n");
}

export type PlatformReadsOptions = {
  /** "on" (development) adds the control endpoint's generation to shared keys. */
  sandboxControl: boolean;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The Workers Cache API; absent outside the Workers runtime (unit tests in Node): then only the memo applies. */
  caches?: CacheStorage | null;
  /** The isolate's copies (default: this isolate's one set). */
  copies?: IsolateCopies;
};

/** One per request: the memo, the round-trip count, and the way to the shared cache. */
export class PlatformReads {
  private readonly memo = new Map<string, Promise<RawOutcome>>();
  private calls = 0;
  private sharedHits = 0;
  private repeatHits = 0;
  /** Round trips whose answer was shared data, and whether any read was personal or failed. */
  private sharedFetches = 0;
  private personal = false;
  private cache: Promise<Cache | null> | null = null;

  private readonly copies: IsolateCopies;

  constructor(private readonly options: PlatformReadsOptions) {
    this.copies = options.copies ?? isolateCopies;
  }

  /** Platform round trips this request made for itself (background refreshes not included). */
  get roundTrips(): number {
    return this.calls;
  }

  /** Reads answered from the shared cache (the isolate's copy or the Cache API), for the request log. */
  get cacheHits(): number {
    return this.sharedHits;
  }

  /** Reads answered by an identical read earlier in the same request, for the request log. */
  get memoHits(): number {
    return this.repeatHits;
  }

  /**
   * Whether everything this request read is the same for every visitor with its key: shared reads only, each a
   * success. A page made of nothing else may be shared too (docs/behaviour/platform-data.md#visitor-pages).
   */
  get readOnlySharedData(): boolean {
    return !this.personal && this.calls === this.sharedFetches;
  }

  /**
   * Every round trip reports here. A write (any method but GET) may change what the reads return, so the memo is
   * dropped: a read after it asks the platform again.
   */
  noteRoundTrip(method: string, background: boolean): void {
    if (!background) this.calls += 1;
    if (method !== "GET") this.memo.clear();
  }

  read(read: Read): Promise<RawOutcome> {
    if (!isSharedRead(read)) this.personal = true;
    // The token itself is part of the memo key (memory only, this request only): a client for another token (a fresh
    // login) must not see the session's answers.
    const memoKey = `${read.method} ${read.path}?${read.query}\u0000${read.scope.token ?? "-"}\u0000${sortedHeaders(read.headers)}`;
    const hit = this.memo.get(memoKey);
    if (hit) {
      this.repeatHits += 1;
      return hit;
    }
    const pending = this.readShared(read);
    this.memo.set(memoKey, pending);
    return pending;
  }

  private readShared(read: Read): Promise<RawOutcome> {
    if (!isSharedRead(read)) return read.fetch();
    return this.throughCache(read, read.strategy);
  }

  /** A shared read the platform answered for this request: counted as shared when the answer may be shared. */
  private async fetchShared(read: Read): Promise<{ outcome: RawOutcome; shareable: boolean }> {
    const outcome = await read.fetch();
    const shareable = read.shareable(outcome);
    if (shareable) this.sharedFetches += 1;
    else this.personal = true;
    return { outcome, shareable };
  }

  private openCache(): Promise<Cache | null> {
    this.cache ??= (async () => {
      const storage = this.options.caches;
      if (!storage) return null;
      try {
        return await storage.open(CACHE_NAME);
      } catch (error) {
        logEvent("error", "platform-cache-unavailable", { error: describeError(error) });
        return null;
      }
    })();
    return this.cache;
  }

  /** The shared key: an address under the visitor's own origin, with everything that changes the answer. */
  private sharedKey(read: Read, strategy: SharedStrategy): string {
    const { scope } = read;
    const origin = scope.publicOrigin ?? "https://platform-data.invalid";
    const version = this.options.sandboxControl ? `${FORMAT}-${currentGeneration()}` : FORMAT;
    const segments = [
      version,
      scope.merchantCode,
      scope.language,
      strategy.perClientIp ? (scope.clientIp ?? "-") : "*",
      sortedHeaders(read.headers) || "-",
    ].map(encodeURIComponent);
    return `${origin}/__platform-data/${segments.join("/")}${read.path}${read.query ? `?${read.query}` : ""}`;
  }

  private async throughCache(read: Read, strategy: SharedStrategy): Promise<RawOutcome> {
    if (!this.options.caches) return (await this.fetchShared(read)).outcome;
    const key = this.sharedKey(read, strategy);
    // The isolate's copy first: most pages need no call out of the isolate at all.
    let found = this.copies.find(key);
    if (!found) {
      found = await this.lookup(key, strategy);
      if (found) this.copies.keep(key, found, strategy);
    }
    if (found) {
      this.sharedHits += 1;
      const ageMs = Date.now() - found.storedAt;
      if (ageMs > strategy.maxAgeSeconds * 1000) this.refreshInBackground(key, read, strategy);
      return found.outcome;
    }
    const { outcome, shareable } = await this.fetchShared(read);
    if (shareable) this.options.waitUntil(this.store(key, outcome, strategy));
    return outcome;
  }

  private async lookup(key: string, strategy: SharedStrategy): Promise<Kept | null> {
    const cache = await this.openCache();
    if (!cache) return null;
    try {
      const response = await cache.match(key);
      if (!response) return null;
      const storedAt = Number(response.headers.get(STORED_AT));
      const stored = storedSchema.safeParse(await response.json());
      if (!stored.success || !Number.isFinite(storedAt)) return null;
      // The cache should have dropped it by now (max-age); an entry past its stale window is never served.
      if (Date.now() - storedAt > (strategy.maxAgeSeconds + strategy.staleWhileRevalidateSeconds) * 1000) return null;
      return { outcome: { kind: "reply", status: stored.data.status, reply: stored.data.reply }, storedAt };
    } catch (error) {
      logEvent("warn", "platform-cache-read-failed", { error: describeError(error) });
      return null;
    }
  }

  private async store(key: string, outcome: RawOutcome, strategy: SharedStrategy): Promise<void> {
    if (outcome.kind !== "reply") return;
    const storedAt = Date.now();
    this.copies.keep(key, { outcome, storedAt }, strategy);
    const cache = await this.openCache();
    if (!cache) return;
    try {
      const body = JSON.stringify({ status: outcome.status, reply: outcome.reply });
      await cache.put(
        key,
        new Response(body, {
          headers: {
            "Content-Type": "application/json",
            // The cache drops the entry once the stale window is over too.
            "Cache-Control": `public, max-age=${strategy.maxAgeSeconds + strategy.staleWhileRevalidateSeconds}`,
            [STORED_AT]: String(storedAt),
          },
        }),
      );
    } catch (error) {
      logEvent("warn", "platform-cache-write-failed", { error: describeError(error) });
    }
  }

  private refreshInBackground(key: string, read: Read, strategy: SharedStrategy): void {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const refresh = (async () => {
      try {
        const outcome = await read.refresh();
        // A failed refresh keeps the stale entry until its window ends: the next page tries again.
        if (read.shareable(outcome)) await this.store(key, outcome, strategy);
      } finally {
        refreshing.delete(key);
      }
    })();
    this.options.waitUntil(refresh);
  }
}
