// Member tokens: random 32-hex strings in D1, bound to one merchant.
import { findMemberById, markLoggedIn, type MemberRow } from "./members";
import { randomHex } from "./random";
import { ALWAYS_FIRST_LOGIN } from "./merchants";

export async function issueToken(db: D1Database, merchant: string, memberId: number): Promise<string> {
  const token = randomHex(16);
  await db
    .prepare("INSERT INTO tokens (token, member_id, merchant, created_at) VALUES (?, ?, ?, ?)")
    .bind(token, memberId, merchant, Date.now())
    .run();
  return token;
}

export async function revokeToken(db: D1Database, merchant: string, token: string): Promise<void> {
  await db.prepare("DELETE FROM tokens WHERE token = ? AND merchant = ?").bind(token, merchant).run();
}

/** Ends every session of a member, as a platform operator (or a password reset elsewhere) would. */
export async function revokeMemberTokens(db: D1Database, merchant: string, memberId: number): Promise<number> {
  const result = await db.prepare("DELETE FROM tokens WHERE member_id = ? AND merchant = ?").bind(memberId, merchant).run();
  return result.meta.changes ?? 0;
}

/** The token from `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFrom(request: Request): string | null {
  const header = request.headers.get("Authorization")?.trim();
  if (header === undefined || header === "") return null;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  return token === "" ? null : token;
}

export interface Session {
  token: string;
  member: MemberRow;
}

/** The logged-in member, or null (no token, unknown token, or a token of another merchant). */
export async function authenticate(db: D1Database, merchant: string, request: Request): Promise<Session | null> {
  const token = tokenFrom(request);
  if (token === null) return null;
  const row = await db
    .prepare("SELECT member_id FROM tokens WHERE token = ? AND merchant = ?")
    .bind(token, merchant)
    .first<{ member_id: number }>();
  if (row === null) return null;
  const member = await findMemberById(db, merchant, row.member_id);
  return member === null ? null : { token, member };
}

/** The login success value (login, 2FA verification). */
export interface LoginValue {
  id: number;
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
}

/** Issues a token; firstTimeLogin is true only the first time after seed/reset. */
export async function signIn(db: D1Database, merchant: string, member: MemberRow): Promise<LoginValue> {
  const token = await issueToken(db, merchant, member.id);
  if (member.first_login === 1 && !ALWAYS_FIRST_LOGIN.has(member.username)) await markLoggedIn(db, member.id);
  return {
    id: member.id,
    token,
    userName: member.username,
    customerType: member.type,
    firstTimeLogin: member.first_login === 1,
    passwordExpired: member.password_expired === 1,
  };
}
