// The edge's memory for identity: attempt counters (throttling), remembered-login records and single-use markers.
// Held by Durable Objects (workers/identity-guard.ts), so every isolate sees the same counts and a revoked record is
// gone everywhere at once (docs/decisions/0021-identity-guard.md). A merchant's state is spread over GUARD_SHARDS
// objects by what is counted or kept, so no single object carries a merchant's peak
// (docs/decisions/0062-identity-guard-shards.md).

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

/**
 * What one shard object answers: the same calls, where writes also name the shard, so that a shard that starts
 * holding something enrols itself in the merchant's registry (which the data reset reads; REGISTRY below).
 */
export interface IdentityGuardShardApi {
  checkAttempts(rules: AttemptRule[], now: number): Promise<AttemptState>;
  recordAttempt(rules: AttemptRule[], now: number, shard?: ShardRef): Promise<AttemptState>;
  clearAttempts(keys: string[]): Promise<void>;
  putRecord(id: string, value: string, expiresAt: number, shard?: ShardRef): Promise<void>;
  getRecord(id: string, now: number): Promise<string | null>;
  deleteRecord(id: string): Promise<void>;
  useOnce(marker: string, expiresAt: number, now: number, shard?: ShardRef): Promise<boolean>;
  isUsed(marker: string, now: number): Promise<boolean>;
  clearAll(): Promise<void>;
  /** The registry object only: note a shard that holds something. */
  enrolShard(index: number): Promise<void>;
  /** The registry object only: the shards enrolled, forgotten as they are handed out. */
  takeShards(): Promise<number[]>;
}

/** A shard's merchant and index, so it can enrol in the merchant's registry. */
export type ShardRef = { merchantCode: string; index: number };

type GuardNamespace = { idFromName(name: string): unknown; get(id: never): unknown };

/**
 * Objects per merchant. Fixed: a key's object is found again only while the count stays the same, so changing it
 * forgets the counters and remembered logins of the moment (docs/decisions/0062-identity-guard-shards.md).
 */
export const GUARD_SHARDS = 64;

/** FNV-1a (32 bits) of the key, spread over the shards: cheap, stable across isolates and deployments. */
export function shardOf(key: string, shards = GUARD_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** The Durable Object name of a merchant's shard. */
export function shardName(merchantCode: string, shard: number): string {
  return `${merchantCode}:${shard}`;
}

/** The Durable Object name of a merchant's registry: which shards hold something (read only by the data reset). */
export function registryName(merchantCode: string): string {
  return `${merchantCode}:registry`;
}

/** The object for a Durable Object name. */
export function guardObject(env: Partial<Pick<Env, "IDENTITY_GUARD">>, name: string): IdentityGuardShardApi | null {
  const namespace = env.IDENTITY_GUARD as unknown as GuardNamespace | undefined;
  if (!namespace) return null;
  return namespace.get(namespace.idFromName(name) as never) as IdentityGuardShardApi;
}

/** Rules grouped by the shard their key lives in, in the order first seen. */
export function rulesByShard<T extends { key: string }>(rules: T[], shards = GUARD_SHARDS): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const rule of rules) {
    const shard = shardOf(rule.key, shards);
    groups.set(shard, [...(groups.get(shard) ?? []), rule]);
  }
  return groups;
}

/** Several shards' answers as one: blocked until the latest end of any blocked rule. */
export function mergeStates(states: AttemptState[]): AttemptState {
  const until = Math.max(0, ...states.map((state) => (state.blocked ? state.until : 0)));
  return until > 0 ? { blocked: true, until } : { blocked: false };
}

/**
 * The merchant's guard, or null where the binding is missing (then nothing is throttled or remembered server-side).
 * Every call goes to the shard of its key; a call with rules in several shards asks them in parallel.
 */
export function identityGuardFor(env: Partial<Pick<Env, "IDENTITY_GUARD">>, merchantCode: string): IdentityGuardApi | null {
  if (!env.IDENTITY_GUARD) return null;
  const shard = (index: number) => guardObject(env, shardName(merchantCode, index))!;
  const ref = (index: number): ShardRef => ({ merchantCode, index });
  const indexOf = (key: string) => shardOf(key);
  const perShard = async <T>(rules: AttemptRule[], call: (index: number, rules: AttemptRule[]) => Promise<T>) =>
    Promise.all([...rulesByShard(rules)].map(([index, group]) => call(index, group)));
  return {
    checkAttempts: async (rules, now) => mergeStates(await perShard(rules, (index, group) => shard(index).checkAttempts(group, now))),
    recordAttempt: async (rules, now) =>
      mergeStates(await perShard(rules, (index, group) => shard(index).recordAttempt(group, now, ref(index)))),
    clearAttempts: async (keys) => {
      const rules = keys.map((key) => ({ key, limit: 0, windowMs: 0 }));
      await perShard(rules, (index, group) => shard(index).clearAttempts(group.map((rule) => rule.key)));
    },
    putRecord: (id, value, expiresAt) => shard(indexOf(`r:${id}`)).putRecord(id, value, expiresAt, ref(indexOf(`r:${id}`))),
    getRecord: (id, now) => shard(indexOf(`r:${id}`)).getRecord(id, now),
    deleteRecord: (id) => shard(indexOf(`r:${id}`)).deleteRecord(id),
    useOnce: (marker, expiresAt, now) => shard(indexOf(`u:${marker}`)).useOnce(marker, expiresAt, now, ref(indexOf(`u:${marker}`))),
    isUsed: (marker, now) => shard(indexOf(`u:${marker}`)).isUsed(marker, now),
    // Development only (the sandbox's data reset): the registry hands out the shards that hold something, each is
    // emptied; a shard written after that enrols again.
    clearAll: async () => {
      const enrolled = await guardObject(env, registryName(merchantCode))!.takeShards();
      // The one object per merchant of before the shards (docs/decisions/0021) is emptied too.
      await Promise.all([...enrolled.map((index) => shard(index).clearAll()), guardObject(env, merchantCode)!.clearAll()]);
    },
  };
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
