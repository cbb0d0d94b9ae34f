// How many events one client may report through POST /m/track (docs/behaviour/tracking.md#reported-events): a
// fixed window per client address, kept in the isolate's memory. A page view is cheap and frequent, so it is not
// worth a Durable Object round trip; each isolate caps what reaches it, which is enough to stop a flood.

/** Per client address and isolate: 100 events in 10 s (a browser sends one per page view; players share carrier NAT). */
export const TRACK_LIMIT = { events: 100, windowMs: 10_000 };
/** Windows kept at most; past this, ended ones are dropped, then the oldest. */
const MAX_CLIENTS = 10_000;

type Window = { start: number; count: number };

export class TrackLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limit = TRACK_LIMIT) {}

  /** Counts one event of `client`; false when its window is used up (the event is refused, not counted). */
  take(client: string, now = Date.now()): boolean {
    const open = this.windows.get(client);
    if (open && now - open.start < this.limit.windowMs) {
      if (open.count >= this.limit.events) return false;
      open.count += 1;
      return true;
    }
    if (!open && this.windows.size >= MAX_CLIENTS) this.prune(now);
    this.windows.delete(client);
    this.windows.set(client, { start: now, count: 1 });
    return true;
  }

  /** Seconds until `client` may report again (for Retry-After). */
  retryAfterSeconds(client: string, now = Date.now()): number {
    const open = this.windows.get(client);
    return open ? Math.max(1, Math.ceil((open.start + this.limit.windowMs - now) / 1000)) : 1;
  }

  private prune(now: number): void {
    for (const [client, window] of this.windows) if (now - window.start >= this.limit.windowMs) this.windows.delete(client);
    // Still full: the oldest windows go first (a Map keeps insertion order).
    for (const client of this.windows.keys()) {
      if (this.windows.size < MAX_CLIENTS) break;
      this.windows.delete(client);
    }
  }
}

/** The isolate's limiter. */
export const trackLimiter = new TrackLimiter();
