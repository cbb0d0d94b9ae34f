// D1 schema and seed. Created lazily on the first request of each isolate
// (CREATE TABLE IF NOT EXISTS, missing member columns added, seed upserted),
// so there is no separate migration step.
import type { Env } from "./env";
import { MERCHANTS, SEED_MEMBERS } from "./merchants";
import { hashPassword } from "./passwords";
import { seedLinkStatement } from "./identity-provider";

/** Member columns added after the first version; older local databases get them by ALTER TABLE. */
const MEMBER_COLUMNS: readonly (readonly [name: string, definition: string])[] = [
  ["mobile", "TEXT"],
  ["dialing_code", "TEXT"],
  ["email", "TEXT"],
  ["payee_name", "TEXT"],
  ["ga_secret", "TEXT"],
  ["two_factor", "TEXT NOT NULL DEFAULT ''"],
  ["register_info", "TEXT"],
];

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
     mobile TEXT,
     dialing_code TEXT,
     email TEXT,
     payee_name TEXT,
     ga_secret TEXT,
     two_factor TEXT NOT NULL DEFAULT '',
     register_info TEXT,
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
  // Web push (routes/push.ts): each device token's member and topics, and every push call received.
  `CREATE TABLE IF NOT EXISTS push_bindings (
     merchant TEXT NOT NULL,
     registration_token TEXT NOT NULL,
     username TEXT NOT NULL,
     topics TEXT NOT NULL,
     bound_at INTEGER NOT NULL,
     PRIMARY KEY (merchant, registration_token)
   )`,
  `CREATE TABLE IF NOT EXISTS push_calls (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     merchant TEXT NOT NULL,
     call TEXT NOT NULL,
     registration_token TEXT NOT NULL,
     username TEXT,
     topic TEXT,
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
  `CREATE TABLE IF NOT EXISTS captcha_results (
     key TEXT PRIMARY KEY,
     merchant TEXT NOT NULL,
     version TEXT NOT NULL,
     validate TEXT NOT NULL,
     pass_token TEXT,
     gen_time TEXT,
     created_at INTEGER NOT NULL,
     used_at INTEGER
   )`,
  `CREATE TABLE IF NOT EXISTS sms_codes (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     merchant TEXT NOT NULL,
     mobile_num TEXT NOT NULL,
     code TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     used_at INTEGER
   )`,
  "CREATE INDEX IF NOT EXISTS sms_codes_by_number ON sms_codes (merchant, mobile_num, created_at)",
  `CREATE TABLE IF NOT EXISTS chat_unread (
     merchant TEXT NOT NULL,
     username TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (merchant, username)
   )`,
  `CREATE TABLE IF NOT EXISTS firebase_identities (
     merchant TEXT NOT NULL,
     identity_key TEXT NOT NULL,
     member_id INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     PRIMARY KEY (merchant, identity_key)
   )`,
  `CREATE TABLE IF NOT EXISTS tracking_calls (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     merchant TEXT NOT NULL,
     channel TEXT NOT NULL,
     event_name TEXT NOT NULL,
     event_id TEXT NOT NULL,
     body TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
];

/** Adds member columns missing from a database created by an older sandbox. */
async function migrateMembers(db: D1Database): Promise<void> {
  const { results } = await db.prepare("PRAGMA table_info(members)").all<{ name: string }>();
  const present = new Set(results.map((column) => column.name));
  const missing = MEMBER_COLUMNS.filter(([name]) => !present.has(name));
  if (missing.length > 0) {
    await db.batch(missing.map(([name, definition]) => db.prepare(`ALTER TABLE members ADD COLUMN ${name} ${definition}`)));
  }
  await db.prepare("CREATE INDEX IF NOT EXISTS members_by_mobile ON members (merchant, mobile)").run();
}

/**
 * Inserts missing seed members. For existing ones only the static identity
 * attributes (mobile, email, payee name, TOTP secret, 2FA methods) are
 * refreshed: passwords, languages and flags survive restarts, not resets.
 */
async function seedMembers(db: D1Database, merchantCodes: readonly string[], defaultPassword: string): Promise<void> {
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  for (const code of merchantCodes) {
    const merchant = MERCHANTS[code];
    if (merchant === undefined) continue;
    for (const member of SEED_MEMBERS) {
      const { salt, hash } = await hashPassword(member.password ?? defaultPassword);
      const mobile = member.mobile === undefined ? null : `+${merchant.countryDialingCode}${member.mobile}`;
      statements.push(
        db
          .prepare(
            `INSERT INTO members (merchant, username, password_hash, password_salt, type, language, password_expired,
                                  mobile, dialing_code, email, payee_name, ga_secret, two_factor, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (merchant, username) DO UPDATE SET
               mobile = excluded.mobile, dialing_code = excluded.dialing_code, email = excluded.email,
               payee_name = excluded.payee_name, ga_secret = excluded.ga_secret, two_factor = excluded.two_factor`,
          )
          .bind(
            code,
            member.username,
            hash,
            salt,
            member.type,
            merchant.defaultLanguage,
            member.passwordExpired === true ? 1 : 0,
            mobile,
            mobile === null ? null : merchant.countryDialingCode,
            member.email ?? null,
            member.payeeName ?? null,
            member.gaSecret ?? null,
            (member.twoFactor ?? []).join(""),
            now,
          ),
      );
    }
  }
  if (statements.length > 0) await db.batch(statements);
  // Seed members' social links, on merchants with Firebase sign-in.
  const links = merchantCodes.flatMap((code) =>
    MERCHANTS[code]?.firebase.apiKey
      ? SEED_MEMBERS.filter((member) => member.socialEmail).map((member) =>
          seedLinkStatement(db, code, member.socialEmail!, member.username),
        )
      : [],
  );
  if (links.length > 0) await db.batch(links);
}

function defaultPasswordOf(env: Env): string {
  const value = env.DEFAULT_MEMBER_PASSWORD;
  if (typeof value !== "string" || value === "") {
    throw new Error("DEFAULT_MEMBER_PASSWORD is not set: add it to [vars] in workers/wps-sandbox/wrangler.toml");
  }
  return value;
}

let ready: Promise<void> | undefined;

/** Creates tables and seed members once per isolate; retried if it failed. */
export function ensureDatabase(env: Env): Promise<void> {
  const db = env.DB;
  ready ??= (async () => {
    await db.batch(SCHEMA.map((sql) => db.prepare(sql)));
    await migrateMembers(db);
    await seedMembers(db, Object.keys(MERCHANTS), defaultPasswordOf(env));
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/**
 * Puts members back to the seed state (passwords, languages, first-login
 * flags; registered members removed; social links back to the seed ones) and
 * drops sessions, captcha challenges and results and SMS codes, for one
 * merchant or all.
 * RSA keys are kept so clients holding the public key keep working.
 */
export async function resetData(env: Env, merchant?: string): Promise<void> {
  const db = env.DB;
  const codes = merchant === undefined ? Object.keys(MERCHANTS) : [merchant];
  const tables = ["tokens", "captcha_challenges", "captcha_results", "sms_codes", "firebase_identities", "members"];
  await db.batch(codes.flatMap((code) => tables.map((table) => db.prepare(`DELETE FROM ${table} WHERE merchant = ?`).bind(code))));
  await seedMembers(db, codes, defaultPasswordOf(env));
}
