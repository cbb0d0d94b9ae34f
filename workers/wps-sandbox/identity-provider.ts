// Firebase identities: the ID token a member's browser got from the identity provider, checked, and the members it is
// linked to. The sandbox runs only with the Firebase Auth emulator, whose tokens are unsigned (`alg: none`); the real
// platform checks Google's signature instead (docs/platform-contract.md#identity-provider-tokens).
import { z } from "zod";
import type { FirebaseSettings } from "./merchants";
import { findMemberById, findMemberByMobile, type MemberRow } from "./members";
import { parseMobile } from "./phone";

/** The channels a token may come from: social providers by their Firebase id, and phone (SMS codes by Firebase). */
export const FIREBASE_CHANNELS = ["google.com", "facebook.com", "twitter.com", "oidc.line", "apple.com", "phone"] as const;

export interface Identity {
  uid: string;
  channel: string;
  email: string | null;
  phone: string | null;
}

const headerSchema = z.object({ alg: z.literal("none") }).passthrough();
const claimsSchema = z
  .object({
    aud: z.string(),
    iss: z.string(),
    sub: z.string().min(1).max(128),
    exp: z.number(),
    email: z.string().max(254).optional(),
    phone_number: z.string().max(20).optional(),
    firebase: z.object({ sign_in_provider: z.string().max(64) }).passthrough(),
  })
  .passthrough();

function decodePart(part: string): unknown {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))));
}

/**
 * The identity an ID token proves, or why not: for this merchant's project (audience and issuer), not expired, from the
 * channel the browser named.
 */
export function verifyIdToken(
  token: string,
  channel: string,
  settings: FirebaseSettings,
  nowMs: number,
): { ok: true; identity: Identity } | { ok: false; reason: string } {
  if (!settings.projectId) return { ok: false, reason: "identity provider not configured" };
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 8192) return { ok: false, reason: "not a token" };
  let header: unknown;
  let claims: unknown;
  try {
    header = decodePart(parts[0]!);
    claims = decodePart(parts[1]!);
  } catch {
    return { ok: false, reason: "not a token" };
  }
  if (!headerSchema.safeParse(header).success) return { ok: false, reason: "not an emulator token" };
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) return { ok: false, reason: "claims missing" };
  const c = parsed.data;
  if (c.aud !== settings.projectId || c.iss !== `https://securetoken.google.com/${settings.projectId}`) {
    return { ok: false, reason: "another project's token" };
  }
  if (c.exp * 1000 <= nowMs) return { ok: false, reason: "expired" };
  if (c.firebase.sign_in_provider !== channel) return { ok: false, reason: "channel mismatch" };
  if (channel === "phone" && !c.phone_number) return { ok: false, reason: "no phone number" };
  return { ok: true, identity: { uid: c.sub, channel, email: c.email?.toLowerCase() ?? null, phone: c.phone_number ?? null } };
}

/** The key an identity is linked by: the provider's account email, else the Firebase user id. */
function identityKey(identity: Identity): string {
  return identity.email ? `${identity.channel}:email:${identity.email}` : `${identity.channel}:uid:${identity.uid}`;
}

/** The member an identity signs in as: by phone, the member with that mobile number; otherwise the linked member. */
export async function memberForIdentity(db: D1Database, merchant: string, identity: Identity): Promise<MemberRow | null> {
  if (identity.channel === "phone") {
    const mobile = identity.phone ? parseMobile(identity.phone) : null;
    return mobile ? findMemberByMobile(db, merchant, mobile.mobileNum) : null;
  }
  const row = await db
    .prepare("SELECT member_id FROM firebase_identities WHERE merchant = ? AND identity_key = ?")
    .bind(merchant, identityKey(identity))
    .first<{ member_id: number }>();
  return row ? findMemberById(db, merchant, row.member_id) : null;
}

/** Links a social identity to a member (a later link of the same identity moves it). Phone identities need none. */
export async function linkIdentity(db: D1Database, merchant: string, identity: Identity, memberId: number): Promise<void> {
  if (identity.channel === "phone") return;
  await db
    .prepare(
      `INSERT INTO firebase_identities (merchant, identity_key, member_id, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (merchant, identity_key) DO UPDATE SET member_id = excluded.member_id`,
    )
    .bind(merchant, identityKey(identity), memberId, Date.now())
    .run();
}

/** Seeds the link of a seed member's social account (google, by email). */
export function seedLinkStatement(db: D1Database, merchant: string, email: string, username: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO firebase_identities (merchant, identity_key, member_id, created_at)
       SELECT merchant, ?, id, ? FROM members WHERE merchant = ? AND username = ?
       ON CONFLICT (merchant, identity_key) DO UPDATE SET member_id = excluded.member_id`,
    )
    .bind(`google.com:email:${email.toLowerCase()}`, Date.now(), merchant, username);
}
