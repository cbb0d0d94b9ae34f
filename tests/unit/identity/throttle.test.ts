// The IdentityGuard's pure parts (docs/behaviour/identity.md#throttling, #wrong-codes): which counters an attempt
// touches, which of them a known device passes, the code counters, and how keys spread over a merchant's shards
// (docs/decisions/0062-identity-guard-shards.md).
import { describe, expect, it } from "vitest";
import {
  GUARD_SHARDS,
  identityGuardFor,
  mergeStates,
  registryName,
  rulesByShard,
  shardName,
  shardOf,
  type AttemptRule,
} from "../../../app/.server/security/identity-guard";
import {
  clientKeys,
  knownDeviceRecord,
  smsLoginCodeRule,
  throttleRules,
  throttleVerdict,
  twoFactorCodeRules,
} from "../../../app/identity/throttle.server";

const MINUTE = 60_000;

describe("login counters", () => {
  it("lock hard per account and device; per account and per address only softly", () => {
    const rules = throttleRules("login", { device: "d1", ip: "203.0.113.9" }, " Demo01 ");
    expect(rules.hard).toEqual([{ key: "login:client:demo01:device:d1", limit: 5, windowMs: 15 * MINUTE }]);
    expect(rules.soft).toEqual([
      { key: "login:ip:203.0.113.9", limit: 300, windowMs: 15 * MINUTE },
      { key: "login:account:demo01", limit: 20, windowMs: 15 * MINUTE },
    ]);
  });

  it("count a browser without a device cookie by its address, and by the cookie it is given", () => {
    expect(clientKeys({ device: null, ip: "203.0.113.9" })).toEqual(["ip:203.0.113.9"]);
    expect(clientKeys({ device: "d2", ip: "203.0.113.9", newDevice: true })).toEqual(["ip:203.0.113.9", "device:d2"]);
    expect(clientKeys({ device: "d2", ip: "203.0.113.9" })).toEqual(["device:d2"]);
    expect(clientKeys({ device: null, ip: null })).toEqual(["unknown"]);
  });

  it("know a device for an account only by its cookie, never by an address", () => {
    expect(knownDeviceRecord("Demo01", { device: "d1", ip: "203.0.113.9" })).toBe("known-device:demo01:d1");
    expect(knownDeviceRecord("demo01", { device: null, ip: "203.0.113.9" })).toBeNull();
    expect(knownDeviceRecord(null, { device: "d1", ip: null })).toBeNull();
  });

  it("block on a hard rule always, on a soft one unless the device is known", () => {
    const blocked = { blocked: true as const, until: 10 };
    const open = { blocked: false as const };
    expect(throttleVerdict(blocked, open, true)).toEqual(blocked);
    expect(throttleVerdict(open, blocked, false)).toEqual(blocked);
    expect(throttleVerdict(open, blocked, true)).toEqual(open);
    expect(throttleVerdict(open, open, false)).toEqual(open);
  });

  it("keep SMS codes sent and registrations hard, as before", () => {
    const sms = throttleRules("sms-code", { device: "d1", ip: "203.0.113.9" }, "+84900000001");
    expect(sms.soft).toEqual([]);
    expect(sms.hard.map((rule) => [rule.key, rule.limit])).toEqual([
      ["sms-code:ip:203.0.113.9", 100],
      ["sms-code:account:+84900000001", 5],
    ]);
    expect(throttleRules("register", { device: null, ip: null }, "New1").hard).toEqual([
      { key: "register:account:new1", limit: 5, windowMs: 60 * MINUTE },
    ]);
  });
});

describe("code counters", () => {
  it("count a two-factor step by its nonce and a password login's account; SMS login codes by number", () => {
    expect(twoFactorCodeRules("n-1", "GA01")).toEqual({
      step: { key: "2fa-code:step:n-1", limit: 5, windowMs: 10 * MINUTE },
      account: { key: "2fa-code:account:ga01", limit: 10, windowMs: 15 * MINUTE },
    });
    expect(twoFactorCodeRules("n-2", null).account).toBeNull();
    expect(smsLoginCodeRule("+55900000001")).toEqual({ key: "sms-login-code:number:+55900000001", limit: 5, windowMs: 15 * MINUTE });
  });
});

describe("shards", () => {
  it("put a key always in the same shard of the merchant, and spread many keys over all of them", () => {
    expect(shardOf("login:account:demo01")).toBe(shardOf("login:account:demo01"));
    const used = new Set(Array.from({ length: 5_000 }, (_, i) => shardOf(`login:account:player${i}`)));
    expect(used.size).toBe(GUARD_SHARDS);
    expect([...used].every((shard) => shard >= 0 && shard < GUARD_SHARDS)).toBe(true);
    expect(shardName("demo", 7)).toBe("demo:7");
    expect(registryName("demo")).toBe("demo:registry");
  });

  it("group an attempt's rules by shard, and merge the shards' answers to the latest end", () => {
    const rules: AttemptRule[] = ["a", "b", "c", "d"].map((key) => ({ key, limit: 1, windowMs: 1 }));
    const groups = rulesByShard(rules, 2);
    expect(
      [...groups.values()]
        .flat()
        .map((rule) => rule.key)
        .sort(),
    ).toEqual(["a", "b", "c", "d"]);
    for (const [shard, group] of groups) expect(group.every((rule) => shardOf(rule.key, 2) === shard)).toBe(true);
    expect(mergeStates([{ blocked: false }, { blocked: true, until: 5 }, { blocked: true, until: 9 }])).toEqual({
      blocked: true,
      until: 9,
    });
    expect(mergeStates([])).toEqual({ blocked: false });
  });

  it("ask the objects of an attempt's rules, and on reset only the shards the registry hands out", async () => {
    const calls: string[] = [];
    const object = (name: string) =>
      new Proxy(
        {},
        {
          get: (_, method: string) => async () => {
            calls.push(`${name} ${method}`);
            if (method === "takeShards") return [3, 5];
            return method === "checkAttempts" ? { blocked: false } : null;
          },
        },
      );
    const namespace = { idFromName: (name: string) => name, get: (id: string) => object(id) };
    const guard = identityGuardFor({ IDENTITY_GUARD: namespace as never }, "demo")!;

    await guard.checkAttempts(
      ["login:account:demo01", "login:ip:203.0.113.9"].map((key) => ({ key, limit: 1, windowMs: 1 })),
      0,
    );
    expect(calls.sort()).toEqual(
      [...new Set([shardOf("login:account:demo01"), shardOf("login:ip:203.0.113.9")])].map((shard) => `demo:${shard} checkAttempts`).sort(),
    );
    calls.length = 0;
    await guard.getRecord("record-1", 0);
    expect(calls).toEqual([`demo:${shardOf("r:record-1")} getRecord`]);
    calls.length = 0;
    await guard.clearAll();
    expect(calls.sort()).toEqual(["demo clearAll", "demo:3 clearAll", "demo:5 clearAll", "demo:registry takeShards"]);
  });
});
