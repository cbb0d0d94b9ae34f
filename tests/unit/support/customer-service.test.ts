import { afterEach, describe, expect, it, vi } from "vitest";
import { decryptCustomerServicePath } from "../../../app/.server/platform/customer-service";
import { siteConfigSchema } from "../../../app/.server/platform/site";
import { customerServiceEntries } from "../../../app/support/cs-entries.server";
import { customerServiceLink, entryFor, nameParams, type CsEntry } from "../../../app/support/customer-service";
import { encryptCustomerServicePath } from "../../../workers/wps-sandbox/cs-path";
import { CS_PATH, CS_URL } from "../sandbox/vectors";

const URL_A = "https://cs.example.test/chat?site=7";

afterEach(() => vi.restoreAllMocks());

describe("decryptCustomerServicePath", () => {
  it("decrypts an openssl-made path", () => {
    expect(decryptCustomerServicePath(CS_PATH)).toBe(CS_URL);
  });

  it("decrypts with the last eight characters as the key", () => {
    expect(decryptCustomerServicePath(encryptCustomerServicePath(URL_A, "k3Y9zQ1a"))).toBe(URL_A);
  });

  it("gives the same answers the second time (each path is decrypted once per isolate), warning each time it fails", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const path = encryptCustomerServicePath(URL_A, "m4Q8zR2b");
    const broken = path.slice(0, -8) + "BROKENk1";
    expect([decryptCustomerServicePath(path), decryptCustomerServicePath(path)]).toEqual([URL_A, URL_A]);
    expect([decryptCustomerServicePath(broken), decryptCustomerServicePath(broken)]).toEqual([broken, broken]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("uses a path that starts with http as it is, without a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(decryptCustomerServicePath("http://plain.test/x")).toBe("http://plain.test/x");
    expect(warn).not.toHaveBeenCalled();
  });

  it("a wrong key: warns and gives back the raw value", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const path = encryptCustomerServicePath(URL_A, "k3Y9zQ1a");
    const wrongKey = path.slice(0, -8) + "WRONGkey";
    expect(decryptCustomerServicePath(wrongKey)).toBe(wrongKey);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("broken base64: warns and gives back the raw value", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = "%%%not*base64!!~~abcdefgh";
    expect(decryptCustomerServicePath(broken)).toBe(broken);
    const truncated = encryptCustomerServicePath(URL_A, "k3Y9zQ1a").slice(5);
    expect(decryptCustomerServicePath(truncated)).toBe(truncated);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("a path of eight characters or fewer has no ciphertext: returned as it is", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(decryptCustomerServicePath("abcdefgh")).toBe("abcdefgh");
  });
});

describe("customerServiceEntries", () => {
  it("keeps entries that are or decrypt to http(s) addresses, in the platform's order", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const config = siteConfigSchema.parse({
      customerService: [
        { csType: "AICAN", csPosition: "MAINTENANCE", path: encryptCustomerServicePath(URL_A, "abcdEFGH") },
        { csType: "LIVECHAT", csPosition: null, path: "javascript:alert(1)" },
        { csType: "COMM100", path: "https://c.test/w" },
        { csType: "MIDUOKE", csPosition: "HOME", path: "garbage-with-no-key" },
      ],
    });
    expect(customerServiceEntries(config)).toEqual([
      { csType: "AICAN", csPosition: "MAINTENANCE", url: URL_A },
      { csType: "COMM100", csPosition: null, url: "https://c.test/w" },
    ]);
  });

  it("no config: no entries", () => {
    expect(customerServiceEntries(null)).toEqual([]);
  });
});

const ENTRIES: CsEntry[] = [
  { csType: "LIVECHAT", csPosition: "HOME", url: "https://cs.test/live" },
  { csType: "COMM100VIP", csPosition: "member", url: "https://cs.test/vip?x=1" },
  { csType: "AICAN", csPosition: "MAINTENANCE", url: "https://cs.test/aican" },
];

describe("entryFor", () => {
  it("finds the position, case-insensitively", () => {
    expect(entryFor(ENTRIES, ["MEMBER", "HOME"])?.csType).toBe("COMM100VIP");
    expect(entryFor(ENTRIES, ["MAINTENANCE"])?.csType).toBe("AICAN");
  });

  it("falls back to the first entry when no entry has the position", () => {
    expect(entryFor(ENTRIES, ["DOMAIN_UNAVAILABLE"])?.csType).toBe("LIVECHAT");
  });

  it("no entries: null", () => {
    expect(entryFor([], ["HOME"])).toBeNull();
  });
});

describe("name parameters", () => {
  const member = { userName: "demo01", labelName: "Bronze" };

  it("one set per csType", () => {
    expect(nameParams("LIVECHAT", member)).toEqual([["name", "demo01"]]);
    expect(nameParams("AICAN", member)).toEqual([
      ["name", "demo01"],
      ["category", "Bronze"],
    ]);
    expect(nameParams("MIDUOKE", member)).toEqual([["visitorname", "demo01"]]);
    expect(nameParams("COMM100", member)).toEqual([["CUSTOM!username", "demo01"]]);
    expect(nameParams("COMM100VIP", member)).toEqual([
      ["CUSTOM!username", "demo01"],
      ["category", "Bronze"],
    ]);
  });

  it("no category without a club label; nothing for a visitor or an unknown csType", () => {
    expect(nameParams("COMM100VIP", { userName: "demo01", labelName: null })).toEqual([["CUSTOM!username", "demo01"]]);
    expect(nameParams("LIVECHAT", null)).toEqual([]);
    expect(nameParams("ZENDESK", member)).toEqual([]);
  });
});

describe("customerServiceLink", () => {
  it("a visitor's help entry: HOME, no name parameters", () => {
    expect(customerServiceLink(ENTRIES, "HOME", null)).toBe("https://cs.test/live");
  });

  it("a member's help entry prefers MEMBER and carries the member's name and label, encoded", () => {
    const link = new URL(customerServiceLink(ENTRIES, "HOME", { userName: "ngọc&1", labelName: "Gold VIP" })!);
    expect(link.searchParams.get("x")).toBe("1");
    expect(link.searchParams.get("CUSTOM!username")).toBe("ngọc&1");
    expect(link.searchParams.get("category")).toBe("Gold VIP");
  });

  it("replaces a name parameter the entry already had", () => {
    const entries = [{ csType: "LIVECHAT", csPosition: "HOME", url: "https://cs.test/l?name=someone" }];
    expect(new URL(customerServiceLink(entries, "HOME", { userName: "demo01", labelName: null })!).searchParams.getAll("name")).toEqual([
      "demo01",
    ]);
  });

  it("no usable entry: null", () => {
    expect(customerServiceLink([], "MAINTENANCE", null)).toBeNull();
    expect(customerServiceLink([{ csType: "AICAN", csPosition: "HOME", url: "ftp://x.test/" }], "HOME", null)).toBeNull();
  });
});
