// The sandbox's home content (docs/platform-contract.md, "Home catalogue"): banner groups with every linkage, the marquee's
// public items per language, the vendors, and the pictures drawn per merchant.
import { describe, expect, it } from "vitest";
import type { WpsContext, WpsRoute } from "../../../workers/wps-sandbox/context";
import type { Env } from "../../../workers/wps-sandbox/env";
import { NO_FAULTS } from "../../../workers/wps-sandbox/faults";
import { MERCHANTS } from "../../../workers/wps-sandbox/merchants";
import { downloadRoutes } from "../../../workers/wps-sandbox/routes/download";
import { BANNER_HEIGHT, BANNER_WIDTH, homeContentRoutes } from "../../../workers/wps-sandbox/routes/home-content";
import { promotionsFor } from "../../../workers/wps-sandbox/routes/promotions";
import { toHomeBanners } from "../../../app/home/banners.server";
import { toMarqueeItems } from "../../../app/home/marquee.server";
import { toVendors } from "../../../app/home/lanes.server";
import { buildLanes } from "../../../app/home/lanes";

const routes = [...downloadRoutes, ...homeContentRoutes];

function call(path: string, merchant = "demo", headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(path, "https://platform.internal");
  const route = routes.find((r: WpsRoute) => r.path === url.pathname);
  if (!route) throw new Error(`no route ${url.pathname}`);
  const ctx: WpsContext = {
    request: new Request(url, { headers }),
    url,
    env: {} as Env,
    merchant: MERCHANTS[merchant]!,
    faults: NO_FAULTS,
  };
  return route.handle(ctx);
}

async function value<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { success: boolean; value: T };
  expect(body.success).toBe(true);
  return body.value;
}

type Banner = { groupName: string; url: string; linkageType: string; linkage: string; title: string };

describe("home banners", () => {
  it.each(["demo", "vn88", "br777"])("%s: several per group, every linkage type, all usable by the product", async (merchant) => {
    const list = await value<Banner[]>(await call("/wps/system/banners?groups=m_home,m_event", merchant));
    expect(list.filter((b) => b.groupName === "m_home").length).toBeGreaterThanOrEqual(2);
    expect(list.filter((b) => b.groupName === "m_event").length).toBeGreaterThanOrEqual(2);
    expect(new Set(list.map((b) => b.linkageType))).toEqual(new Set(["P", "URL", "G"]));
    expect(list.some((b) => b.linkageType === "URL" && b.linkage.startsWith("/m"))).toBe(true);
    expect(list.some((b) => b.linkageType === "URL" && b.linkage.startsWith("https://"))).toBe(true);
    // The product keeps every one of them, each with a link.
    const slides = toHomeBanners(list, false, []);
    expect(slides).toHaveLength(list.length);
    expect(slides.every((s) => s.link !== null)).toBe(true);
  });

  it.each(["demo", "vn88", "br777"])("%s: every P banner names a promotion a visitor can open", async (merchant) => {
    const list = await value<Banner[]>(await call("/wps/system/banners?groups=m_home,m_event", merchant));
    const ids = promotionsFor(MERCHANTS[merchant]!, "EN", null).map((p) => p.id);
    const promotionLinks = list.filter((b) => b.linkageType === "P").map((b) => b.linkage);
    expect(promotionLinks.length).toBeGreaterThan(0);
    for (const id of promotionLinks) expect(ids).toContain(id);
  });

  it("the popup groups answer exactly as before", async () => {
    const list = await value<Banner[]>(await call("/wps/system/banners"));
    expect(list.map((b) => [b.groupName, b.url])).toEqual([
      ["m_popup1", "/wps/sandbox-files/banners/demo-get-the-app-v3.png"],
      ["m_popup2", "/wps/sandbox-files/banners/demo-lucky-draw-v1.png"],
    ]);
  });

  it("titles follow the Language header, English otherwise", async () => {
    const title = async (language: string) =>
      (await value<Banner[]>(await call("/wps/system/banners?groups=m_home", "vn88", { Language: language })))[0]!.title;
    expect(await title("VI")).toBe("Xổ số miền Bắc, quay lúc 18:15 hằng ngày");
    expect(await title("JA")).toBe("Northern Vietnam lottery, drawn daily at 18:15");
  });

  it("draws 600×250 PNGs, different per merchant", async () => {
    const bytes = async (merchant: string) => {
      const list = await value<Banner[]>(await call("/wps/system/banners?groups=m_home", merchant));
      const response = await call(list[0]!.url, merchant);
      expect(response.headers.get("content-type")).toBe("image/png");
      return new Uint8Array(await response.arrayBuffer());
    };
    const demo = await bytes("demo");
    const vn = await bytes("vn88");
    expect([...demo.slice(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
    const view = new DataView(demo.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([BANNER_WIDTH, BANNER_HEIGHT]);
    expect(Buffer.from(demo).equals(Buffer.from(vn))).toBe(false);
  });
});

describe("marquee announcements", () => {
  it("public items in the caller's language; the app-download category still answers as before", async () => {
    const items = await value<unknown[]>(
      await call("/wps/relay/MCSFE_getListAnnouncements?types=MQ&platform=M", "br777", { Language: "PT-BR" }),
    );
    expect(toMarqueeItems(items)[0]?.text).toBe("Depósitos via PIX caem em até um minuto, todos os dias da semana.");
    const download = await value<{ category: string }[]>(
      await call("/wps/relay/MCSFE_getListAnnouncements?types=PR&platform=M&category=app_download", "demo"),
    );
    expect(download.map((a) => a.category)).toEqual(["app_download"]);
  });
});

describe("game vendors", () => {
  it("vn88 has the Vietnam lottery first; every merchant has RNG, PVP and lottery vendors", async () => {
    for (const merchant of ["demo", "vn88", "br777"]) {
      const vendors = toVendors(await value<unknown[]>(await call("/wps/relay/GCSGAME_newGameVendor?platform=html5", merchant)));
      for (const type of ["RNG", "PVP", "LOTTERY"])
        expect(
          vendors.some((v) => v.vendorType === type),
          `${merchant} ${type}`,
        ).toBe(true);
    }
    const vn = buildLanes(toVendors(await value<unknown[]>(await call("/wps/relay/GCSGAME_newGameVendor?platform=html5", "vn88"))), true);
    expect(vn[0]).toMatchObject({ code: "VN_LOTTERY", ordinal: 105 });
    expect(await value(await call("/wps/relay/GCSGAME_newGameVendor?platform=pc", "demo"))).toEqual([]);
  });
});
