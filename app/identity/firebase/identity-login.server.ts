// Sign-in with a Firebase ID token at the edge (docs/behaviour/firebase.md#social-sign-in): the platform calls, and the
// identity a new player has not yet linked, kept while they choose what to do with it.
import { z } from "zod";
import type { PlatformClient } from "../../.server/platform/client";
import { expireCookie, readCookie, sealedCookie } from "../../.server/cookies";
import type { DeviceHeader } from "../device";
import { registeredSchema } from "../register/registration.server";
import { FIREBASE_CHANNELS, type FirebaseChannel } from "./config";

/** The two fields a browser posts after Firebase signed the player in. */
export const identityFieldsSchema = z.object({
  firebaseChannel: z.enum(FIREBASE_CHANNELS),
  // A Firebase ID token is a JWT of about 1 KB; anything far off that is not one.
  firebaseIdToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/)
    .min(20)
    .max(4000),
});
export type IdentityFields = z.infer<typeof identityFieldsSchema>;

/** Reads the identity fields of a form post, or null. */
export function identityFieldsOf(form: Record<string, unknown>): IdentityFields | null {
  const parsed = identityFieldsSchema.safeParse(form);
  return parsed.success ? parsed.data : null;
}

export type IdentityRegistration = IdentityFields & {
  loginDeviceId: string;
  /** A phone identity: mobile registration by identity provider (the platform's SMS template applies). */
  smsTemplate: boolean;
  /** The codes a registration carries (typed, from the address or stored at landing); empty ones are left out. */
  referralCode?: string;
  affiliateCode?: string;
};

/** Register by identity provider: a new member for this identity, signed in (login true). */
export function callRegisterByIdentity(platform: PlatformClient, body: IdentityRegistration, device: DeviceHeader) {
  const { referralCode, affiliateCode, ...rest } = body;
  return platform.call("/wps/member/register/firebase", registeredSchema, {
    method: "POST",
    body: { ...rest, ...(referralCode ? { referralCode } : {}), ...(affiliateCode ? { affiliateCode } : {}), login: true },
    encrypt: true,
    auth: false,
    headers: { Device: device },
  });
}

// The identity a player has not linked yet, while they choose (docs/behaviour/firebase.md#new-identity): ten minutes in
// its own HttpOnly cookie, sealed (the ID token is a credential), never in the page or web storage.
export const PENDING_IDENTITY_COOKIE = "mc_identity";
const SEAL_INFO = "mc_identity/v1 pending identity";
export const PENDING_IDENTITY_MAX_AGE = 10 * 60;

const pendingSchema = z
  .object({
    channel: z.enum(FIREBASE_CHANNELS),
    idToken: z.string().max(4000),
    merchantCode: z.string().min(1).max(32),
    redirectUrl: z.string().max(2048).nullable(),
    expiresAt: z.number(),
  })
  .strict();
export type PendingIdentity = z.infer<typeof pendingSchema>;

function pendingCookie(request: Request, secret: string) {
  return sealedCookie(request, {
    name: PENDING_IDENTITY_COOKIE,
    secret,
    maxAge: PENDING_IDENTITY_MAX_AGE,
    info: SEAL_INFO,
    schema: pendingSchema,
  });
}

export function pendingIdentityCookie(
  request: Request,
  secret: string,
  identity: IdentityFields,
  merchantCode: string,
  redirectUrl: string | null,
  now = Date.now(),
): Promise<string> {
  const value: PendingIdentity = {
    channel: identity.firebaseChannel,
    idToken: identity.firebaseIdToken,
    merchantCode,
    redirectUrl,
    expiresAt: now + PENDING_IDENTITY_MAX_AGE * 1000,
  };
  return pendingCookie(request, secret).serialize(value);
}

/** The pending identity, if unexpired and started on this merchant. */
export async function readPendingIdentity(request: Request, secret: string, merchantCode: string, now = Date.now()) {
  const parsed = pendingSchema.safeParse(await readCookie(pendingCookie(request, secret), request));
  const pending = parsed.success ? parsed.data : null;
  return pending && pending.expiresAt > now && pending.merchantCode === merchantCode ? pending : null;
}

export function clearPendingIdentityCookie(request: Request): Promise<string> {
  return expireCookie(request, PENDING_IDENTITY_COOKIE);
}

export function fieldsOfPending(pending: PendingIdentity): IdentityFields {
  return { firebaseChannel: pending.channel as FirebaseChannel, firebaseIdToken: pending.idToken };
}
