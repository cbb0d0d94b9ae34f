// The one web-storage wrapper (app/shell/web-storage.ts): blocked or full storage never throws.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readStorage, webStorage, writeStorage } from "~/shell/web-storage";

function memoryStorage(options: { full?: boolean } = {}): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (options.full) throw new DOMException("quota", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("web storage", () => {
  it("writes, reads and removes a value", () => {
    vi.stubGlobal("window", { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
    writeStorage("localStorage", "WEBCLIP", "1");
    expect(readStorage("localStorage", "WEBCLIP")).toBe("1");
    expect(readStorage("sessionStorage", "WEBCLIP")).toBeNull();
    writeStorage("localStorage", "WEBCLIP", null);
    expect(readStorage("localStorage", "WEBCLIP")).toBeNull();
  });

  it("blocked storage (reading window.localStorage throws) reads as empty and ignores writes", () => {
    const blocked = {};
    Object.defineProperty(blocked, "localStorage", {
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
    vi.stubGlobal("window", blocked);
    expect(webStorage("localStorage")).toBeNull();
    expect(() => writeStorage("localStorage", "k", "v")).not.toThrow();
    expect(readStorage("localStorage", "k")).toBeNull();
  });

  it("full storage ignores the write", () => {
    vi.stubGlobal("window", { localStorage: memoryStorage({ full: true }) });
    expect(() => writeStorage("localStorage", "k", "v")).not.toThrow();
    expect(readStorage("localStorage", "k")).toBeNull();
  });
});
