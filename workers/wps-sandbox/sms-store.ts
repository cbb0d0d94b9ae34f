// SmsStore on D1 (table sms_codes, db.ts).
import type { SmsCode, SmsStore } from "./sms";

interface SmsRow {
  id: number;
  merchant: string;
  mobile_num: string;
  code: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

const fromRow = (row: SmsRow): SmsCode => ({
  id: row.id,
  merchant: row.merchant,
  mobileNum: row.mobile_num,
  code: row.code,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
});

export function d1SmsStore(db: D1Database): SmsStore {
  return {
    async latest(merchant, mobileNum) {
      const row = await db
        .prepare("SELECT * FROM sms_codes WHERE merchant = ? AND mobile_num = ? ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(merchant, mobileNum)
        .first<SmsRow>();
      return row === null ? null : fromRow(row);
    },
    async add(code) {
      const res = await db
        .prepare("INSERT INTO sms_codes (merchant, mobile_num, code, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(code.merchant, code.mobileNum, code.code, code.createdAt, code.expiresAt, code.usedAt)
        .run();
      return { ...code, id: res.meta.last_row_id };
    },
    async list(merchant, mobileNum) {
      const statement =
        mobileNum === undefined
          ? db.prepare("SELECT * FROM sms_codes WHERE merchant = ? ORDER BY created_at DESC, id DESC LIMIT 100").bind(merchant)
          : db
              .prepare("SELECT * FROM sms_codes WHERE merchant = ? AND mobile_num = ? ORDER BY created_at DESC, id DESC LIMIT 100")
              .bind(merchant, mobileNum);
      const { results } = await statement.all<SmsRow>();
      return results.map(fromRow);
    },
    async markUsed(id, at) {
      const res = await db.prepare("UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL").bind(at, id).run();
      return res.meta.changes === 1;
    },
  };
}
