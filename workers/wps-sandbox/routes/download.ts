// App download surfaces (docs/behaviour/download.md): download links, app-download announcements, available promotions,
// popup banners and their images, the native app's version check — plus the small files those links point at
// (an .apk, an .ipa, a configuration profile, icons and banner images drawn here as real PNGs).
// Files live under /wps/sandbox-files/ and go through the app's /wps proxy like the platform's CDN would.
import type { WpsContext, WpsRoute } from "../context";
import { fail, html, notLoggedIn, ok } from "../http";
import { MERCHANTS, type Merchant } from "../merchants";
import { authenticate, tokenFrom } from "../sessions";
import { invalidRequest } from "../validation";
import { popupAnnouncements } from "./announcements";
import { PROMOTION_TYPES } from "../../../app/promotions/go-to";
import { Canvas, drawnOnce, merchantColours, WHITE, type Bytes } from "../canvas";
import { homeBanners, isHomeBannerGroup, marqueeAnnouncements } from "./home-content";

export const FILES_PREFIX = "/wps/sandbox-files/";

// ---------------------------------------------------------------------------------------------------------------
// Demo data per merchant

type ResourceType = "Android" | "IOS" | "MOBILECONFIG" | "AppDownloadIcon";

interface DownloadSetup {
  links: Partial<Record<ResourceType, string>>;
  /** Latest native app version (the upgrade check). */
  latestVersion: string;
  /** Popup banners: group → image file name (a new name = a new image the visitor has not saved). */
  banners: Partial<Record<"m_popup1" | "m_popup2", string>>;
  /** APP_DOWNLOAD promotion: for visitors (public) and for members (personal, not for restricted members). */
  appDownloadPublic: boolean;
  appDownloadPersonal: boolean;
  /** The app-download announcement's promotion id, when the merchant has one. */
  promotionId: string | null;
}

const APP = `${FILES_PREFIX}app/`;
const BANNERS = `${FILES_PREFIX}banners/`;

export const DOWNLOAD_SETUP: Readonly<Record<string, DownloadSetup>> = {
  demo: {
    links: {
      Android: `${APP}demo-play.apk`,
      IOS: `${APP}demo-play-ios.html`,
      MOBILECONFIG: `${APP}demo-play.mobileconfig`,
      AppDownloadIcon: `${APP}demo-play-icon.png`,
    },
    latestVersion: "2.5.0",
    banners: { m_popup1: "demo-get-the-app-v3.png", m_popup2: "demo-lucky-draw-v1.png" },
    appDownloadPublic: true,
    appDownloadPersonal: true,
    promotionId: "APPDL-1",
  },
  vn88: {
    links: { Android: `${APP}vn88.apk` },
    latestVersion: "2.4.0",
    banners: { m_popup1: "vn88-get-the-app-v1.png" },
    appDownloadPublic: false,
    appDownloadPersonal: false,
    promotionId: null,
  },
  br777: {
    links: { Android: `${APP}br777.apk`, IOS: `${APP}br777.ipa` },
    latestVersion: "2.5.0",
    banners: {},
    appDownloadPublic: false,
    appDownloadPersonal: true,
    promotionId: "APPDL-7",
  },
};

const NO_SETUP: DownloadSetup = {
  links: {},
  latestVersion: "0.0.0",
  banners: {},
  appDownloadPublic: false,
  appDownloadPersonal: false,
  promotionId: null,
};

function setupOf(merchant: Merchant): DownloadSetup {
  return DOWNLOAD_SETUP[merchant.code] ?? NO_SETUP;
}

