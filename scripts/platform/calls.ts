// The calls `npm run platform -- check` makes, each the way the product makes it (its own call functions and page
// loaders, so the path, query, headers, encryption and timeouts are the product's), with where the contract for it comes
// from (docs/platform-contract.md#where-each-part-comes-from) and what a player sees when the platform differs.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { PlatformClient } from "../../app/.server/platform/client";
import { parseRsaModulus } from "../../app/.server/platform/encryption";
import { getMemberInfo, memberInfoSchema, updateMemberLanguage } from "../../app/.server/platform/member";
import {
  countryListSchema,
  getCountries,
  getSiteConfig,
  getSiteSettings,
  getSiteStatus,
  ping,
  siteConfigSchema,
  siteSettingsSchema,
  siteStatusSchema,
  type SiteSettings,
} from "../../app/.server/platform/site";
import type { Merchant } from "../../app/.server/merchants/merchant-config";
import { customerServiceEntries } from "../../app/support/cs-entries.server";
import type { LanguageCode } from "../../app/i18n/languages";
import type { AppContext } from "../../app/lib/context.server";
import { getPopupAnnouncements, popupListSchema } from "../../app/announcements/popup-call.server";
import { challengeSchema, getCaptchaChallenge } from "../../app/captcha/captcha.server";
import { bannerListSchema, bannerSchema, loadBanners, toHomeBanners } from "../../app/home/banners.server";
import { loadGameLanes, toVendors, vendorListSchema, vendorSchema } from "../../app/home/lanes.server";
import { loadMarquee, marqueeItemSchema, marqueeListSchema, toMarqueeItems } from "../../app/home/marquee.server";
import { callLogin, callLogout, loginValueSchema } from "../../app/identity/session-calls.server";
import {
  getPromotionList,
  getReferral,
  getRewardCenterPromotions,
  promotionItemSchema,
  promotionListSchema,
  referralSchema,
} from "../../app/promotions/promotions.server";
import { getPromotionDetail, promotionDetailSchema } from "../../app/promotions/detail.server";
import {
  announcementsSchema,
  appVersionSchema,
  availablePromotionsSchema,
  downloadLinksSchema,
  getAppDownloadAnnouncements,
  getAppVersion,
  getAvailablePromotions,
  getDownloadLinks,
} from "../../app/shell/download/download.server";
import { IMAGE_POPUP_GROUPS } from "../../app/shell/download/rules";
import { launchChat, unreadCount } from "../../app/support/chat.server";
import type { Expectation, Verdict } from "./evaluate";

export type Source = "specified" | "assumed";

/** What a call's run can use: clients made as a page or an action would, and what earlier calls learnt. */
export type RunContext = {
  merchant: Merchant;
  host: string;
  language: LanguageCode;
  /** A client for a page's read (the page deadline applies) or an action (only the call's own timeout). */
  client(kind: "page" | "action", token?: string | null): PlatformClient;
  settings: SiteSettings | null;
  member: { username: string; password: string } | null;
  token: string | null;
  memberLanguage: string | null;
  write: boolean;
};

/** A call not made this time, and why (a flag is off, no member, no --write). */
export class Skip {
  constructor(readonly reason: string) {}
}

export type CheckedCall = Expectation & {
  /** Stable name: the fixture file's name too. */
  id: string;
  method: "GET" | "POST";
  path: string;
  /** The query that tells this call from others on the same path (shown, and matched when recording). */
  query?: Readonly<Record<string, string>>;
  source: Source;
  /** Its row in docs/platform-contract.md#where-each-part-comes-from when that is not "METHOD path?query". */
  contractRow?: string;
  /** Made alongside its concurrent neighbours, as a page makes its reads. */
  concurrent?: boolean;
  /** The product cannot do without it: a failure fails the check (exit 1); others warn. */
  essential: boolean;
  audience: "visitor" | "member";
  /** What the player sees when this call fails or answers in another shape. */
  playerSees: string;
  run(ctx: RunContext): Promise<void | Skip>;
  /** The page's own use of a value (a loader's helper), for the fixture replay: throws when the value is unusable. */
  view?(value: unknown): unknown;
};

/** A loader's context: only what the loaders the check calls read (platform, session token, merchant, language). */
function loaderContext(ctx: RunContext, platform: PlatformClient, token: string | null): AppContext {
  return { platform, session: { token }, merchant: ctx.merchant, language: ctx.language } as unknown as AppContext;
}

const PROBE_USER = "platform-check-nobody";

/** The encryption handshake worked when the platform answers the login as a login (not an encryption error). */
function handshakeAccepted(errorCode: string | undefined, status: number): boolean {
  return status < 400 && !(errorCode ?? "").startsWith("encryption");
}

