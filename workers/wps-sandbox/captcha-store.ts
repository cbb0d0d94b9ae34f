// CaptchaStore on D1 (tables captcha_challenges and captcha_results, db.ts).
import type { CaptchaProduct, CaptchaResult, CaptchaStore, ChallengeRecord, GeetestVersion } from "./captcha";

interface ResultRow {
  key: string;
  merchant: string;
  version: GeetestVersion;
  validate: string;
  pass_token: string | null;
  gen_time: string | null;
  created_at: number;
  used_at: number | null;
}

export function d1CaptchaStore(db: D1Database): CaptchaStore {
  return {
    async addChallenge(record) {
      await db
        .prepare("INSERT INTO captcha_challenges (challenge, merchant, product, created_at) VALUES (?, ?, ?, ?)")
        .bind(record.challenge, record.merchant, record.product, record.createdAt)
        .run();
    },
    async takeChallenge(challenge) {
      // DELETE ... RETURNING: atomic, so two concurrent solves cannot both get the challenge.
      const row = await db
        .prepare("DELETE FROM captcha_challenges WHERE challenge = ? RETURNING challenge, merchant, product, created_at")
        .bind(challenge)
        .first<{ challenge: string; merchant: string; product: CaptchaProduct; created_at: number }>();
      if (row === null) return null;
      const record: ChallengeRecord = { challenge: row.challenge, merchant: row.merchant, product: row.product, createdAt: row.created_at };
      return record;
    },
    async addResult(result) {
      await db
        .prepare(
          `INSERT INTO captcha_results (key, merchant, version, validate, pass_token, gen_time, created_at, used_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          result.key,
          result.merchant,
          result.version,
          result.validate,
          result.passToken,
          result.genTime,
          result.createdAt,
          result.usedAt,
        )
        .run();
    },
    async findResult(key) {
      const row = await db.prepare("SELECT * FROM captcha_results WHERE key = ?").bind(key).first<ResultRow>();
      if (row === null) return null;
      const result: CaptchaResult = {
        key: row.key,
        merchant: row.merchant,
        version: row.version,
        validate: row.validate,
        passToken: row.pass_token,
        genTime: row.gen_time,
        createdAt: row.created_at,
        usedAt: row.used_at,
      };
      return result;
    },
    async markUsed(key, at) {
      const res = await db.prepare("UPDATE captcha_results SET used_at = ? WHERE key = ? AND used_at IS NULL").bind(at, key).run();
      return res.meta.changes === 1;
    },
  };
}
