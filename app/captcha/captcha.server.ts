import { z } from "zod";
import type { PlatformClient } from "../.server/platform/client";
import { captchaSettingsFields } from "../.server/platform/site";

// Geetest captcha: the merchant's setup (settings) and a challenge (docs/behaviour/captcha.md#challenge).

export const CAPTCHA_PRODUCTS = ["login", "register", "sms"] as const;
export type CaptchaProduct = (typeof CAPTCHA_PRODUCTS)[number];
export type CaptchaVersion = "v3" | "v4";

/** Script loading tries up to three servers (docs/behaviour/captcha.md#script-servers). */
export const MAX_CAPTCHA_SCRIPT_SERVERS = 3;

/**
 * What a page passes to `<CaptchaField>`: whether this form needs a captcha, which Geetest version, and where
 * the widget scripts live: same-origin paths, or servers of the merchant's own list (the only outside script hosts
 * the page's CSP allows).
 */
export type CaptchaSetup = { required: boolean; version: CaptchaVersion; servers: string[]; presentation: CaptchaPresentation };

/** How the check is shown (docs/behaviour/captcha.md#presentation): a slider in the form, or a plain click that opens it. */
export type CaptchaPresentation = "slide" | "click";

/**
 * The slider when the form's captcha is on and the merchant's login slider flag (settings `login.slider`) is on; the
 * plain captcha when it is on and the slider is off. The SMS send-code check is always the plain one: its button, not
 * the form, opens it.
 */
export function captchaPresentation(product: CaptchaProduct, required: boolean, sliderFlag: boolean): CaptchaPresentation {
  return required && sliderFlag && product !== "sms" ? "slide" : "click";
}

const SAME_ORIGIN_PATH = /^\/(?!\/)[A-Za-z0-9._~/-]{0,200}$/;

/** The captcha part of the site settings, with the settings schema's own field definitions. */
const captchaSettingsSchema = z.object(captchaSettingsFields).passthrough();

export function normaliseVersion(raw: string | null | undefined): CaptchaVersion {
  return raw?.trim().toLowerCase() === "v4" ? "v4" : "v3";
}

function originOf(server: string): string | null {
  if (!server.startsWith("https://")) return null;
  try {
    return new URL(server).origin;
  } catch {
    return null;
  }
}

/** The https origins of the merchant's captcha script servers: what the page's CSP adds to script-src. */
export function captchaScriptOrigins(merchantServers: readonly string[]): string[] {
  return [...new Set(merchantServers.map(originOf).filter((o): o is string => o !== null))];
}

/**
 * The servers to try: the platform settings' list where each is same-origin or on one of the merchant's own script
 * origins, else the merchant's configured list. Nothing when neither names one (the captcha then reports a network
 * failure rather than loading a script from an unknown host).
 */
export function normaliseServers(raw: readonly string[] | null | undefined, merchantServers: readonly string[] = []): string[] {
  const allowedOrigins = new Set(captchaScriptOrigins(merchantServers));
  const fromSettings = (raw ?? [])
    .map((s) => s.trim().replace(/\/+$/, ""))
    .filter((s) => SAME_ORIGIN_PATH.test(s) || allowedOrigins.has(originOf(s) ?? ""))
    .slice(0, MAX_CAPTCHA_SCRIPT_SERVERS);
  return fromSettings.length > 0 ? fromSettings : merchantServers.slice(0, MAX_CAPTCHA_SCRIPT_SERVERS);
}

/**
 * The captcha setup for one form from the merchant's settings value (GET /wps/system/setting). Give it the raw
 * settings value, or a parsed one that kept `gw.GEETEST_SCRIPT_SERVERS`. Unreadable settings mean no captcha:
 * the platform still refuses a missing one (geetest.required) and the page shows that message.
 */
export function captchaSetupFromSettings(
  settings: unknown,
  product: CaptchaProduct,
  merchantServers: readonly string[] = [],
): CaptchaSetup {
  const parsed = captchaSettingsSchema.safeParse(settings);
  if (!parsed.success) return { required: false, version: "v3", servers: normaliseServers(null, merchantServers), presentation: "click" };
  const { captcha, gw, login } = parsed.data;
  const required = captcha?.[product] === true;
  return {
    required,
    version: normaliseVersion(gw?.GEETEST_VERSION),
    servers: normaliseServers(gw?.GEETEST_SCRIPT_SERVERS, merchantServers),
    presentation: captchaPresentation(product, required, login?.slider === true),
  };
}

/** A captcha challenge as the platform answers it (also the contract check's, scripts/platform/calls.ts). */
export const challengeSchema = z.union([
  z.object({
    gt: z.string().regex(/^[0-9a-zA-Z]{1,64}$/),
    challenge: z.string().regex(/^[0-9a-zA-Z]{1,128}$/),
    new_captcha: z.boolean().nullish(),
    newCaptcha: z.boolean().nullish(),
    /** Geetest's failback: 0 means its servers are down and the widget runs offline. */
    success: z.union([z.number(), z.boolean()]).nullish(),
  }),
  z.object({ captchaId: z.string().regex(/^[0-9a-zA-Z]{1,64}$/) }),
]);

export type CaptchaChallenge =
  { version: "v3"; gt: string; challenge: string; new_captcha: boolean; offline: boolean } | { version: "v4"; captchaId: string };

/**
 * Why no challenge: translated texts the browser shows in the widget's error state
 * (docs/behaviour/captcha.md#challenge).
 */
export type CaptchaChallengeFailure = { message: string | null; messageKey: "captcha_not_setup" | "captcha_too_fast" | "captcha_error" };

export type CaptchaChallengeResult = { ok: true; challenge: CaptchaChallenge } | { ok: false; failure: CaptchaChallengeFailure };

/** GET /wps/captcha/geetest?t=&product=: a v3 challenge or the v4 captcha id. */
export async function getCaptchaChallenge(platform: PlatformClient, product: CaptchaProduct): Promise<CaptchaChallengeResult> {
  const result = await platform.call("/wps/captcha/geetest", z.unknown(), { query: { t: Date.now(), product }, auth: false });
  if (!result.ok) {
    const code = result.errorCode ?? "";
    if (/too.?many|too.?fast/i.test(code)) return { ok: false, failure: { message: null, messageKey: "captcha_too_fast" } };
    const message = result.failure.kind === "notice" ? result.failure.message : null;
    return { ok: false, failure: { message, messageKey: "captcha_error" } };
  }
  const value = challengeSchema.safeParse(result.value);
  if (!value.success) {
    // No gt / captcha id: the merchant's Geetest account is not configured.
    console.error("[captcha] challenge of the wrong shape", value.error.issues.slice(0, 3));
    return { ok: false, failure: { message: null, messageKey: "captcha_not_setup" } };
  }
  const v = value.data;
  if ("captchaId" in v) return { ok: true, challenge: { version: "v4", captchaId: v.captchaId } };
  return {
    ok: true,
    challenge: {
      version: "v3",
      gt: v.gt,
      challenge: v.challenge,
      new_captcha: v.new_captcha ?? v.newCaptcha ?? true,
      offline: v.success === 0 || v.success === false,
    },
  };
}
