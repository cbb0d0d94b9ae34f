// Member rows in D1.
import type { TwoFactorMethod } from "./merchants";
import { hashPassword } from "./passwords";

export interface MemberRow {
  id: number;
  merchant: string;
  username: string;
  password_hash: string;
  password_salt: string;
  type: number;
  language: string;
  first_login: number;
  password_expired: number;
  /** "+84912345678", or null. */
  mobile: string | null;
  /** "84" for the mobile above, or null. */
  dialing_code: string | null;
  email: string | null;
  payee_name: string | null;
  /** Base32 TOTP secret. */
  ga_secret: string | null;
  /** Two-factor method letters, e.g. "EPGS"; "" = none. */
  two_factor: string;
  /** JSON of what registration sent (method, referral codes, pixels), for tests. */
  register_info: string | null;
}

export function findMemberByUsername(db: D1Database, merchant: string, username: string): Promise<MemberRow | null> {
  // The username column is COLLATE NOCASE, so "Demo01" finds demo01.
  return db.prepare("SELECT * FROM members WHERE merchant = ? AND username = ?").bind(merchant, username).first<MemberRow>();
}

export function findMemberById(db: D1Database, merchant: string, id: number): Promise<MemberRow | null> {
  return db.prepare("SELECT * FROM members WHERE merchant = ? AND id = ?").bind(merchant, id).first<MemberRow>();
}

export function findMemberByMobile(db: D1Database, merchant: string, mobile: string): Promise<MemberRow | null> {
  return db
    .prepare("SELECT * FROM members WHERE merchant = ? AND mobile = ? ORDER BY id LIMIT 1")
    .bind(merchant, mobile)
    .first<MemberRow>();
}

export async function markLoggedIn(db: D1Database, id: number): Promise<void> {
  await db.prepare("UPDATE members SET first_login = 0 WHERE id = ?").bind(id).run();
}

export async function setMemberLanguage(db: D1Database, id: number, language: string): Promise<void> {
  await db.prepare("UPDATE members SET language = ? WHERE id = ?").bind(language, id).run();
}

/** Stores a new password and clears the expired flag. */
export async function setMemberPassword(db: D1Database, id: number, password: string): Promise<void> {
  const { salt, hash } = await hashPassword(password);
  await db.prepare("UPDATE members SET password_hash = ?, password_salt = ?, password_expired = 0 WHERE id = ?").bind(hash, salt, id).run();
}

const METHOD_LETTERS: readonly TwoFactorMethod[] = ["E", "P", "G", "S"];

export function twoFactorMethods(member: Pick<MemberRow, "two_factor">): TwoFactorMethod[] {
  return METHOD_LETTERS.filter((m) => member.two_factor.includes(m));
}

export interface NewMember {
  merchant: string;
  username: string;
  password: string;
  language: string;
  mobile: string | null;
  dialingCode: string | null;
  registerInfo: unknown;
}

/** Inserts a member; null if the username is taken (the UNIQUE constraint decides under races). */
export async function createMember(db: D1Database, member: NewMember): Promise<MemberRow | null> {
  const { salt, hash } = await hashPassword(member.password);
  try {
    const res = await db
      .prepare(
        `INSERT INTO members (merchant, username, password_hash, password_salt, type, language, mobile, dialing_code, register_info, created_at)
         VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
      )
      .bind(
        member.merchant,
        member.username,
        hash,
        salt,
        member.language,
        member.mobile,
        member.dialingCode,
        JSON.stringify(member.registerInfo),
        Date.now(),
      )
      .run();
    return findMemberById(db, member.merchant, res.meta.last_row_id);
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed/i.test(error.message)) return null;
    throw error;
  }
}