/** Announcement texts by language (the platform answers in the caller's language; English otherwise). */
const BONUS_TEXT: Record<string, { title: string; content: string }> = {
  EN: {
    title: "Download the app, get a bonus",
    content:
      "<p>Install the app and log in within <b>7 days</b> to receive your app bonus.</p><p>The bonus is credited automatically &amp; can be used on every lottery.</p>",
  },
  VI: {
    title: "Tải ứng dụng, nhận thưởng",
    content:
      "<p>Cài đặt ứng dụng và đăng nhập trong vòng <b>7 ngày</b> để nhận thưởng.</p><p>Tiền thưởng được cộng tự động &amp; dùng được cho mọi xổ số.</p>",
  },
  UR: {
    title: "ایپ ڈاؤن لوڈ کریں، بونس پائیں",
    content:
      "<p>ایپ انسٹال کریں اور <b>7 دن</b> کے اندر لاگ ان کریں تاکہ آپ کو ایپ بونس ملے۔</p><p>بونس خود بخود آپ کے اکاؤنٹ میں جمع ہو جاتا ہے۔</p>",
  },
  "PT-BR": {
    title: "Baixe o app e ganhe um bônus",
    content: "<p>Instale o app e entre em até <b>7 dias</b> para receber o bônus.</p><p>O bônus é creditado automaticamente.</p>",
  },
};

// ---------------------------------------------------------------------------------------------------------------
// /wps calls

async function downloadLinks(ctx: WpsContext): Promise<Response> {
  const { links } = setupOf(ctx.merchant);
  return ok(Object.entries(links).map(([resourceType, url]) => ({ resourceType, url })));
}

const GROUP = /^[A-Za-z0-9_]{1,32}$/;

async function banners(ctx: WpsContext): Promise<Response> {
  const groups = (ctx.url.searchParams.get("groups") ?? "m_popup1,m_popup2")
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);
  if (groups.length === 0 || groups.length > 20 || !groups.every((g) => GROUP.test(g))) {
    return invalidRequest("groups: a comma-separated list of banner group names");
  }
  const setup = setupOf(ctx.merchant);
  const list = groups.flatMap((groupName) => {
    if (isHomeBannerGroup(groupName)) return homeBanners(ctx, groupName);
    const file = setup.banners[groupName as keyof DownloadSetup["banners"]];
    // linkageType URL to an internal path: a banner that opens a page of the site itself.
    return file ? [{ groupName, url: `${BANNERS}${file}`, linkageType: "URL", linkage: "/m/home", roomId: null, nodeId: null }] : [];
  });
  return ok(list);
}

async function appVersion(ctx: WpsContext): Promise<Response> {
  const platform = ctx.url.searchParams.get("platform") ?? "Android";
  if (platform !== "Android" && platform !== "IOS") return invalidRequest("platform: Android or IOS");
  const setup = setupOf(ctx.merchant);
  const downloadUrl = (platform === "IOS" ? setup.links.IOS : setup.links.Android) ?? null;
  return ok({ latestVersion: setup.latestVersion, downloadUrl });
}

async function announcements(ctx: WpsContext): Promise<Response> {
  if (ctx.url.searchParams.get("types") === "MQ") return marqueeAnnouncements(ctx);
  if (ctx.url.searchParams.get("types") === "PU") return popupAnnouncements(ctx);
  const category = ctx.url.searchParams.get("category");
  const setup = setupOf(ctx.merchant);
  // Only the app-download category exists in the sandbox; other categories have no announcements.
  if ((category !== null && category !== "app_download") || setup.promotionId === null) return ok([]);
  const language = ctx.request.headers.get("Language")?.trim().toUpperCase() ?? "";
  const text = BONUS_TEXT[language] ?? BONUS_TEXT[ctx.merchant.defaultLanguage] ?? BONUS_TEXT.EN!;
  return ok([
    {
      id: `${ctx.merchant.code}-app-download`,
      title: text.title,
      content: text.content,
      promotionType: "APP_DOWNLOAD",
      promotionId: setup.promotionId,
      types: "PR",
      platform: "M",
      category: "app_download",
    },
  ]);
}

