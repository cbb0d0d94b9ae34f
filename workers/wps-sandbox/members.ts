// Member rows in D1.
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
}

export function findMemberByUsername(db: D1Database, merchant: string, username: string): Promise<MemberRow | null> {
  // The username column is COLLATE NOCASE, so "Demo01" finds demo01.
  return db.prepare("SELECT * FROM members WHERE merchant = ? AND username = ?").bind(merchant, username).first<MemberRow>();
}

export function findMemberById(db: D1Database, merchant: string, id: number): Promise<MemberRow | null> {
  return db.prepare("SELECT * FROM members WHERE merchant = ? AND id = ?").bind(merchant, id).first<MemberRow>();
}

export async function markLoggedIn(db: D1Database, id: number): Promise<void> {
  await db.prepare("UPDATE members SET first_login = 0 WHERE id = ?").bind(id).run();
}

export async function setMemberLanguage(db: D1Database, id: number, language: string): Promise<void> {
  await db.prepare("UPDATE members SET language = ? WHERE id = ?").bind(language, id).run();
}
