// /wps/system/*: site status, common settings, site config, countries, ping.
import type { WpsContext, WpsRoute } from "../context";
import { countriesFor } from "../countries";
import { encryptCustomerServicePath } from "../cs-path";
import { fail, ok } from "../http";
import { WHITELABEL_FLAGS } from "../merchants";
import { MARQUEE_SPEED } from "./home-content";
import { whitelabelFlags } from "./promotions";

/** The caller's address as the edge reports it. */
export function clientIp(request: Request): string {
  const direct = request.headers.get("CF-Connecting-IP")?.trim();
  if (direct) return direct;
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  if (forwarded) return forwarded;
  const real = request.headers.get("X-Real-IP")?.trim();
  return real ? real : "127.0.0.1";
}

async function status(ctx: WpsContext): Promise<Response> {
  const { faults } = ctx;
  if (faults.domainUnavailable) return fail("domain_not_available", "Domain not available");
  return ok({
    ip: clientIp(ctx.request),
    maintenance: faults.maintenance !== null,
    maintenanceEnd: faults.maintenance?.end ?? null,
    maintenanceDesc: faults.maintenance?.desc ?? null,
    regionRestriction: faults.regionRestriction,
  });
}

async function setting(ctx: WpsContext): Promise<Response> {
  const m = ctx.merchant;
  // The merchant's flags with the control's overrides (POST /__sandbox/whitelabel).
  const flags = await whitelabelFlags(ctx.env.DB, m);
  const whitelabelVal = Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, flags[flag]]));
  return ok({
    merchantCode: m.code,
    brand: m.brand,
    defaultLanguage: m.defaultLanguage,
    currency: m.currency,
    currencySymbol: m.currencySymbol,
    countryCode: m.countryCode,
    countryDialingCode: m.countryDialingCode,
    whitelabelVal,
    captcha: { ...m.captcha },
    gw: {
      GEETEST_ID: m.geetestId,
      GEETEST_VERSION: m.geetestVersion,
      // A captchaServers fault (sandbox control) replaces the merchant's script servers.
      GEETEST_SCRIPT_SERVERS: [...(ctx.faults.captchaServers ?? m.geetestScriptServers)],
      PROFILE_ICON_COUNT: 9,
    },
    register: { ...m.register },
    login: { ...m.login },
    sms: { ...m.firebase },
    imageCDNs: [],
    // Marquee speed in px/s (docs/behaviour/home.md#marquee); absent: the product's 60.
    ...(MARQUEE_SPEED[m.code] !== undefined ? { marqueeSpeed: MARQUEE_SPEED[m.code] } : {}),
  });
}

async function config(ctx: WpsContext): Promise<Response> {
  const m = ctx.merchant;
  // Served from the sandbox's own origin: the app proxies /wps/* here, so the link works through it too.
  // Behind the app's service binding the sandbox's own origin is internal: link back through the visitor's host.
  const origin = publicOrigin(ctx.request, ctx.url);
  const chatUrl = (type: string) => `${origin}/wps/sandbox-pages/chat?merchant=${encodeURIComponent(m.code)}&type=${type}`;
  // One entry of every csType, encrypted and plain paths mixed (docs/platform-contract.md#get-wpssystemconfig).
  const encrypted = (type: string) => encryptCustomerServicePath(chatUrl(type));
  return ok({
    customerService: [
      { csType: "LIVECHAT", csPosition: "HOME", path: m.encryptCustomerServicePath ? encrypted("LIVECHAT") : chatUrl("LIVECHAT") },
      { csType: "COMM100VIP", csPosition: "MEMBER", path: chatUrl("COMM100VIP") },
      { csType: "AICAN", csPosition: "MAINTENANCE", path: encrypted("AICAN") },
      { csType: "MIDUOKE", csPosition: "ACCESS_DENIED", path: chatUrl("MIDUOKE") },
      { csType: "COMM100", csPosition: "DOMAIN_UNAVAILABLE", path: encrypted("COMM100") },
    ],
    domainList: [...m.domainList],
  });
}

async function country(ctx: WpsContext): Promise<Response> {
  const m = ctx.merchant;
  return ok({
    countryCode: m.countryCode,
    countryDialingCode: m.countryDialingCode,
    countries: countriesFor(m.countryCode),
  });
}

async function ping(): Promise<Response> {
  return ok();
}

export const systemRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/system/status", handle: status },
  { method: "GET", path: "/wps/system/setting", handle: setting },
  { method: "GET", path: "/wps/system/config", handle: config },
  { method: "GET", path: "/wps/system/country", handle: country },
  { method: "GET", path: "/wps/system/test/ping", handle: ping },
];

/** Set by the sandbox's entry on requests that reached it under a path prefix (index.ts, DIRECT_PREFIX). */
export const MOUNT_HEADER = "X-Sandbox-Mount";

function publicOrigin(request: Request, url: URL): string {
  const host = request.headers.get("X-Forwarded-Host");
  const proto = request.headers.get("X-Forwarded-Proto");
  if (host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) && (proto === "http" || proto === "https")) return `${proto}://${host}`;
  const mount = request.headers.get(MOUNT_HEADER);
  return mount && /^(\/[a-z_-]+)+$/i.test(mount) ? `${url.origin}${mount}` : url.origin;
}
