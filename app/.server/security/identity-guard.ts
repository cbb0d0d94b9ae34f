// The edge's memory for identity: attempt counters (throttling), remembered-login records and single-use markers.
// Held by one Durable Object per merchant (workers/identity-guard.ts), so every isolate sees the same counts and a
// revoked record is gone everywhere at once (docs/decisions/0021-identity-guard.md).

/** One counter: at most `limit` attempts per `windowMs` for `key`. */
export type AttemptRule = { key: string; limit: number; windowMs: number };

/** Blocked: the attempts of some rule are used up until `until` (epoch ms). */
export type AttemptState = { blocked: false } | { blocked: true; until: number };

/** What the Durable Object answers over RPC (structural, so app code needs nothing from workers/). */
export interface IdentityGuardApi {
  checkAttempts(rules: AttemptRule[], now: number): Promise<AttemptState>;
  recordAttempt(rules: AttemptRule[], now: number): Promise<AttemptState>;
  clearAttempts(keys: string[]): Promise<void>;
  putRecord(id: string, value: string, expiresAt: number): Promise<void>;
  getRecord(id: string, now: number): Promise<string | null>;
  deleteRecord(id: string): Promise<void>;
  /** True the first time a marker is used; false ever after (until it expires). */
  useOnce(marker: string, expiresAt: number, now: number): Promise<boolean>;
  isUsed(marker: string, now: number): Promise<boolean>;
  /** Development only (the sandbox's data reset): forget everything. */
  clearAll(): Promise<void>;
}

type GuardNamespace = { idFromName(name: string): unknown; get(id: never): unknown };

/** The merchant's guard, or null where the binding is missing (then nothing is throttled or remembered server-side). */
export function identityGuardFor(env: Partial<Pick<Env, "IDENTITY_GUARD">>, merchantCode: string): IdentityGuardApi | null {
  const namespace = env.IDENTITY_GUARD as unknown as GuardNamespace | undefined;
  if (!namespace) return null;
  return namespace.get(namespace.idFromName(merchantCode) as never) as IdentityGuardApi;
}

/** Pure window arithmetic shared by the Durable Object and the unit tests. */
export type Counter = { start: number; count: number };

export function countAttempt(counter: Counter | undefined, rule: AttemptRule, now: number): Counter {
  if (!counter || now - counter.start >= rule.windowMs) return { start: now, count: 1 };
  return { start: counter.start, count: counter.count + 1 };
}

/** Blocked until the window of the first rule whose attempts are used up ends, if any. */
export function attemptState(counters: (Counter | undefined)[], rules: AttemptRule[], now: number): AttemptState {
  let until = 0;
  rules.forEach((rule, index) => {
    const counter = counters[index];
    if (counter && now - counter.start < rule.windowMs && counter.count >= rule.limit)
      until = Math.max(until, counter.start + rule.windowMs);
  });
  return until > now ? { blocked: true, until } : { blocked: false };
}
