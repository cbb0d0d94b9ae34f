// Authenticated encryption for small cookie payloads: AES-256-GCM (WebCrypto), the key derived with HKDF-SHA-256
// from SESSION_SECRET and a fixed per-purpose info string, so one secret yields independent keys.
import type { z } from "zod";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IV_BYTES = 12;
const keys = new Map<string, Promise<CryptoKey>>();

function deriveKey(secret: string, info: string): Promise<CryptoKey> {
  const cacheKey = `${info}\u0000${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: encoder.encode(info) },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(cacheKey, key);
  }
  return key;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** base64url(iv ‖ ciphertext ‖ tag). */
export async function seal(secret: string, info: string, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await deriveKey(secret, info);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(JSON.stringify(value))));
  const out = new Uint8Array(IV_BYTES + cipher.length);
  out.set(iv);
  out.set(cipher, IV_BYTES);
  return toBase64Url(out);
}

/** The sealed value if it decrypts, is untampered and matches the schema; null otherwise (never throws). */
export async function unseal<S extends z.ZodTypeAny>(secret: string, info: string, sealed: string | null | undefined, schema: S) {
  if (!sealed || sealed.length > 4096) return null;
  const bytes = fromBase64Url(sealed);
  if (!bytes || bytes.length <= IV_BYTES + 16) return null;
  try {
    const key = await deriveKey(secret, info);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) }, key, bytes.slice(IV_BYTES));
    const parsed = schema.safeParse(JSON.parse(decoder.decode(plain)));
    return parsed.success ? (parsed.data as z.output<S>) : null;
  } catch {
    return null;
  }
}
