import { z } from "zod";
import { readCookie, signedCookie } from "../.server/cookies";
import { AD_TRACKING_NAMES, type AdTrackingName } from "./ad-tracking";

// The stored registration info (affiliateCode, referralCode, originalDomain) and the ad campaign
// parameters that become the register call's pixelTrack. The original keeps both in local storage; here they
// live in first-party cookies the edge reads, so the form works without JavaScript. Ad cookies: 90 days
// (docs/behaviour/registration.md#referral-codes, docs/behaviour/registration.md#ad-parameters; docs/decisions/0015).
// Signed like all our cookies (docs/decisions/0031): the codes are not secret, but what the edge reads back is what
// it wrote, e.g. the first host seen.

const NINETY_DAYS_S = 60 * 60 * 24 * 90;
const MAX_VALUE = 256;

/** A query or cookie value: trimmed, bounded, empty means absent. */
const trackingValue = z
  .string()
  .transform((v) => v.trim().slice(0, MAX_VALUE))
  .pipe(z.string().min(1))
  .optional()
  .catch(undefined);

export const registrationInfoSchema = z.object({
  affiliateCode: trackingValue,
  referralCode: trackingValue,
  /** The first host this visitor arrived on with a registration code. */
  originalDomain: trackingValue,
});
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

/**
 * The pixelTrack keys (docs/behaviour/registration.md#ad-parameters), each with the parameter names it is read from
 * (first match wins). ttclid is the TikTok counterpart of fbclid/gclid; the tracking rules already carry it.
 */
export const PIXEL_TRACK_SOURCES = [
  ["fbPixelId", ["fbPixelId", "fb_pixel_id"]],
  ["tiktokPixelId", ["tiktokPixelId", "tt_pixel_id"]],
  ["kwaiPixelBaseCode", ["kwaiPixelBaseCode"]],
  ["kwaiPixelId", ["kwaiPixelId"]],
  ["gtagId", ["gtagId", "gtag_id"]],
  ["appsflyerId", ["appsflyerId", "af_id"]],
  ["adjustId", ["adjustId", "adjust_id"]],
  ["ad_fbclid", ["fbclid", "ad_fbclid"]],
  ["ad_gclid", ["gclid", "ad_gclid"]],
  ["ad_ttclid", ["ttclid", "ad_ttclid"]],
  ["kwai_pixel_id", ["kwai_pixel_id"]],
  ["kwai_click_id", ["kwai_click_id"]],
] as const satisfies readonly (readonly [string, readonly string[]])[];

export type PixelTrackKey = (typeof PIXEL_TRACK_SOURCES)[number][0];
/** pixelTrack: the ad parameters, and the stored ad-tracking info under its own names (docs/decisions/0072). */
export type PixelTrack = Partial<Record<PixelTrackKey | AdTrackingName, string>>;

/** Every parameter name that feeds pixelTrack's ad parameters. */
export const AD_PARAM_NAMES: readonly string[] = [...new Set(PIXEL_TRACK_SOURCES.flatMap(([, names]) => names))];

/**
 * Every name the ad cookie keeps: the ad parameters, then the ad-tracking info an app shell passes
 * (docs/behaviour/tracking.md#ad-tracking-info); appsflyerId is both.
 */
export const STORED_AD_NAMES: readonly string[] = [...new Set([...AD_PARAM_NAMES, ...AD_TRACKING_NAMES])];

type ParamSource = URLSearchParams | Readonly<Record<string, string | null | undefined>>;

function read(source: ParamSource, name: string): string | undefined {
  const raw = source instanceof URLSearchParams ? source.get(name) : source[name];
  return trackingValue.parse(raw ?? undefined);
}

/**
 * The register call's pixelTrack from the given sources, in order of precedence (address first, then the
 * stored ad cookie). Empty values are omitted; no values at all gives undefined, so the field is left out.
 */
export function buildPixelTrack(...sources: ParamSource[]): PixelTrack | undefined {
  const track: PixelTrack = {};
  const keys: readonly (readonly [keyof PixelTrack, readonly string[]])[] = [
    ...PIXEL_TRACK_SOURCES,
    ...AD_TRACKING_NAMES.filter((name) => name !== "appsflyerId").map((name) => [name, [name]] as const),
  ];
  for (const [key, names] of keys) {
    for (const source of sources) {
      const value = names.map((name) => read(source, name)).find((v) => v !== undefined);
      if (value !== undefined) {
        track[key] = value;
        break;
      }
    }
  }
  return Object.keys(track).length ? track : undefined;
}

/** The ad parameters and ad-tracking info present in the address, by their parameter names (what the ad cookie stores). */
export function adParamsFrom(query: URLSearchParams): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of STORED_AD_NAMES) {
    const value = read(query, name);
    if (value !== undefined) found[name] = value;
  }
  return found;
}

