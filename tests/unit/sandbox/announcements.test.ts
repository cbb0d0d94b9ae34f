// The sandbox's popup announcements (docs/platform-contract.md, "Announcement popup").
import { describe, expect, it } from "vitest";
import type { WpsContext } from "../../../workers/wps-sandbox/context";
import type { Env } from "../../../workers/wps-sandbox/env";
import { NO_FAULTS } from "../../../workers/wps-sandbox/faults";
import { MERCHANTS } from "../../../workers/wps-sandbox/merchants";
import { HOSTILE_CONTENT, popupAnnouncements } from "../../../workers/wps-sandbox/routes/announcements";

/** A D1 stand-in with no overrides stored. */
const db = {
  prepare: () => ({ run: async () => ({}), bind: () => ({ all: async () => ({ results: [] }) }) }),
} as unknown as D1Database;

function call(query: string, merchant = "demo", headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(`/wps/relay/MCSFE_getListAnnouncements?types=PU&platform=M&${query}`, "https://platform.internal");
  const ctx: WpsContext = {
    request: new Request(url, { headers }),
    url,
    env: { DB: db } as Env,
    merchant: MERCHANTS[merchant]!,
    faults: NO_FAULTS,
  };
  return popupAnnouncements(ctx);
}

type Item = { id: string; title: string; content: string; execution: string; forceRead: boolean; promotionId: string | null };

async function items(response: Response): Promise<Item[]> {
  const body = (await response.json()) as { success: boolean; value: Item[] };
  expect(body.success).toBe(true);
  return body.value;
}

describe("popup announcements", () => {
  it("visitors (B): a forceRead item, a long one and the hostile one, in the caller's language", async () => {
    const list = await items(await call("execution=B"));
    expect(list.map((item) => item.id)).toEqual(["demo-pu-welcome", "demo-pu-rules", "demo-pu-hostile"]);
    expect(list[0]!.forceRead).toBe(true);
    expect(list[2]!.content).toBe(HOSTILE_CONTENT);
    expect((await items(await call("execution=B", "vn88", { Language: "VI" })))[0]!.title).toBe("Chào mừng đến với VN88");
    expect((await items(await call("execution=B", "demo", { Language: "JA" })))[0]!.title).toBe("Welcome to Demo Play");
  });

  it("other merchants have none; a bad execution is refused; members' audiences need a token", async () => {
    expect(await items(await call("execution=B", "br777"))).toEqual([]);
    expect(((await (await call("execution=X")).json()) as { success: boolean }).success).toBe(false);
    const member = (await (await call("execution=A,F")).json()) as { success: boolean };
    expect(member.success).toBe(false);
  });
});
