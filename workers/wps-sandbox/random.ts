// Random values from WebCrypto (never Math.random: tokens and challenges must be unguessable).

export function randomHex(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Random [A-Za-z0-9] string; rejection sampling keeps the distribution uniform. */
export function randomAlnum(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < 248 && out.length < length) out += ALNUM[b % 62];
    }
  }
  return out;
}

/** Random decimal digits (rejection sampling: uniform). */
export function randomDigits(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < 250 && out.length < length) out += String(b % 10);
    }
  }
  return out;
}
