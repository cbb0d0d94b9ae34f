// The web app manifest builder and the icon/splash addresses (app/shell/install/manifest.server.ts, app/shell/install/assets.ts).
import { describe, expect, it } from "vitest";
import { DEFAULT_MERCHANT_ROUTES } from "../../../app/.server/merchants/default-merchants";
import { merchantRouteSchema } from "../../../app/.server/merchants/merchant-config";
import { buildManifest, cachedReply, configuredIcon, homeScreenStartUrl, manifestIcons } from "../../../app/shell/install/manifest.server";
import {
  ICON_SIZES,
  MANIFEST_ICON_SIZES,
  SPLASH_SCREENS,
  parseIconFile,
  parseSplashFile,
  splashMedia,
  splashPath,
  splashSize,
} from "../../../app/shell/install/assets";

const [demo, vn] = DEFAULT_MERCHANT_ROUTES.map((route) => merchantRouteSchema.parse(route));

describe("buildManifest", () => {
  it("describes the demo merchant's home-screen app", () => {
    const manifest = buildManifest(demo!);
    expect(manifest).toMatchObject({
      id: "/m/home",
      name: "Demo Play",
      short_name: "Demo Play",
      lang: "en",
      dir: "ltr",
      start_url: "/m/home?homescreen=1",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      theme_color: "#1f6feb",
      background_color: "#0b1a33",
      prefer_related_applications: false,
    });
    const any = manifest.icons.filter((i) => i.purpose === "any");
    expect(any.map((i) => i.sizes)).toEqual(["72x72", "96x96", "128x128", "144x144", "152x152", "192x192", "384x384", "512x512"]);
    expect(any.every((i) => i.type === "image/png" && i.src === `/m/icons/${i.sizes.split("x")[0]}.png`)).toBe(true);
    expect(manifest.icons.filter((i) => i.purpose === "maskable").map((i) => i.src)).toEqual([
      "/m/icons/maskable-192.png",
      "/m/icons/maskable-512.png",
    ]);
  });

  it("differs per merchant: name, colours, language", () => {
    const a = buildManifest(demo!);
    const b = buildManifest(vn!);
    expect(b).toMatchObject({ name: "VN88 Xổ Số", short_name: "VN88", lang: "vi", theme_color: "#c62828", background_color: "#fff8e1" });
    expect(b.name).not.toBe(a.name);
  });

  it("uses the merchant's own icons when its config lists any", () => {
    const brand = { ...demo!.brand, icons: [{ src: "https://cdn.example/icon-512.png", sizes: "512x512", type: "image/png" }] };
    expect(manifestIcons(brand)).toEqual([
      { src: "https://cdn.example/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ]);
    expect(configuredIcon(brand, 512)).toBe("https://cdn.example/icon-512.png");
    expect(configuredIcon(brand, 192)).toBeNull();
  });

  it("takes another start page and keeps its query", () => {
    expect(homeScreenStartUrl("/m/index.html")).toBe("/m/index.html?homescreen=1");
    expect(homeScreenStartUrl("/m/home?from=pwa")).toBe("/m/home?from=pwa&homescreen=1");
    expect(buildManifest(demo!, { startPath: "/m/index.html" }).start_url).toBe("/m/index.html?homescreen=1");
  });
});

describe("icon and splash addresses", () => {
  it.each([
    ["192.png", { size: 192, maskable: false }],
    ["72.png", { size: 72, maskable: false }],
    ["180.png", { size: 180, maskable: false }],
    ["maskable-512.png", { size: 512, maskable: true }],
    ["maskable-72.png", null],
    ["999.png", null],
    ["192.jpg", null],
    ["../192.png", null],
  ])("parseIconFile(%s)", (file, expected) => {
    expect(parseIconFile(file)).toEqual(expected);
  });

  it("draws every manifest size and the apple-touch-icon", () => {
    expect(ICON_SIZES).toEqual([...MANIFEST_ICON_SIZES, 180].sort((a, b) => a - b));
  });

  it("lists ten distinct iPhone splash screens, portrait", () => {
    expect(SPLASH_SCREENS).toHaveLength(10);
    expect(new Set(SPLASH_SCREENS.map(splashPath)).size).toBe(10);
    for (const screen of SPLASH_SCREENS) {
      const { width, height } = splashSize(screen);
      expect(height).toBeGreaterThan(width);
      expect(parseSplashFile(`${width}x${height}.png`)).toEqual({ width, height });
      expect(splashMedia(screen)).toContain("(orientation: portrait)");
    }
    expect(splashPath(SPLASH_SCREENS[0]!)).toBe("/m/splash/750x1334.png");
    expect(parseSplashFile("1000x1000.png")).toBeNull();
    expect(parseSplashFile("2532x1170.png")).toBeNull();
  });
});

describe("cachedReply", () => {
  const produce = async () => ({ body: "x", contentType: "text/plain", maxAge: 60 });

  it("answers with an ETag and public caching, then 304 for the same ETag", async () => {
    const first = await cachedReply(new Request("https://demo.example/m/icons/192.png"), "key-1", produce);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=60");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{8}"$/);
    const again = await cachedReply(
      new Request("https://demo.example/m/icons/192.png", { headers: { "If-None-Match": etag } }),
      "key-1",
      produce,
    );
    expect(again.status).toBe(304);
    const changed = await cachedReply(
      new Request("https://demo.example/m/icons/192.png", { headers: { "If-None-Match": etag } }),
      "key-2",
      produce,
    );
    expect(changed.status).toBe(200);
  });
});
