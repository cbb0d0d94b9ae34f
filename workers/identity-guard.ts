import { DurableObject } from "cloudflare:workers";
import {
  attemptState,
  countAttempt,
  guardObject,
  registryName,
  type AttemptRule,
  type AttemptState,
  type Counter,
  type IdentityGuardShardApi,
  type ShardRef,
} from "../app/.server/security/identity-guard";

// One of a merchant's GUARD_SHARDS objects (idFromName(`${merchantCode}:${shard}`)), or the merchant's registry
// (`${merchantCode}:registry`); app/.server/security/identity-guard.ts sends each key to its shard
// (docs/decisions/0062-identity-guard-shards.md). Storage keys: "a:<rule key>" counters, "r:<id>" records,
// "u:<marker>" used markers, "m:enrolled" (a shard that told the registry it holds something), "s:<index>" (the
// registry's shards). An hourly alarm drops what has expired.

const HOUR = 60 * 60 * 1000;
const ENROLLED = "m:enrolled";
type Stored = { value: string; expiresAt: number };

export class IdentityGuard extends DurableObject<Env> implements IdentityGuardShardApi {
  /** Whether this shard is in its merchant's registry (read from storage once). */
  private enrolled: boolean | null = null;

  private async counters(rules: AttemptRule[]): Promise<(Counter | undefined)[]> {
    const found = await this.ctx.storage.get<Counter>(rules.map((rule) => `a:${rule.key}`));
    return rules.map((rule) => found.get(`a:${rule.key}`));
  }

  async checkAttempts(rules: AttemptRule[], now: number): Promise<AttemptState> {
    return attemptState(await this.counters(rules), rules, now);
  }

  async recordAttempt(rules: AttemptRule[], now: number, shard?: ShardRef): Promise<AttemptState> {
    const current = await this.counters(rules);
    const next = rules.map((rule, index) => countAttempt(current[index], rule, now));
    await this.ctx.storage.put(
      Object.fromEntries(rules.map((rule, index) => [`a:${rule.key}`, { ...next[index]!, windowMs: rule.windowMs }])),
    );
    await this.afterWrite(shard);
    return attemptState(next, rules, now);
  }

  async clearAttempts(keys: string[]): Promise<void> {
    await this.ctx.storage.delete(keys.map((key) => `a:${key}`));
  }

  async putRecord(id: string, value: string, expiresAt: number, shard?: ShardRef): Promise<void> {
    await this.ctx.storage.put<Stored>(`r:${id}`, { value, expiresAt });
    await this.afterWrite(shard);
  }

  async getRecord(id: string, now: number): Promise<string | null> {
    const stored = await this.ctx.storage.get<Stored>(`r:${id}`);
    return stored && stored.expiresAt > now ? stored.value : null;
  }

  async deleteRecord(id: string): Promise<void> {
    await this.ctx.storage.delete(`r:${id}`);
  }

  async useOnce(marker: string, expiresAt: number, now: number, shard?: ShardRef): Promise<boolean> {
    // Calls to one Durable Object run one at a time between awaits of storage: no two callers both see "unused".
    if (await this.isUsed(marker, now)) return false;
    await this.ctx.storage.put<Stored>(`u:${marker}`, { value: "", expiresAt });
    await this.afterWrite(shard);
    return true;
  }

  async isUsed(marker: string, now: number): Promise<boolean> {
    const stored = await this.ctx.storage.get<Stored>(`u:${marker}`);
    return !!stored && stored.expiresAt > now;
  }

  async clearAll(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.enrolled = false;
  }

  async enrolShard(index: number): Promise<void> {
    await this.ctx.storage.put(`s:${index}`, true);
  }

  async takeShards(): Promise<number[]> {
    const listed = await this.ctx.storage.list({ prefix: "s:" });
    await this.ctx.storage.delete([...listed.keys()]);
    return [...listed.keys()].map((key) => Number(key.slice(2)));
  }

  /** The first write of a shard enrols it in the merchant's registry (once, not on every write); the cleanup alarm. */
  private async afterWrite(shard: ShardRef | undefined): Promise<void> {
    if (shard && this.enrolled !== true) {
      this.enrolled = (await this.ctx.storage.get<boolean>(ENROLLED)) === true;
      if (!this.enrolled) {
        await guardObject(this.env, registryName(shard.merchantCode))?.enrolShard(shard.index);
        await this.ctx.storage.put(ENROLLED, true);
        this.enrolled = true;
      }
    }
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + HOUR);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const expired: string[] = [];
    let left = 0;
    for (const [key, value] of await this.ctx.storage.list<Stored & Counter & { windowMs?: number }>()) {
      if (key.startsWith("m:") || key.startsWith("s:")) continue;
      const ends = key.startsWith("a:") ? value.start + (value.windowMs ?? HOUR) : value.expiresAt;
      if (ends <= now) expired.push(key);
      else left += 1;
    }
    for (let i = 0; i < expired.length; i += 128) await this.ctx.storage.delete(expired.slice(i, i + 128));
    if (left > 0) await this.ctx.storage.setAlarm(now + HOUR);
  }
}
