// The sandbox's app download calls and files (docs/platform-contract.md, "App download").
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { WpsContext, WpsRoute } from "../../../workers/wps-sandbox/context";
import type { Env } from "../../../workers/wps-sandbox/env";
import { NO_FAULTS } from "../../../workers/wps-sandbox/faults";
import { MERCHANTS } from "../../../workers/wps-sandbox/merchants";
import { DOWNLOAD_SETUP, downloadRoutes } from "../../../workers/wps-sandbox/routes/download";

function call(path: string, merchant = "demo", headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(path, "https://platform.internal");
  const route = downloadRoutes.find((r: WpsRoute) => r.path === url.pathname);
  if (!route) throw new Error(`no route ${url.pathname}`);
  const request = new Request(url, { headers });
  const ctx: WpsContext = { request, url, env: {} as Env, merchant: MERCHANTS[merchant]!, faults: NO_FAULTS };
  return route.handle(ctx);
}

async function value<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { success: boolean; value: T };
  expect(body.success).toBe(true);
  return body.value;
}

describe("download links", () => {
  it("demo has all four resource types; vn88 only Android; br777 Android and iOS", async () => {
    const types = async (m: string) =>
      (await value<{ resourceType: string }[]>(await call("/wps/system/downloadLinks", m))).map((l) => l.resourceType);
    expect(await types("demo")).toEqual(["Android", "IOS", "MOBILECONFIG", "AppDownloadIcon"]);
    expect(await types("vn88")).toEqual(["Android"]);
    expect(await types("br777")).toEqual(["Android", "IOS"]);
  });

  it("every link is served", async () => {
    for (const [code, setup] of Object.entries(DOWNLOAD_SETUP)) {
      for (const url of Object.values(setup.links)) {
        const response = await call(url, code);
        expect(response.status, url).toBe(200);
      }
    }
  });

  it("serves the apk as a download and the profile as a web clip for the site in Referer", async () => {
    const apk = await call("/wps/sandbox-files/app/demo-play.apk");
    expect(apk.headers.get("content-type")).toBe("application/vnd.android.package-archive");
    expect(apk.headers.get("content-disposition")).toContain('filename="demo-play.apk"');
    const profile = await call("/wps/sandbox-files/app/demo-play.mobileconfig", "demo", { Referer: "http://demo.localhost:8808/m/home" });
    expect(profile.headers.get("content-type")).toBe("application/x-apple-aspen-config");
    const xml = await profile.text();
    expect(xml).toContain("<string>http://demo.localhost:8808/m/home?WEBCLIP=1</string>");
    expect(xml).toContain("com.apple.webClip.managed");
  });
});

describe("banners and their images", () => {
  it("answers the asked groups in order; unknown groups are empty; bad names are refused", async () => {
    const list = await value<{ groupName: string; url: string }[]>(await call("/wps/system/banners?groups=m_popup2,m_popup1,home"));
    expect(list.map((b) => b.groupName)).toEqual(["m_popup2", "m_popup1"]);
    expect(list[1]?.url).toBe("/wps/sandbox-files/banners/demo-get-the-app-v3.png");
    expect(await value(await call("/wps/system/banners?groups=m_popup1", "br777"))).toEqual([]);
    expect((await call("/wps/system/banners?groups=a;b")).status).toBe(400);
  });

  it("draws real PNGs", async () => {
    const response = await call("/wps/sandbox-files/banners/demo-get-the-app-v3.png");
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = new Uint8Array(await response.arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer);
    expect(new TextDecoder().decode(png.slice(12, 16))).toBe("IHDR");
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([300, 400]);
    // The image data inflates to one filter byte plus 300 RGB pixels per row.
    const idatLength = view.getUint32(33);
    expect(new TextDecoder().decode(png.slice(37, 41))).toBe("IDAT");
    expect(inflateSync(png.slice(41, 41 + idatLength)).length).toBe(400 * (1 + 300 * 3));
  });
});

describe("announcements, promotions, app version", () => {
  it("the app-download announcement in the caller's language", async () => {
    const [en] = await value<{ title: string; promotionId: string }[]>(
      await call("/wps/relay/MCSFE_getListAnnouncements?types=PR&platform=M&category=app_download"),
    );
    expect(en).toMatchObject({ title: "Download the app, get a bonus", promotionId: "APPDL-1" });
    const [vi] = await value<{ title: string }[]>(
      await call("/wps/relay/MCSFE_getListAnnouncements?category=app_download", "demo", { Language: "VI" }),
    );
    expect(vi?.title).toBe("Tải ứng dụng, nhận thưởng");
    expect(await value(await call("/wps/relay/MCSFE_getListAnnouncements?category=news"))).toEqual([]);
    expect(await value(await call("/wps/relay/MCSFE_getListAnnouncements?category=app_download", "vn88"))).toEqual([]);
  });

  it("public promotions without a token", async () => {
    const demo = await value<Record<string, { enabled: boolean }>>(await call("/wps/relay/MCSFE_getMerchantAvailablePromotions"));
    expect(demo.APP_DOWNLOAD?.enabled).toBe(true);
    expect(Object.keys(demo)).toHaveLength(15);
    const br = await value<Record<string, { enabled: boolean }>>(await call("/wps/relay/MCSFE_getMerchantAvailablePromotions", "br777"));
    expect(br.APP_DOWNLOAD?.enabled).toBe(false);
  });

  it("the latest app version per platform", async () => {
    expect(await value(await call("/wps/system/appVersion?platform=IOS"))).toEqual({
      latestVersion: "2.5.0",
      downloadUrl: "/wps/sandbox-files/app/demo-play-ios.html",
    });
    expect(await value(await call("/wps/system/appVersion", "vn88"))).toEqual({
      latestVersion: "2.4.0",
      downloadUrl: "/wps/sandbox-files/app/vn88.apk",
    });
    expect((await call("/wps/system/appVersion?platform=web")).status).toBe(400);
  });
});
