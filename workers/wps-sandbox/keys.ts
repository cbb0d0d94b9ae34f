// One RSA key pair per merchant, generated on first use and kept in D1 so the
// public key a client fetched stays valid across restarts.
import { generateRsaKey, type RsaKey } from "./encryption";

const cache = new Map<string, RsaKey>();

export async function getMerchantKey(db: D1Database, merchant: string): Promise<RsaKey> {
  const cached = cache.get(merchant);
  if (cached !== undefined) return cached;
  const select = db.prepare("SELECT n, d FROM rsa_keys WHERE merchant = ?").bind(merchant);
  let row = await select.first<RsaKey>();
  if (row === null) {
    const fresh = await generateRsaKey();
    // OR IGNORE: if a concurrent request stored a key first, its key wins and we re-read it.
    await db
      .prepare("INSERT OR IGNORE INTO rsa_keys (merchant, n, d, created_at) VALUES (?, ?, ?, ?)")
      .bind(merchant, fresh.n, fresh.d, Date.now())
      .run();
    row = await select.first<RsaKey>();
    if (row === null) throw new Error(`RSA key for ${merchant} could not be stored`);
  }
  const key: RsaKey = { n: row.n, d: row.d };
  cache.set(merchant, key);
  return key;
}
