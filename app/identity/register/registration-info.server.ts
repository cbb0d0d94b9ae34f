import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";

// The stored registration info (affiliateCode, referralCode, originalDomain) and the ad campaign
// parameters that become the register call's pixelTrack. The original keeps both in local storage; here they
// live in first-party cookies the edge reads, so the form works without JavaScript. Ad cookies: 90 days
// (docs/behaviour/registration.md#referral-codes, docs/behaviour/registration.md#ad-parameters; docs/decisions/0015).

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
export type PixelTrack = Partial<Record<PixelTrackKey, string>>;

/** Every parameter name that feeds pixelTrack. */
export const AD_PARAM_NAMES: readonly string[] = [...new Set(PIXEL_TRACK_SOURCES.flatMap(([, names]) => names))];

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
  for (const [key, names] of PIXEL_TRACK_SOURCES) {
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

/** The ad parameters present in the address, by their parameter names (what the ad cookie stores). */
export function adParamsFrom(query: URLSearchParams): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of AD_PARAM_NAMES) {
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

const cookieOptions = { path: "/", sameSite: "lax", httpOnly: true, maxAge: NINETY_DAYS_S } as const;

/** First-party cookie with the stored registration info (read here; another page may set it too). */
export const registrationInfoCookie = createCookie("mc_reg", cookieOptions);
/** First-party cookie with the ad campaign parameters seen in the address. */
export const adParamsCookie = createCookie("mc_ad", cookieOptions);

async function parseCookie(cookie: ReturnType<typeof createCookie>, header: string | null): Promise<unknown> {
  try {
    return await cookie.parse(header);
  } catch {
    return null;
  }
}

export async function readRegistrationInfo(request: Request): Promise<RegistrationInfo | null> {
  const raw = await parseCookie(registrationInfoCookie, request.headers.get("Cookie"));
  const parsed = registrationInfoSchema.safeParse(raw);
  // An unreadable cookie parses as {}: nothing stored.
  if (!parsed.success || Object.values(parsed.data).every((v) => v === undefined)) return null;
  return parsed.data;
}

export async function readAdParams(request: Request): Promise<Record<string, string>> {
  return adParamsSchema.parse((await parseCookie(adParamsCookie, request.headers.get("Cookie"))) ?? {});
}

/**
 * Set-Cookie values that store what this address brings (registration codes, ad parameters); none when it
 * brings nothing. Stored ad parameters are merged, the address's values winning.
 */
export async function rememberArrival(request: Request, host: string): Promise<string[]> {
  const url = new URL(request.url);
  const secure = url.protocol === "https:";
  const cookies: string[] = [];
  const info = nextRegistrationInfo(url.searchParams, await readRegistrationInfo(request), host);
  if (info) cookies.push(await registrationInfoCookie.serialize(info, { secure }));
  const ads = adParamsFrom(url.searchParams);
  if (Object.keys(ads).length) {
    cookies.push(await adParamsCookie.serialize({ ...(await readAdParams(request)), ...ads }, { secure }));
  }
  return cookies;
}