/** Which header of ours an encryption refusal is about (docs/platform-contract.md#encrypted-requests). */
export function encryptionRefusal(errorCode: string | undefined): { field: string; expected: string } | null {
  switch (errorCode) {
    case "encryption.key.mismatch":
      return { field: "request header X-RSA", expected: "MD5(modulus hex)[0..16] accepted" };
    case "encryption.digest.mismatch":
      return { field: "request header X-Digest", expected: "MD5(JSON + key) accepted" };
    case "encryption.decrypt.failed":
      return { field: "request header Encryption / body", expected: "RSA(reversed key) and DES-ECB body accepted" };
    case "encryption.missing":
      return { field: "request headers Encryption, X-RSA, X-Digest", expected: "the headers read" };
    default:
      return errorCode?.startsWith("encryption") ? { field: "request encryption", expected: "accepted" } : null;
  }
}

/** Sandbox only: its stand-in for Geetest's servers solves a challenge (a real platform answers 404: not checked). */
async function solvedCaptcha(platform: PlatformClient): Promise<Record<string, string> | Skip> {
  const challenge = await getCaptchaChallenge(platform, "login");
  if (!challenge.ok) return new Skip("login needs a captcha and no challenge came");
  const c = challenge.challenge;
  const raw =
    c.version === "v3"
      ? await platform.send("/wps/captcha/geetest/solve", { method: "POST", body: { challenge: c.challenge }, auth: false })
      : await platform.send("/wps/captcha/geetest4/solve", { method: "POST", body: { captchaId: c.captchaId }, auth: false });
  if (raw.kind !== "reply" || !raw.reply.success) {
    return new Skip("login needs a captcha a person solves (settings captcha.login): use a test merchant without it");
  }
  if (c.version === "v4") return { geetestValidateV4: JSON.stringify(raw.reply.value) };
  const v = z
    .object({ geetest_challenge: z.string(), geetest_validate: z.string(), geetest_seccode: z.string() })
    .safeParse(raw.reply.value);
  if (!v.success) return new Skip("the sandbox's captcha solver answered another shape");
  return { geetestChallenge: v.data.geetest_challenge, geetestValidate: v.data.geetest_validate, geetestSeccode: v.data.geetest_seccode };
}

function rsaText(text: string): Verdict {
  return parseRsaModulus(text)
    ? { result: "ok", detail: "shape ok" }
    : { result: "mismatch", field: "(body)", expected: "the modulus as 64 to 1024 hex digits", got: `${text.length} characters` };
}

const needsMember = (ctx: RunContext): string | Skip =>
  ctx.token ?? new Skip(ctx.member ? "no member session: the login failed" : "needs --member");