/** Query names that carry the codes: referralCode, or its short form r (invite links), and affiliateCode. */
export function codesFromQuery(query: URLSearchParams): Pick<RegistrationInfo, "affiliateCode" | "referralCode"> {
  return {
    affiliateCode: read(query, "affiliateCode"),
    referralCode: read(query, "referralCode") ?? read(query, "r"),
  };
}

/** The form's prefill: the address first, then the stored registration info. */
export function registrationCodes(
  query: URLSearchParams,
  stored: RegistrationInfo | null,
): { affiliateCode: string; referralCode: string } {
  const fromQuery = codesFromQuery(query);
  return {
    affiliateCode: fromQuery.affiliateCode ?? stored?.affiliateCode ?? "",
    referralCode: fromQuery.referralCode ?? stored?.referralCode ?? "",
  };
}

/**
 * The registration info to store after this visit, or null when nothing changes: codes from the address replace
 * the stored ones; originalDomain keeps the first host seen.
 */
export function nextRegistrationInfo(query: URLSearchParams, stored: RegistrationInfo | null, host: string): RegistrationInfo | null {
  const fromQuery = codesFromQuery(query);
  if (fromQuery.affiliateCode === undefined && fromQuery.referralCode === undefined) return null;
  return {
    affiliateCode: fromQuery.affiliateCode ?? stored?.affiliateCode,
    referralCode: fromQuery.referralCode ?? stored?.referralCode,
    originalDomain: stored?.originalDomain ?? trackingValue.parse(host),
  };
}

const adParamsSchema = z.record(z.string().max(64), z.string().max(MAX_VALUE)).catch({});

/** First-party cookie with the stored registration info (read here; another page may set it too). */
export function registrationInfoCookie(request: Request, secret: string) {
  return signedCookie(request, { name: "mc_reg", secret, maxAge: NINETY_DAYS_S });
}

/** First-party cookie with the ad campaign parameters seen in the address. */
export function adParamsCookie(request: Request, secret: string) {
  return signedCookie(request, { name: "mc_ad", secret, maxAge: NINETY_DAYS_S });
}

export async function readRegistrationInfo(request: Request, secret: string): Promise<RegistrationInfo | null> {
  const parsed = registrationInfoSchema.safeParse(await readCookie(registrationInfoCookie(request, secret), request));
  // A cookie that does not verify reads as null, one that is not an object fails the schema: nothing stored.
  if (!parsed.success || Object.values(parsed.data).every((v) => v === undefined)) return null;
  return parsed.data;
}

export async function readAdParams(request: Request, secret: string): Promise<Record<string, string>> {
  return adParamsSchema.parse((await readCookie(adParamsCookie(request, secret), request)) ?? {});
}

/**
 * Browsers drop a cookie whose Set-Cookie line (name, value and attributes) is over 4096 bytes: the ad cookie stays
 * within this, with room to spare (docs/behaviour/tracking.md#attribution).
 */
export const MAX_AD_COOKIE_BYTES = 4000;

/**
 * The stored ad parameters with the address's merged in, oldest first: the address's come last and
 * replace stored ones of the same name.
 */
export function mergeAdParams(stored: Record<string, string>, fromAddress: Record<string, string>): [string, string][] {
  return [...Object.entries(stored).filter(([name]) => !Object.hasOwn(fromAddress, name)), ...Object.entries(fromAddress)];
}

/** The ad cookie's Set-Cookie for these parameters (oldest first): the oldest go until it fits. */
export async function adParamsSetCookie(request: Request, secret: string, params: [string, string][]): Promise<string> {
  const cookie = adParamsCookie(request, secret);
  for (let oldest = 0; ; oldest++) {
    const line = await cookie.serialize(Object.fromEntries(params.slice(oldest)));
    // One parameter (at most 256 characters) always fits: the loop ends at the latest there.
    if (new TextEncoder().encode(line).byteLength <= MAX_AD_COOKIE_BYTES || oldest >= params.length) return line;
  }
}

/**
 * Set-Cookie values that store what this address brings (registration codes, ad parameters); none when it
 * brings nothing. Stored ad parameters are merged, the address's values winning, the oldest left out when the cookie
 * would be too large.
 */
export async function rememberArrival(request: Request, host: string, secret: string): Promise<string[]> {
  const url = new URL(request.url);
  const cookies: string[] = [];
  const info = nextRegistrationInfo(url.searchParams, await readRegistrationInfo(request, secret), host);
  if (info) cookies.push(await registrationInfoCookie(request, secret).serialize(info));
  const ads = adParamsFrom(url.searchParams);
  if (Object.keys(ads).length) {
    cookies.push(await adParamsSetCookie(request, secret, mergeAdParams(await readAdParams(request, secret), ads)));
  }
  return cookies;
}
