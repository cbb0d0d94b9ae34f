// Identity calls to the platform: login, two-factor verification, send SMS code, change password, logout
// (docs/platform-contract.md).
import { z } from "zod";
import type { DeviceHeader } from "./device";
import type { PlatformClient } from "../.server/platform/client";

export const loginValueSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  token: z.string().min(1).max(512),
  userName: z.string().max(64),
  customerType: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  firstTimeLogin: z.boolean().default(false),
  passwordExpired: z.boolean().default(false),
});
export type LoginValue = z.infer<typeof loginValueSchema>;

/** The value of a login_verify_required reply: which two-factor methods the member must pass. */
export const twoFactorRequirementSchema = z.object({
  email: z.boolean().default(false),
  ga: z.boolean().default(false),
  sms: z.boolean().default(false),
  payeeName: z.boolean().default(false),
  mobileNum: z
    .string()
    .max(32)
    .nullish()
    .transform((v) => v ?? null),
});
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirementSchema>;

/** Captcha results the login, send-code and register calls forward as they are. */
export type GeetestFields = {
  geetestChallenge?: string;
  geetestValidate?: string;
  geetestSeccode?: string;
  geetestValidateV4?: string;
};

export type LoginBody = GeetestFields & {
  /** Username type only: sms logins send the number and code instead. */
  username?: string;
  password?: string;
  type: "username" | "sms" | "firebase";
  loginDeviceId: string;
  merchant: string;
  countryDialingCode?: string;
  mobileNum?: string;
  verificationCode?: string;
  /** Type firebase (and a username login linking a new identity): the ID token and where it came from. */
  firebaseChannel?: string;
  firebaseIdToken?: string;
};

export function callLogin(platform: PlatformClient, body: LoginBody, device: DeviceHeader) {
  return platform.call("/wps/session/login", loginValueSchema, {
    method: "POST",
    body,
    encrypt: true,
    auth: false,
    headers: { Device: device },
  });
}

export type TwoFactorMethodCode = "E" | "P" | "G" | "S";

export type VerificationBody = {
  /** A password login's credentials, or (after a Firebase login) the identity's fields instead. */
  username?: string;
  password?: string;
  firebaseChannel?: string;
  firebaseIdToken?: string;
  method: TwoFactorMethodCode;
  loginDeviceId: string;
  email?: string;
  payeeName?: string;
  authCode?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  verificationCode?: string;
};

export function callLoginVerification(platform: PlatformClient, body: VerificationBody, device: DeviceHeader) {
  return platform.call("/wps/session/login/verification", loginValueSchema, {
    method: "POST",
    body,
    encrypt: true,
    auth: false,
    headers: { Device: device },
  });
}

export const smsCodeValueSchema = z
  .object({
    expirationTime: z
      .number()
      .nullish()
      .transform((v) => v ?? null),
  })
  .nullish()
  .transform((v) => ({ expirationTime: v?.expirationTime ?? null }));

/** `mobileNum` is '+' + dialling code + national number on the wire; `countryDialingCode` is bare. */
export function callSendSmsCode(platform: PlatformClient, body: GeetestFields & { countryDialingCode: string; mobileNum: string }) {
  return platform.call("/wps/verification/sms/noLogin", smsCodeValueSchema, { method: "POST", body, auth: false });
}

export function callChangePassword(platform: PlatformClient, body: { oldPassword: string; newPassword: string }) {
  return platform.call("/wps/member/password", z.unknown(), { method: "POST", body, encrypt: true });
}

/** Logout is ending the session anyway: a token the platform already forgot is reported, not redirected. */
export function callLogout(platform: PlatformClient) {
  return platform.call("/wps/session/logout", z.unknown(), { method: "POST", sessionEnd: "report" });
}
