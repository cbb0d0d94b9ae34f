// Reads an encrypted request body with the merchant's key and validates the
// decrypted JSON, turning every failure into a platform-shaped 400.
import type { z } from "zod";
import { decryptRequest } from "./encryption";
import { loadFaults } from "./fault-store";
import { fail } from "./http";
import { getMerchantKey } from "./keys";
import { parseWith, type Parsed } from "./validation";

export async function readEncryptedJson<S extends z.ZodTypeAny>(
  request: Request,
  db: D1Database,
  merchant: string,
  schema: S,
): Promise<Parsed<z.infer<S>>> {
  const result = decryptRequest(
    {
      encryption: request.headers.get("Encryption"),
      xRsa: request.headers.get("X-RSA"),
      xDigest: request.headers.get("X-Digest"),
      body: await request.text(),
    },
    await getMerchantKey(db, merchant),
    (await loadFaults(db, merchant)).drift?.headers ?? [],
  );
  if (!result.ok) return { ok: false, response: fail(result.errorCode, result.message, 400) };
  return parseWith(schema, result.payload);
}
