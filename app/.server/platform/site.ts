import { z } from "zod";
import type { PlatformClient } from "./client";
import { CacheStatus, CacheSteady } from "./data";

// Site-wide calls: status (maintenance, region), settings, config, countries, ping. The reads are the same for every
// visitor of a merchant and language, so they are shared (docs/behaviour/platform-data.md#shared-data).

export const siteStatusSchema = z.object({
  ip: z
    .string()
    .max(64)
    .nullish()
    .transform((v) => v ?? null),
  maintenance: z.boolean().default(false),
  maintenanceEnd: z
    .number()
    .nullish()
    .transform((v) => v ?? null),
  maintenanceDesc: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => v ?? null),
  regionRestriction: z.boolean().default(false),
});
export type SiteStatus = z.infer<typeof siteStatusSchema>;

/**
 * `track` is the affiliate code the visit arrived with (the address's `affiliateCode`), empty without one
 * (docs/platform-contract.md#get-wpssystemstatus).
 */
export function getSiteStatus(platform: PlatformClient, host: string, track: string) {
  return platform.call("/wps/system/status", siteStatusSchema, {
    query: { device: "MOBILE", track, originalDomain: host, url: host },
    auth: false,
    cache: CacheStatus(),
  });
}

const customerServiceSchema = z.object({
  csType: z.enum(["AICAN", "MIDUOKE", "LIVECHAT", "COMM100", "COMM100VIP"]).or(z.string().max(32)),
  csPosition: z.string().max(64).nullish(),
  path: z.string().max(4096),
});

export const siteConfigSchema = z.object({
  customerService: z.array(customerServiceSchema).default([]),
  domainList: z.array(z.string().max(253)).default([]),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export function getSiteConfig(platform: PlatformClient) {
  return platform.call("/wps/system/config", siteConfigSchema, { auth: false, cache: CacheSteady() });
}

export const countryListSchema = z.object({
  countryCode: z.string().max(8),
  countryDialingCode: z.string().max(8),
  countries: z.array(z.object({ countryCode: z.string().max(8), countryDialingCode: z.string().max(8) }).passthrough()).default([]),
});

export function getCountries(platform: PlatformClient) {
  return platform.call("/wps/system/country", countryListSchema, { query: { _: "common" }, auth: false, cache: CacheSteady() });
}

const firebaseText = z.string().trim().max(400).nullish().catch(null);

/**
 * The settings' `sms` object: whether SMS codes go through Firebase (`firebase`), the merchant's Firebase web app
 * (apiKey … vapidKey), and two platform extensions: the social sign-in providers the merchant enabled and whether a new
 * social identity is registered without asking (docs/platform-contract.md#get-wpssystemsetting). A field of another
 * shape counts as absent, so one bad value turns a feature off rather than the page.
 */
export const firebaseSettingsSchema = z
  .object({
    firebase: z.boolean().catch(false).default(false),
    apiKey: firebaseText,
    appId: firebaseText,
    authDomain: firebaseText,
    projectId: firebaseText,
    messagingSenderId: firebaseText,
    vapidKey: firebaseText,
    providers: z.array(z.string()).max(10).catch([]).default([]),
    autoRegister: z.boolean().catch(false).default(false),
  })
  .partial()
  .default({});

/**
 * The white-label flags the product reads, by the names it reads them under (docs/behaviour/shell.md#merchant-settings).
 * Each is on only when the platform says `true`, except the install prompt, which is on unless it says `false`.
 */
export const WHITELABEL_FLAGS = {
  chat: "CBS3",
  updateMobileIcc: "UPDATEMOBILEICC3",
  firebaseCreateAccount: "FIREBASECREATEACC3",
  forceChangeOnExpiry: "PWDEXPFORCECHANGE3",
  rewardCenter: "REWCEN3",
  mandatoryAppUpdates: "MANDATORYAPPUPDATES3",
  miniGame: "MINIGAME3",
  autoLogin: "AUTOLOGIN3",
  installPrompt: "PWA3",
} as const;
export type SiteFlags = Record<keyof typeof WHITELABEL_FLAGS, boolean>;

export function siteFlags(whitelabelVal: Readonly<Record<string, boolean>>): SiteFlags {
  const flags = {} as SiteFlags;
  for (const [name, key] of Object.entries(WHITELABEL_FLAGS) as [keyof SiteFlags, string][])
    flags[name] = name === "installPrompt" ? whitelabelVal[key] !== false : whitelabelVal[key] === true;
  return flags;
}

/** The settings' captcha fields: which forms ask, the Geetest version and script servers, the slider (docs/behaviour/captcha.md). */
export const captchaSettingsFields = {
  captcha: z.object({ login: z.boolean(), sms: z.boolean(), register: z.boolean() }).partial().default({}),
  /** `sms`: SMS login offered; `slider`: the captcha is a slider (an assumed field, docs/platform-contract.md). */
  login: z.object({ sms: z.boolean(), slider: z.boolean() }).partial().passthrough().nullish().catch(null),
  gw: z
    // PROFILE_ICON_COUNT is not read: no profile icon picker here (docs/decisions/0069-spec-rules-not-applicable.md).
    .object({
      GEETEST_ID: z.string().nullish(),
      GEETEST_VERSION: z.string().nullish(),
      GEETEST_SCRIPT_SERVERS: z.array(z.string()).max(20).nullish().catch(null),
    })
    .partial()
    .default({}),
};

/**
 * GET /wps/system/setting, read once per answer with this one schema: every field the product reads, and the
 * white-label flags by name (`flags`).
 */
export const siteSettingsSchema = z
  .object({
    whitelabelVal: z.record(z.boolean()).default({}),
    ...captchaSettingsFields,
    /** The identity provider's (Firebase's) settings for this merchant (docs/behaviour/firebase.md#configuration). */
    sms: firebaseSettingsSchema,
    // currencySymbol is not read: Intl draws the symbol from the code (docs/decisions/0069-spec-rules-not-applicable.md).
    currency: z.string().nullish(),
    countryCode: z.string().nullish(),
    countryDialingCode: z.string().nullish(),
    /** Image CDN hosts (docs/behaviour/home.md#image-hosts); a list of another shape counts as none. */
    imageCDNs: z.array(z.string().max(253)).max(20).catch([]).default([]),
    /** Marquee speed in px/s (docs/behaviour/home.md#marquee); anything but a number counts as absent. */
    marqueeSpeed: z.number().nullish().catch(null),
  })
  .passthrough()
  .transform((settings) => ({ ...settings, flags: siteFlags(settings.whitelabelVal) }));
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export function getSiteSettings(platform: PlatformClient) {
  return platform.call("/wps/system/setting", siteSettingsSchema, { auth: false, cache: CacheSteady() });
}

/** The ping gives up after 5 s. */
export function ping(platform: PlatformClient) {
  return platform.call("/wps/system/test/ping", z.unknown(), { query: { speed: Date.now() }, auth: false, timeoutMs: 5_000 });
}
