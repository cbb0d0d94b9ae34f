import { describe, expect, it, vi } from "vitest";
import { applyStorageCompat, LANGUAGE_KEY, MC_SESSION_INFO_KEY, MEMBER_INFO_KEY } from "../../../app/tracking/storage-compat";

class MemoryStorage {
  items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const member = {
  language: "VI",
  session: { id: "42", customerId: "42", merchantCode: "demo", userName: "ann01", firstTimeLogin: false },
  memberInfo: { type: 0, language: "VI", clubLabel: { labelName: "Gold", type: "AUTO", rankLevel: 3 } },
};

describe("storage compatibility", () => {
  it("a member: MC_SESSION_INFO and memberInfo in session storage, language in local storage, the same to the bridge", () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    const bridge = vi.fn();
    applyStorageCompat(member, { session, local }, bridge);
    expect(JSON.parse(session.items.get(MC_SESSION_INFO_KEY)!)).toEqual(member.session);
    expect(JSON.parse(session.items.get(MEMBER_INFO_KEY)!)).toEqual(member.memberInfo);
    expect(local.items.get(LANGUAGE_KEY)).toBe("VI");
    expect(session.items.get(MC_SESSION_INFO_KEY)).not.toMatch(/token/i);
    expect(bridge).toHaveBeenCalledWith(LANGUAGE_KEY, "VI");
  });

  it("the stored ad-tracking info: each id under its own local-storage key and to the bridge; a visitor's stays", () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    const bridge = vi.fn();
    applyStorageCompat({ ...member, adTracking: { gpsAdid: "g-1", idfa: "i-1" } }, { session, local }, bridge);
    expect(local.items.get("gpsAdid")).toBe("g-1");
    expect(local.items.get("idfa")).toBe("i-1");
    expect(bridge).toHaveBeenCalledWith("idfa", "i-1");
    applyStorageCompat({ language: "EN", session: null, memberInfo: null }, { session, local });
    expect(local.items.get("gpsAdid")).toBe("g-1");
  });

  it("after a logout or a lost session (a visitor): the member keys go, the language stays", () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    applyStorageCompat(member, { session, local });
    const bridge = vi.fn();
    applyStorageCompat({ language: "EN", session: null, memberInfo: null }, { session, local }, bridge);
    expect(session.items.size).toBe(0);
    expect(local.items.get(LANGUAGE_KEY)).toBe("EN");
    expect(bridge).toHaveBeenCalledWith(MC_SESSION_INFO_KEY, null);
  });

  it("switch off: nothing is written and nothing removed (another app's keys stay)", () => {
    const session = new MemoryStorage();
    session.setItem(MC_SESSION_INFO_KEY, "theirs");
    const bridge = vi.fn();
    applyStorageCompat(null, { session, local: null }, bridge);
    expect(session.items.get(MC_SESSION_INFO_KEY)).toBe("theirs");
    expect(bridge).not.toHaveBeenCalled();
  });

  it("blocked storage never throws", () => {
    const refusing = {
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => applyStorageCompat(member, { session: refusing, local: refusing })).not.toThrow();
  });
});
