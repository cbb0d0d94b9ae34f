// Salted SHA-256 password hashes (WebCrypto). Good enough for a sandbox that
// must never hold plain passwords; the real platform's scheme is unknown.
import { randomHex } from "./random";

export interface PasswordHash {
  salt: string;
  hash: string;
}

async function sha256Hex(input: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function hashPassword(password: string, salt: string = randomHex(16)): Promise<PasswordHash> {
  return { salt, hash: await sha256Hex(`${salt}:${password}`) };
}

/** Compares in constant time so the check does not leak how many characters matched. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const { hash } = await hashPassword(password, stored.salt);
  if (hash.length !== stored.hash.length) return false;
  let diff = 0;
  for (let i = 0; i < hash.length; i++) diff |= hash.charCodeAt(i) ^ stored.hash.charCodeAt(i);
  return diff === 0;
}
