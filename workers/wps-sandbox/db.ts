// D1 schema and seed. Created lazily on the first request of each isolate
// (CREATE TABLE IF NOT EXISTS, INSERT OR IGNORE), so there is no migration step.
import { MERCHANTS, SEED_MEMBERS } from "./merchants";
import { hashPassword } from "./passwords";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS members (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     merchant TEXT NOT NULL,
     username TEXT NOT NULL COLLATE NOCASE,
     password_hash TEXT NOT NULL,
     password_salt TEXT NOT NULL,
     type INTEGER NOT NULL DEFAULT 0,
     language TEXT NOT NULL,
     first_login INTEGER NOT NULL DEFAULT 1,
     password_expired INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     UNIQUE (merchant, username)
   )`,
  `CREATE TABLE IF NOT EXISTS tokens (
     token TEXT PRIMARY KEY,
     member_id INTEGER NOT NULL,
     merchant TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS rsa_keys (
     merchant TEXT PRIMARY KEY,
     n TEXT NOT NULL,
     d TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS faults (
     merchant TEXT PRIMARY KEY,
     data TEXT NOT NULL,
     updated_at INTEGER NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS captcha_challenges (
     challenge TEXT PRIMARY KEY,
     merchant TEXT NOT NULL,
     product TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
];

async function seedMembers(db: D1Database, merchantCodes: readonly string[]): Promise<void> {
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  for (const code of merchantCodes) {
    const merchant = MERCHANTS[code];
    if (merchant === undefined) continue;
    for (const member of SEED_MEMBERS) {
      const { salt, hash } = await hashPassword(member.password);
      statements.push(
        db
          .prepare(
            `INSERT OR IGNORE INTO members (merchant, username, password_hash, password_salt, type, language, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(code, member.username, hash, salt, member.type, merchant.defaultLanguage, now),
      );
    }
  }
  if (statements.length > 0) await db.batch(statements);
}

let ready: Promise<void> | undefined;

/** Creates tables and seed members once per isolate; retried if it failed. */
export function ensureDatabase(db: D1Database): Promise<void> {
  ready ??= (async () => {
    await db.batch(SCHEMA.map((sql) => db.prepare(sql)));
    await seedMembers(db, Object.keys(MERCHANTS));
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/**
 * Puts members back to the seed state (passwords, languages, first-login flags)
 * and drops sessions and captcha challenges, for one merchant or all.
 * RSA keys are kept so clients holding the public key keep working.
 */
export async function resetData(db: D1Database, merchant?: string): Promise<void> {
  const codes = merchant === undefined ? Object.keys(MERCHANTS) : [merchant];
  const tables = ["tokens", "captcha_challenges", "members"];
  await db.batch(codes.flatMap((code) => tables.map((table) => db.prepare(`DELETE FROM ${table} WHERE merchant = ?`).bind(code))));
  await seedMembers(db, codes);
}
