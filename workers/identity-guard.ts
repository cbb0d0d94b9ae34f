import { DurableObject } from "cloudflare:workers";
import {
  attemptState,
  countAttempt,
  type AttemptRule,
  type AttemptState,
  type Counter,
  type IdentityGuardApi,
} from "../app/.server/security/identity-guard";

// One per merchant (idFromName(merchantCode)). Storage keys: "a:<rule key>" counters, "r:<id>" records,
// "u:<marker>" used markers. An hourly alarm drops what has expired.

const HOUR = 60 * 60 * 1000;
type Stored = { value: string; expiresAt: number };

export class IdentityGuard extends DurableObject<Env> implements IdentityGuardApi {
  private async counters(rules: AttemptRule[]): Promise<(Counter | undefined)[]> {
    const found = await this.ctx.storage.get<Counter>(rules.map((rule) => `a:${rule.key}`));
    return rules.map((rule) => found.get(`a:${rule.key}`));
  }

  async checkAttempts(rules: AttemptRule[], now: number): Promise<AttemptState> {
    return attemptState(await this.counters(rules), rules, now);
  }

  async recordAttempt(rules: AttemptRule[], now: number): Promise<AttemptState> {
    const current = await this.counters(rules);
    const next = rules.map((rule, index) => countAttempt(current[index], rule, now));
    await this.ctx.storage.put(
      Object.fromEntries(rules.map((rule, index) => [`a:${rule.key}`, { ...next[index]!, windowMs: rule.windowMs }])),
    );
    await this.scheduleCleanup();
    return attemptState(next, rules, now);
  }

  async clearAttempts(keys: string[]): Promise<void> {
    await this.ctx.storage.delete(keys.map((key) => `a:${key}`));
  }

  async putRecord(id: string, value: string, expiresAt: number): Promise<void> {
    await this.ctx.storage.put<Stored>(`r:${id}`, { value, expiresAt });
    await this.scheduleCleanup();
  }

  async getRecord(id: string, now: number): Promise<string | null> {
    const stored = await this.ctx.storage.get<Stored>(`r:${id}`);
    return stored && stored.expiresAt > now ? stored.value : null;
  }

  async deleteRecord(id: string): Promise<void> {
    await this.ctx.storage.delete(`r:${id}`);
  }

  async useOnce(marker: string, expiresAt: number, now: number): Promise<boolean> {
    // Calls to one Durable Object run one at a time between awaits of storage: no two callers both see "unused".
    if (await this.isUsed(marker, now)) return false;
    await this.ctx.storage.put<Stored>(`u:${marker}`, { value: "", expiresAt });
    await this.scheduleCleanup();
    return true;
  }

  async isUsed(marker: string, now: number): Promise<boolean> {
    const stored = await this.ctx.storage.get<Stored>(`u:${marker}`);
    return !!stored && stored.expiresAt > now;
  }

  async clearAll(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  private async scheduleCleanup(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + HOUR);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const expired: string[] = [];
    for (const [key, value] of await this.ctx.storage.list<Stored & Counter & { windowMs?: number }>()) {
      const ends = key.startsWith("a:") ? value.start + (value.windowMs ?? HOUR) : value.expiresAt;
      if (ends <= now) expired.push(key);
    }
    for (let i = 0; i < expired.length; i += 128) await this.ctx.storage.delete(expired.slice(i, i + 128));
    if ((await this.ctx.storage.list({ limit: 1 })).size > 0) await this.ctx.storage.setAlarm(now + HOUR);
  }
}
