// Fault sets per merchant, persisted in D1 so every isolate sees the same set.
import { faultsSchema, NO_FAULTS, type Faults } from "./faults";

export async function loadFaults(db: D1Database, merchant: string): Promise<Faults> {
  const row = await db.prepare("SELECT data FROM faults WHERE merchant = ?").bind(merchant).first<{ data: string }>();
  if (row === null) return NO_FAULTS;
  try {
    const parsed = faultsSchema.safeParse(JSON.parse(row.data));
    return parsed.success ? parsed.data : NO_FAULTS;
  } catch {
    return NO_FAULTS;
  }
}

export async function saveFaults(db: D1Database, merchant: string, faults: Faults): Promise<void> {
  await db
    .prepare(
      `INSERT INTO faults (merchant, data, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (merchant) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
    )
    .bind(merchant, JSON.stringify(faults), Date.now())
    .run();
}

export async function clearFaults(db: D1Database, merchant?: string): Promise<void> {
  if (merchant === undefined) await db.prepare("DELETE FROM faults").run();
  else await db.prepare("DELETE FROM faults WHERE merchant = ?").bind(merchant).run();
}
