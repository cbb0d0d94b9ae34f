import { z } from "zod";
import type { PlatformClient } from "../../.server/platform/client";
import type { PlatformResult } from "../../.server/platform/outcomes";
import type { SiteSettings } from "../../.server/platform/site";
import type { PixelTrack } from "../../tracking/registration-info.server";
import type { RegisterInput, RegisterMode } from "./register-form";
import type { DeviceHeader, RegisterMethod } from "../device";
import { wireMobile } from "../phone";

// The register calls (docs/behaviour/registration.md#register-call): POST /wps/member/register (username) and
// /wps/member/register/mobile, both encrypted, with ModuleId REG3 / MOBILENUMREG3; and the auto-username prefill.

export type { RegisterMethod };
export type ModuleId = "REG3" | "MOBILENUMREG3";

export function moduleIdFor(mode: RegisterMode): ModuleId {
  return mode === "mobile" ? "MOBILENUMREG3" : "REG3";
}

export function registerPathFor(mode: RegisterMode): string {
  return mode === "mobile" ? "/wps/member/register/mobile" : "/wps/member/register";
}

const registerSettingSchema = z
  .object({
    autoUsername: z.boolean().catch(false).default(false),
    mobile: z.boolean().catch(false).default(false),
    passwordRequiredForMobile: z.boolean().catch(true).default(true),
  })
  .catch({ autoUsername: false, mobile: false, passwordRequiredForMobile: true });

export type RegisterSettings = {
  /** Offer the mobile-number mode beside the username mode. */
  mobile: boolean;
  /** Prefill the username from /wps/member/register/autoUsername. */
  autoUsername: boolean;
  /** False: mobile registration may leave the password empty (the platform uses the default one). */
  passwordRequiredForMobile: boolean;
  /** A captcha result is needed before submit (settings captcha.register). */
  captcha: boolean;
};

/** The registration part of the site settings; a missing or odd `register` block means username only. */
export function registerSettingsFrom(settings: SiteSettings | null): RegisterSettings {
  const register = registerSettingSchema.parse((settings as Record<string, unknown> | null)?.register ?? {});
  return {
    mobile: register.mobile,
    autoUsername: register.autoUsername,
    passwordRequiredForMobile: register.passwordRequiredForMobile,
    captcha: settings?.captcha.register ?? false,
  };
}

/** The captcha result fields the form carries (v3 three, v4 one). */
export const captchaFieldsSchema = z.object({
  geetestChallenge: z.string().max(200).optional(),
  geetestValidate: z.string().max(200).optional(),
  geetestSeccode: z.string().max(300).optional(),
  geetestValidateV4: z.string().max(2000).optional(),
});
export type CaptchaFields = z.infer<typeof captchaFieldsSchema>;

/** Only the non-empty captcha fields of a form. */
export function captchaFieldsFrom(form: FormData): CaptchaFields {
  const raw: Record<string, string> = {};
  for (const name of ["geetestChallenge", "geetestValidate", "geetestSeccode", "geetestValidateV4"] as const) {
    const value = form.get(name);
    if (typeof value === "string" && value.trim()) raw[name] = value.trim();
  }
  const parsed = captchaFieldsSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export type RegisterContext = {
  registerMethod: RegisterMethod;
  /** The registration page's address. */
  registerUrl: string;
  /** The host the page was served on. */
  domain: string;
  loginDeviceId: string;
  pixelTrack: PixelTrack | undefined;
  captcha: CaptchaFields;
  /** The Device header (login, verification and register send it; docs/behaviour/identity.md#device-header). */
  device: DeviceHeader;
};

/** The register call's body (docs/platform-contract.md). Empty optional fields are left out. */
export function registerBody(input: RegisterInput, context: RegisterContext): Record<string, unknown> {
  const body: Record<string, unknown> = {
    registerMethod: context.registerMethod,
    registerUrl: context.registerUrl,
    loginDeviceId: context.loginDeviceId,
    domain: context.domain,
    login: true,
  };
  if (input.referralCode) body.referralCode = input.referralCode;
  if (input.affiliateCode) body.affiliateCode = input.affiliateCode;
  if (context.pixelTrack) body.pixelTrack = context.pixelTrack;
  if (input.mode === "username") {
    body.username = input.username;
    body.password = input.password;
  } else {
    body.mobileNum = wireMobile(input.countryDialingCode, input.mobileNum);
    body.countryDialingCode = input.countryDialingCode;
    body.verificationCode = input.verificationCode;
    if (input.password) body.password = input.password;
  }
  return { ...body, ...context.captcha };
}

const idSchema = z.union([z.number(), z.string().max(64)]).transform(String);

export const registeredSchema = z
  .object({
    id: idSchema.nullish(),
    customerId: idSchema.nullish(),
    userName: z.string().max(64),
    token: z.string().min(1).max(512).nullish(),
    customerType: z.number().int().nullish(),
    firstTimeLogin: z.boolean().nullish(),
  })
  .passthrough()
  .refine((v) => v.id != null || v.customerId != null, "id or customerId");
export type Registered = z.infer<typeof registeredSchema>;

export function registerMember(
  platform: PlatformClient,
  input: RegisterInput,
  context: RegisterContext,
): Promise<PlatformResult<Registered>> {
  return platform.call(registerPathFor(input.mode), registeredSchema, {
    method: "POST",
    body: registerBody(input, context),
    encrypt: true,
    auth: false,
    headers: { ModuleId: moduleIdFor(input.mode), Device: context.device },
  });
}

/** A free username suggested by the platform (merchants with register.autoUsername). */
export async function suggestUsername(platform: PlatformClient, device: DeviceHeader): Promise<string | null> {
  const result = await platform.call("/wps/member/register/autoUsername", z.object({ username: z.string().max(64) }).passthrough(), {
    method: "POST",
    body: {},
    auth: false,
    headers: { Device: device },
    timeoutMs: 5_000,
  });
  return result.ok ? result.value.username : null;
}