async function availablePromotions(ctx: WpsContext): Promise<Response> {
  const setup = setupOf(ctx.merchant);
  let appDownload = setup.appDownloadPublic;
  // With a token: the member's personal promotions. A token that is not valid is "not logged in", as on every auth call.
  if (tokenFrom(ctx.request) !== null) {
    const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
    if (session === null) return notLoggedIn();
    appDownload = setup.appDownloadPersonal && session.member.type !== 4;
  }
  const value = Object.fromEntries(
    PROMOTION_TYPES.map((type) => {
      const enabled = type === "APP_DOWNLOAD" ? appDownload : type === "LOGIN" || type === "REGISTER" || type === "FIRST_DEPOSIT";
      return [type, { enabled, count: enabled ? 1 : 0 }];
    }),
  );
  return ok(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Files: pictures drawn on the sandbox canvas (../canvas.ts).

async function drawIcon(merchantCode: string): Promise<Bytes> {
  const p = merchantColours(merchantCode);
  const c = new Canvas(192, 192);
  c.gradient(p.top, p.bottom);
  c.roundRect(36, 36, 120, 120, 28, WHITE);
  c.downloadSign(96, 54, 84, p.top);
  return c.png();
}

async function drawGetTheApp(merchantCode: string): Promise<Bytes> {
  const p = merchantColours(merchantCode);
  const c = new Canvas(300, 400);
  c.gradient(p.top, p.bottom);
  c.text("GET THE APP", 150, 28, 4, WHITE);
  // A phone with the download sign on its screen.
  c.roundRect(95, 88, 110, 200, 18, [20, 24, 36]);
  c.roundRect(103, 104, 94, 168, 8, WHITE);
  c.downloadSign(150, 140, 70, p.top);
  c.text("BONUS", 150, 306, 5, p.accent);
  c.text("IN 7 DAYS", 150, 352, 3, WHITE);
  return c.png();
}

async function drawLuckyDraw(merchantCode: string): Promise<Bytes> {
  const c = new Canvas(300, 400);
  c.gradient([106, 27, 154], [255, 143, 0]);
  c.text("LUCKY DRAW", 150, 28, 4, WHITE);
  c.circle(80, 170, 42, [249, 168, 37], [255, 245, 157]);
  c.circle(160, 150, 48, [0, 131, 143], [178, 235, 242]);
  c.circle(230, 200, 38, [198, 40, 40], [255, 205, 210]);
  c.circle(130, 240, 40, [46, 125, 50], [200, 230, 201]);
  c.text("7", 80, 156, 4, [62, 39, 35]);
  c.text("2", 160, 136, 4, WHITE);
  c.text("9", 230, 186, 4, WHITE);
  c.text("4", 130, 226, 4, WHITE);
  c.text("DAILY", 150, 300, 5, WHITE);
  c.text(merchantCode === "demo" ? "DEMO PLAY" : "PLAY NOW", 150, 352, 3, [255, 248, 225]);
  return c.png();
}

function fileReply(body: BodyInit, type: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { headers: { "content-type": type, "cache-control": "public, max-age=3600", ...headers } });
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The site the browser is on (the proxy forwards Referer), for the web clip's address. */
function siteOrigin(request: Request): string {
  try {
    const referer = request.headers.get("Referer");
    if (referer) return new URL(referer).origin;
  } catch {
    // fall through
  }
  return "http://demo.localhost:8787";
}

/** A stable UUID per merchant and payload (profiles need one). */
function payloadUuid(merchant: Merchant, n: number): string {
  const hex = Array.from(merchant.code, (c) => c.charCodeAt(0).toString(16).padStart(2, "0"))
    .join("")
    .padEnd(12, "0")
    .slice(0, 12);
  return `6f1c2c52-7e0b-4f5b-9c3${n}-${hex}`.toUpperCase();
}

function mobileconfig(merchant: Merchant, origin: string): string {
  const id = `sandbox.${merchant.code}.webclip`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>FullScreen</key><true/>
      <key>IsRemovable</key><true/>
      <key>Label</key><string>${escapeXml(merchant.brand)}</string>
      <key>PayloadIdentifier</key><string>${id}.clip</string>
      <key>PayloadType</key><string>com.apple.webClip.managed</string>
      <key>PayloadUUID</key><string>${payloadUuid(merchant, 1)}</string>
      <key>PayloadVersion</key><integer>1</integer>
      <key>URL</key><string>${escapeXml(`${origin}/m/home?WEBCLIP=1`)}</string>
    </dict>
  </array>
  <key>PayloadDisplayName</key><string>${escapeXml(merchant.brand)} (sandbox)</string>
  <key>PayloadIdentifier</key><string>${id}</string>
  <key>PayloadType</key><string>Configuration</string>
  <key>PayloadUUID</key><string>${payloadUuid(merchant, 2)}</string>
  <key>PayloadVersion</key><integer>1</integer>
</dict>
</plist>
`;
}

function iosPage(merchant: Merchant): Response {
  const brand = escapeXml(merchant.brand);
  return html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>iOS app (sandbox) - ${brand}</title></head>
<body><main><h1>iOS app (sandbox)</h1><p>${brand}: in production this link opens the App Store or the enterprise install page.</p></main></body>
</html>
`);
}

type FileHandler = (ctx: WpsContext, merchant: Merchant) => Promise<Response>;

function fileRoutes(): WpsRoute[] {
  const routes: WpsRoute[] = [];
  const add = (path: string, merchantCode: string, handle: FileHandler) =>
    routes.push({
      method: "GET",
      path,
      handle: async (ctx) => {
        const merchant = MERCHANTS[merchantCode];
        return merchant ? handle(ctx, merchant) : fail("path.not.found", `No such file: ${path}`, 404);
      },
    });
  for (const [code, setup] of Object.entries(DOWNLOAD_SETUP)) {
    for (const [type, url] of Object.entries(setup.links) as [ResourceType, string][]) {
      if (type === "Android") {
        add(url, code, async (_ctx, m) =>
          fileReply(
            `Sandbox Android package for ${m.brand}. In production this is the merchant's signed APK.\n`,
            "application/vnd.android.package-archive",
            {
              "content-disposition": `attachment; filename="${url.slice(url.lastIndexOf("/") + 1)}"`,
            },
          ),
        );
      } else if (type === "IOS") {
        add(url, code, async (_ctx, m) =>
          url.endsWith(".ipa")
            ? fileReply(`Sandbox iOS package for ${m.brand}.\n`, "application/octet-stream", {
                "content-disposition": `attachment; filename="${url.slice(url.lastIndexOf("/") + 1)}"`,
              })
            : iosPage(m),
        );
      } else if (type === "MOBILECONFIG") {
        add(url, code, async (ctx, m) =>
          fileReply(mobileconfig(m, siteOrigin(ctx.request)), "application/x-apple-aspen-config", {
            "content-disposition": `attachment; filename="${url.slice(url.lastIndexOf("/") + 1)}"`,
            "cache-control": "no-store",
          }),
        );
      } else {
        add(url, code, async () => fileReply(await drawnOnce(`icon:${code}`, () => drawIcon(code)), "image/png"));
      }
    }
    for (const [group, file] of Object.entries(setup.banners)) {
      const draw = group === "m_popup1" ? () => drawGetTheApp(code) : () => drawLuckyDraw(code);
      add(`${BANNERS}${file}`, code, async () => fileReply(await drawnOnce(`download-banner:${code}:${group}`, draw), "image/png"));
    }
  }
  return routes;
}

export const downloadRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/system/downloadLinks", handle: downloadLinks },
  { method: "GET", path: "/wps/system/banners", handle: banners },
  { method: "GET", path: "/wps/system/appVersion", handle: appVersion },
  { method: "GET", path: "/wps/relay/MCSFE_getListAnnouncements", handle: announcements },
  { method: "GET", path: "/wps/relay/MCSFE_getMerchantAvailablePromotions", handle: availablePromotions },
  ...fileRoutes(),
];
