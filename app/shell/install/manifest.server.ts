// The home-screen app: web app manifest, icons and iOS splash images, generated at the edge per merchant
// (docs/behaviour/install.md#manifest, docs/behaviour/install.md#icons; docs/decisions/0017).
import type { Merchant } from "../../.server/merchants/merchant-config";
import { htmlLang, textDirection } from "../../i18n/languages";
import { DEFAULT_START_PATH, HOMESCREEN_PARAM, MANIFEST_ICON_SIZES, MASKABLE_ICON_SIZES, iconPath } from "./assets";
import { encodePng } from "../../lib/png";
import { initialFor, parseHexColour, renderIcon, renderSplash } from "./png.server";

export type ManifestIcon = { src: string; sizes: string; type: string; purpose: "any" | "maskable" };

export type WebManifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  dir: "ltr" | "rtl";
  start_url: string;
  scope: string;
  display: "standalone";
  orientation: "portrait";
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  prefer_related_applications: false;
};

type ManifestMerchant = Pick<Merchant, "brand" | "defaultLanguage">;

/** The start address with the home-screen marker: "/m/home" → "/m/home?homescreen=1". */
export function homeScreenStartUrl(startPath: string = DEFAULT_START_PATH): string {
  const url = new URL(startPath, "http://start.invalid");
  url.searchParams.set(HOMESCREEN_PARAM, "1");
  return url.pathname + url.search;
}

/** The merchant's own icons when its config lists any (they replace the generated set), else the generated ones. */
export function manifestIcons(brand: Merchant["brand"]): ManifestIcon[] {
  if (brand.icons.length > 0) {
    return brand.icons.map((icon) => ({ src: icon.src, sizes: icon.sizes, type: icon.type, purpose: "any" }));
  }
  return [
    ...MANIFEST_ICON_SIZES.map((size): ManifestIcon => ({
      src: iconPath(size),
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose: "any",
    })),
    ...MASKABLE_ICON_SIZES.map((size): ManifestIcon => ({
      src: iconPath(size, true),
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose: "maskable",
    })),
  ];
}

export function buildManifest(merchant: ManifestMerchant, options: { startPath?: string } = {}): WebManifest {
  const { brand } = merchant;
  const startPath = options.startPath ?? DEFAULT_START_PATH;
  return {
    // A stable identity for the installed app; the start URL may change without making it a different app.
    id: startPath,
    name: brand.name,
    short_name: brand.shortName,
    lang: htmlLang(merchant.defaultLanguage),
    dir: textDirection(merchant.defaultLanguage),
    start_url: homeScreenStartUrl(startPath),
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: brand.themeColor,
    background_color: brand.backgroundColor,
    icons: manifestIcons(brand),
    prefer_related_applications: false,
  };
}

/** The configured icon of exactly this size, if the merchant's config lists one (it overrides the generated icon). */
export function configuredIcon(brand: Merchant["brand"], size: number): string | null {
  return brand.icons.find((icon) => icon.sizes === `${size}x${size}`)?.src ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Responses

/** Bump when the drawing changes, so cached images are replaced. */
const RENDER_VERSION = 2;
const ONE_DAY = 60 * 60 * 24;

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell two renderings apart. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

function etagMatches(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

type Cacheable = { body: BodyInit | null; contentType: string; maxAge: number };

/** The Workers Cache API when it exists (not in Node or Vite dev). */
function edgeCache(): Cache | null {
  const storage = (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches;
  return storage?.default ?? null;
}

export type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * A public, cacheable reply with an ETag; 304 when the browser already has it. Drawn images are also kept in the
 * data centre's cache (keyed by address and ETag, so a brand change draws afresh) to spare the CPU.
 */
export async function cachedReply(
  request: Request,
  key: string,
  produce: () => Promise<Cacheable>,
  waitUntil?: WaitUntil,
): Promise<Response> {
  const etag = `"${fnv1a(key)}"`;
  if (etagMatches(request, etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": `public, max-age=${ONE_DAY}` } });
  }
  const cache = waitUntil ? edgeCache() : null;
  // The ETag covers everything the bytes depend on, so two requests sharing a key always share the same bytes.
  const cacheKey = new URL(request.url);
  cacheKey.search = `?v=${etag.slice(1, -1)}`;
  const hit = cache ? await cache.match(cacheKey.toString()).catch(() => undefined) : undefined;
  if (hit) return hit;
  const { body, contentType, maxAge } = await produce();
  const response = new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Cache-Control": `public, max-age=${maxAge}`,
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
    },
  });
  if (cache && waitUntil) waitUntil(cache.put(cacheKey.toString(), response.clone()).catch(() => undefined));
  return response;
}

export function manifestResponse(request: Request, merchant: ManifestMerchant): Promise<Response> {
  const manifest = JSON.stringify(buildManifest(merchant));
  return cachedReply(request, `manifest|${manifest}`, async () => ({
    body: manifest,
    contentType: "application/manifest+json; charset=utf-8",
    // An hour: a brand change reaches installed apps the same day.
    maxAge: 60 * 60,
  }));
}

export function iconResponse(
  request: Request,
  merchant: ManifestMerchant,
  size: number,
  maskable: boolean,
  waitUntil?: WaitUntil,
): Promise<Response> {
  const { brand } = merchant;
  const letter = initialFor(brand.name);
  const key = `icon|${RENDER_VERSION}|${size}|${maskable ? "maskable" : "any"}|${brand.themeColor}|${letter}`;
  return cachedReply(
    request,
    key,
    async () => ({
      body: await encodePng(renderIcon(size, { colour: parseHexColour(brand.themeColor), letter, shape: maskable ? "full" : "rounded" })),
      contentType: "image/png",
      maxAge: ONE_DAY,
    }),
    waitUntil,
  );
}

export function splashResponse(
  request: Request,
  merchant: ManifestMerchant,
  width: number,
  height: number,
  waitUntil?: WaitUntil,
): Promise<Response> {
  const { brand } = merchant;
  const letter = initialFor(brand.name);
  const key = `splash|${RENDER_VERSION}|${width}x${height}|${brand.backgroundColor}|${brand.themeColor}|${letter}`;
  return cachedReply(
    request,
    key,
    async () => ({
      body: await encodePng(
        renderSplash(width, height, parseHexColour(brand.backgroundColor), { colour: parseHexColour(brand.themeColor), letter }),
      ),
      contentType: "image/png",
      maxAge: ONE_DAY,
    }),
    waitUntil,
  );
}
