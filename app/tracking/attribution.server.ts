// Attribution at the edge (docs/behaviour/tracking.md#attribution): the ad campaign parameters of any address a visitor
// lands on are kept for 90 days in the first-party cookies mc_reg (registration codes) and mc_ad (ad parameters), so a
// registration posted with or without JavaScript carries them (docs/decisions/0015, docs/decisions/0050).
import type { AppContext } from "../lib/context.server";
import { AD_PARAM_NAMES, readAdParams, readRegistrationInfo, rememberArrival, STORED_AD_NAMES } from "./registration-info.server";
import { TRACKING_PARAMS } from "../navigation/tracking-params";
import { pickAdTracking, type AdTrackingInfo } from "./ad-tracking";

const REMEMBERED = new Set<string>([...TRACKING_PARAMS, ...STORED_AD_NAMES]);

/** Whether this address carries anything attribution keeps. */
export function carriesAttribution(query: URLSearchParams): boolean {
  for (const name of query.keys()) if (REMEMBERED.has(name)) return true;
  return false;
}

/**
 * Stores what the address brings, for every page load and page data request the Worker hands to Remix (GET or HEAD):
 * the Set-Cookie lines join whatever answer the request ends with, redirects included.
 */
export async function rememberAttribution(request: Request, context: AppContext): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  if (!carriesAttribution(url.searchParams)) return;
  const host = request.headers.get("Host") ?? url.host;
  context.outgoingCookies.push(...(await rememberArrival(request, host, context.cloudflare.env.SESSION_SECRET)));
}

/** What the browser mirrors to web storage (docs/behaviour/tracking.md#browser-mirror): stored values, the address winning. */
export type Attribution = {
  affiliateCode?: string;
  referralCode?: string;
  originalDomain?: string;
  /** The ad parameters by their address names (fbclid, gclid, ttclid, pixel ids). */
  ads: Record<string, string>;
};

export async function attributionOf(request: Request, context: AppContext): Promise<Attribution | null> {
  const secret = context.cloudflare.env.SESSION_SECRET;
  const url = new URL(request.url);
  const [stored, storedAds] = await Promise.all([readRegistrationInfo(request, secret), readAdParams(request, secret)]);
  const query = url.searchParams;
  const pick = (name: string) => query.get(name)?.trim().slice(0, 256) || undefined;
  // The ad parameters only: the ad-tracking info is mirrored under storageCompat (adTrackingOf).
  const ads: Record<string, string> = {};
  for (const name of AD_PARAM_NAMES) {
    const value = pick(name) ?? storedAds[name];
    if (value) ads[name] = value;
  }
  const attribution: Attribution = {
    affiliateCode: pick("affiliateCode") ?? stored?.affiliateCode,
    referralCode: pick("referralCode") ?? pick("r") ?? stored?.referralCode,
    originalDomain: stored?.originalDomain,
    ads,
  };
  const empty = !attribution.affiliateCode && !attribution.referralCode && Object.keys(ads).length === 0;
  return empty ? null : attribution;
}

/** The stored ad-tracking info with the address's (docs/behaviour/tracking.md#ad-tracking-info), the address winning. */
export function adTrackingFrom(query: URLSearchParams, stored: Readonly<Record<string, string>>): AdTrackingInfo | undefined {
  const fromAddress = Object.fromEntries(
    [...query.entries()].map(([name, value]) => [name, value.trim().slice(0, 256)]).filter(([, value]) => value),
  );
  return pickAdTracking({ ...stored, ...fromAddress });
}

export async function adTrackingOf(request: Request, context: AppContext): Promise<AdTrackingInfo | undefined> {
  return adTrackingFrom(new URL(request.url).searchParams, await readAdParams(request, context.cloudflare.env.SESSION_SECRET));
}