/** A call's row in the contract's table: "METHOD path?query" in backticks, or its own. */
export function contractRowOf(call: CheckedCall): string {
  const query = Object.entries(call.query ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return call.contractRow ?? `\`${call.method} ${call.path}${query ? `?${query}` : ""}\``;
}

export const CHECKED_CALLS: readonly CheckedCall[] = [
  // ---- visitor: the shell and every page ----
  {
    id: "rsa-key",
    method: "GET",
    path: "/wps/session/key/rsa",
    source: "specified",
    essential: true,
    audience: "visitor",
    playerSees: "every login and registration fails (Missing Encryption)",
    text: rsaText,
    async run(ctx) {
      // The client keeps keys per merchant for 5 minutes; the check asks every time, as the client does when it has none.
      await ctx
        .client("action")
        .send("/wps/session/key/rsa", { query: { _: Date.now() }, auth: false, headers: { "Cache-Control": "no-cache" } });
    },
  },
  {
    id: "encryption-handshake",
    method: "POST",
    path: "/wps/session/login",
    source: "assumed",
    essential: true,
    audience: "visitor",
    playerSees: "every login, registration and password change is refused (X-RSA / X-Digest read differently)",
    contractRow: "headers `Encryption`, `X-RSA`, `X-Digest`",
    acceptFailure: handshakeAccepted,
    refusalField: encryptionRefusal,
    async run(ctx) {
      // A login of a user that does not exist: any answer but an encryption error proves the platform decrypted it.
      await callLogin(
        ctx.client("action"),
        {
          type: "username",
          username: PROBE_USER,
          password: randomUUID(),
          loginDeviceId: randomUUID(),
          merchant: ctx.merchant.merchantCode,
        },
        "PWA",
      );
    },
  },
  {
    id: "settings",
    method: "GET",
    path: "/wps/system/setting",
    source: "assumed",
    essential: true,
    audience: "visitor",
    playerSees: "login and register pages without captcha, social sign-in or chat; white-label features off",
    schema: siteSettingsSchema,
    // What the product needs and would silently default: white-label flags, captcha flags, Geetest and Firebase setup.
    fields: { whitelabelVal: "object", captcha: "object", gw: "object", sms: "object" },
    async run(ctx) {
      const settings = await getSiteSettings(ctx.client("page"));
      ctx.settings = settings.ok ? settings.value : null;
    },
  },
  {
    id: "status",
    concurrent: true,
    method: "GET",
    path: "/wps/system/status",
    source: "specified",
    essential: false,
    audience: "visitor",
    playerSees: "no maintenance or access-denied page when the platform means one",
    schema: siteStatusSchema,
    fields: { maintenance: "boolean", regionRestriction: "boolean" },
    async run(ctx) {
      await getSiteStatus(ctx.client("page"), ctx.host, "");
    },
  },
  {
    id: "config",
    concurrent: true,
    method: "GET",
    path: "/wps/system/config",
    source: "assumed",
    essential: false,
    audience: "visitor",
    playerSees: "no customer-service button; no other domains to fall back to",
    schema: siteConfigSchema,
    fields: { customerService: "array", "customerService[].csType": "string", "customerService[].path": "string" },
    view: (value) => customerServiceEntries(siteConfigSchema.parse(value)),
    async run(ctx) {
      await getSiteConfig(ctx.client("page"));
    },
  },
  {
    id: "country",
    concurrent: true,
    method: "GET",
    path: "/wps/system/country",
    query: { _: "common" },
    source: "specified",
    essential: false,
    audience: "visitor",
    playerSees: "no dialling-code picker on the login and register pages",
    schema: countryListSchema,
    fields: { countries: "array" },
    async run(ctx) {
      await getCountries(ctx.client("page"));
    },
  },
  {
    id: "ping",
    concurrent: true,
    method: "GET",
    path: "/wps/system/test/ping",
    source: "specified",
    essential: false,
    audience: "visitor",
    playerSees: "the 'network slowly' toast",
    async run(ctx) {
      await ping(ctx.client("page"));
    },
  },
  {
    id: "captcha-challenge",
    concurrent: true,
    method: "GET",
    path: "/wps/captcha/geetest",
    source: "specified",
    essential: false,
    audience: "visitor",
    playerSees: "'captcha not set up' where a form needs a captcha: that form cannot be sent",
    schema: challengeSchema,
    async run(ctx) {
      const captcha = ctx.settings?.captcha ?? {};
      if (!captcha.login && !captcha.register && !captcha.sms) return new Skip("no form needs a captcha (settings captcha)");
      await getCaptchaChallenge(ctx.client("page"), captcha.login ? "login" : captcha.register ? "register" : "sms");
    },
  },
  {
    id: "popups-visitor",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getListAnnouncements",
    query: { types: "PU", execution: "B" },
    source: "assumed",
    essential: false,
    audience: "visitor",
    playerSees: "no announcement popup (fails soft)",
    schema: popupListSchema,
    async run(ctx) {
      await getPopupAnnouncements(ctx.client("page"), "B");
    },
  },
  {
    id: "marquee",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getListAnnouncements",
    query: { types: "MQ" },
    source: "assumed",
    essential: false,
    audience: "visitor",
    playerSees: "no marquee on the home page, or items without text (fails soft)",
    schema: marqueeListSchema,
    item: marqueeItemSchema,
    fields: { "[].id": "present", "[].content|title": "string" },
    view: (value) => toMarqueeItems(marqueeListSchema.parse(value)),
    async run(ctx) {
      const platform = ctx.client("page");
      await loadMarquee(loaderContext(ctx, platform, null));
    },
  },
  {
    id: "banners",
    concurrent: true,
    method: "GET",
    path: "/wps/system/banners",
    query: { groups: "m_home,m_event" },
    source: "assumed",
    essential: false,
    audience: "visitor",
    playerSees: "no banners on the home page (fails soft)",
    schema: bannerListSchema,
    item: bannerSchema,
    view: (value) => toHomeBanners(bannerListSchema.parse(value), false, []),
    async run(ctx) {
      const platform = ctx.client("page");
      await loadBanners(loaderContext(ctx, platform, null));
    },
  },
  {
    id: "image-popups",
    concurrent: true,
    method: "GET",
    path: "/wps/system/banners",
    query: { groups: IMAGE_POPUP_GROUPS.join(",") },
    source: "assumed",
    essential: false,
    audience: "visitor",
    playerSees: "no image-download popup",
    schema: bannerListSchema,
    item: bannerSchema,
    async run(ctx) {
      // The browser asks this through the site's /wps proxy (app/shell/download/ImagePopups.tsx): the same request.
      await ctx
        .client("page")
        .call("/wps/system/banners", bannerListSchema, { query: { groups: IMAGE_POPUP_GROUPS.join(",") }, auth: false });
    },
  },
  {
    id: "vendors",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/GCSGAME_newGameVendor",
    source: "specified",
    essential: false,
    audience: "visitor",
    playerSees: "no game lanes on the home page (fails soft)",
    schema: vendorListSchema,
    item: vendorSchema,
    view: (value) => toVendors(vendorListSchema.parse(value)),
    async run(ctx) {
      const platform = ctx.client("page");
      await loadGameLanes(loaderContext(ctx, platform, null));
    },
  },
  {
    id: "promotions-visitor",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getPromotionList",
    source: "assumed",
    essential: false,
    audience: "visitor",
    playerSees: "an empty promotions page (items of another shape are left out)",
    schema: promotionListSchema,
    item: promotionItemSchema,
    async run(ctx) {
      await getPromotionList(ctx.client("page"), false);
    },
  },
  {
    id: "available-promotions",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getMerchantAvailablePromotions",
    source: "specified",
    essential: false,
    audience: "visitor",
    playerSees: "no download-bonus gift on the download bar",
    schema: availablePromotionsSchema,
    async run(ctx) {
      await getAvailablePromotions(ctx.client("page"), false);
    },
  },
  {
    id: "app-download-announcements",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getListAnnouncements",
    query: { types: "PR", category: "app_download" },
    source: "specified",
    essential: false,
    audience: "visitor",
    playerSees: "no download-bonus text on the download page",
    schema: announcementsSchema,
    async run(ctx) {
      await getAppDownloadAnnouncements(ctx.client("page"));
    },
  },
  {
    id: "download-links",
    concurrent: true,
    method: "GET",
    path: "/wps/system/downloadLinks",
    source: "assumed",
    essential: false,
    audience: "visitor",
    playerSees: "no download bar and an empty download page",
    schema: downloadLinksSchema,
    fields: { "[].resourceType": "string" },
    async run(ctx) {
      await getDownloadLinks(ctx.client("page"));
    },
  },
  {
    id: "app-version",
    concurrent: true,
    method: "GET",
    path: "/wps/system/appVersion",
    query: { platform: "Android" },
    source: "assumed",
    essential: false,
    audience: "visitor",
    playerSees: "inside the native app: no upgrade offer",
    schema: appVersionSchema,
    async run(ctx) {
      await getAppVersion(ctx.client("page"), "Android");
    },
  },
  // ---- member: --member USER ----
  {
    id: "login",
    method: "POST",
    path: "/wps/session/login",
    source: "specified",
    essential: true,
    audience: "member",
    playerSees: "no member can log in",
    schema: loginValueSchema,
    fields: { id: "present", token: "string", userName: "string" },
    refusalField: encryptionRefusal,
    async run(ctx) {
      if (!ctx.member) return new Skip("needs --member");
      const platform = ctx.client("action");
      const captcha = ctx.settings?.captcha.login ? await solvedCaptcha(platform) : {};
      if (captcha instanceof Skip) return captcha;
      const result = await callLogin(
        platform,
        { type: "username", ...ctx.member, loginDeviceId: randomUUID(), merchant: ctx.merchant.merchantCode, ...captcha },
        "PWA",
      );
      ctx.token = result.ok ? result.value.token : null;
    },
  },
  {
    id: "member-info",
    method: "GET",
    path: "/wps/member/info",
    source: "specified",
    essential: true,
    audience: "member",
    playerSees: "a member's pages fail; the member type (chat, go-to buttons) and language are unknown",
    schema: memberInfoSchema,
    fields: { type: "number" },
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      const info = await getMemberInfo(ctx.client("page", token));
      ctx.memberLanguage = info.ok ? (info.value.language ?? null) : null;
    },
  },
  {
    id: "popups-member",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getListAnnouncements",
    query: { types: "PU", execution: "A" },
    source: "assumed",
    essential: false,
    audience: "member",
    playerSees: "no announcement popup for members (fails soft)",
    schema: popupListSchema,
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      await getPopupAnnouncements(ctx.client("page", token), "A");
    },
  },
  {
    id: "promotions-member",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getPromotionList",
    source: "assumed",
    essential: false,
    audience: "member",
    playerSees: "an empty promotions page for members",
    schema: promotionListSchema,
    item: promotionItemSchema,
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      await getPromotionList(ctx.client("page", token), true);
    },
  },
  {
    id: "reward-centre",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getRewardCenterPromotions",
    source: "assumed",
    essential: false,
    audience: "member",
    playerSees: "an empty rewards centre",
    schema: promotionListSchema,
    item: promotionItemSchema,
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      if (ctx.settings?.flags.rewardCenter !== true) return new Skip("white-label flag REWCEN3 is off");
      await getRewardCenterPromotions(ctx.client("page", token));
    },
  },
  {
    id: "referral",
    concurrent: true,
    method: "GET",
    path: "/wps/member/referral",
    source: "assumed",
    essential: false,
    audience: "member",
    playerSees: "no referral code or link on the invite-friends page",
    schema: referralSchema,
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      await getReferral(ctx.client("page", token));
    },
  },
  {
    id: "promotion-detail",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/MCSFE_getPromotionDetail",
    source: "assumed",
    essential: false,
    audience: "member",
    playerSees: "the promotion pages say the promotion's details could not be loaded; nothing to claim",
    schema: promotionDetailSchema,
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      const client = ctx.client("page", token);
      // The detail of the member's sign-in promotion when there is one (it has the most to read), else the first.
      const list = await getPromotionList(client, true);
      const promotions = list.ok ? list.value : [];
      const promotion = promotions.find((p) => p.promotionType === "LOGIN") ?? promotions[0];
      if (promotion === undefined) return new Skip("the member's promotion list is empty or failed");
      await getPromotionDetail(client, promotion.id);
    },
  },
  {
    id: "chat-unread",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/CBS_unreadCount",
    source: "specified",
    essential: false,
    audience: "member",
    playerSees: "no unread badge on the chat entry",
    schema: z.object({ unReadCount: z.number().int().min(0).max(1_000_000) }),
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      if (ctx.settings?.flags.chat !== true) return new Skip("white-label flag CBS3 (chat) is off");
      await unreadCount(loaderContext(ctx, ctx.client("page", token), token), { sessionEnd: "report" });
    },
  },
  {
    id: "chat-launch",
    concurrent: true,
    method: "GET",
    path: "/wps/relay/CBS_launchChat",
    source: "specified",
    essential: false,
    audience: "member",
    playerSees: "the chat does not open ('unknown error')",
    schema: z.string().max(4096).url(),
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      if (ctx.settings?.flags.chat !== true) return new Skip("white-label flag CBS3 (chat) is off");
      await launchChat(loaderContext(ctx, ctx.client("action", token), token), `https://${ctx.host}/m/home`);
    },
  },
  {
    id: "member-language",
    method: "POST",
    path: "/wps/member/language",
    source: "specified",
    essential: false,
    audience: "member",
    playerSees: "a member's language choice is not kept on the platform",
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      if (!ctx.write) return new Skip("changes data: needs --write");
      // The member's own language written back, so nothing changes but the call is made.
      const language = (ctx.memberLanguage ?? ctx.language) as LanguageCode;
      await updateMemberLanguage(ctx.client("action", token), language);
    },
  },
  {
    id: "logout",
    method: "POST",
    path: "/wps/session/logout",
    source: "assumed",
    essential: false,
    audience: "member",
    playerSees: "logging out leaves the token valid on the platform",
    async run(ctx) {
      const token = needsMember(ctx);
      if (token instanceof Skip) return token;
      await callLogout(ctx.client("action", token));
    },
  },
];

/**
 * Calls the product makes that the check does not, and why: each changes data or needs a person
 * (the contract test holds this list, the check's and the product's in step).
 */
export const UNCHECKED_CALLS: Readonly<Record<string, string>> = {
  "/wps/session/login/verification": "needs a member's second factor",
  "/wps/verification/sms/noLogin": "sends an SMS",
  "/wps/member/register": "creates a member",
  "/wps/member/register/mobile": "creates a member",
  "/wps/member/register/firebase": "creates a member",
  "/wps/member/register/autoUsername": "part of registration; only asked on the register page",
  "/wps/member/password": "changes the password",
  "/wps/game/launchGame": "opens a game session at the vendor",
  "/wps/relay/GCS_gameTrialLaunch": "opens a trial game session at the vendor",
  "/wps/relay/CSP_fcmBind": "binds a device for push",
  "/wps/relay/CSP_fcmSubscribe": "binds a device for push",
  "/wps/relay/CSP_fcmUnsubscribe": "unbinds a device",
  "/wps/tracking/event": "records a marketing event",
  "/wps/relay/MCSFE_claimPromotion": "claims a member's reward (once: a claim cannot be undone)",
};
