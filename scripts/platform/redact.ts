// What `platform check --record` writes and what the check prints leave out: tokens, credentials, names, phone numbers,
// e-mail addresses, amounts and ids (docs/behaviour/operations.md#going-live). Masking keeps each value's shape
// (letters stay letters, digits digits, a URL a URL), so a recorded answer still passes the schemas it passed.

/** Keys whose whole value is personal or secret. */
const SENSITIVE_KEY = [
  /token|passw|secret|^sass$|^rempass$/i,
  /^(user|real|payee|customer|nick|first|last|full|member)_?name$/i,
  /mobile|phone|msisdn|email/i,
  /amount|balance|revenue|bonus|money|credit|wallet|deposit|payout|prize|jackpot/i,
  /^id$/i,
  /Id$|_id$|ID$/,
  /referral|affiliate|invite/i,
  /^ip$/i,
];

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.some((pattern) => pattern.test(key));
}

/** The same characters' kinds: a→x, A→X, 9→0; a URL keeps its scheme and becomes redacted.invalid. */
export function maskText(text: string): string {
  if (/^https?:\/\//i.test(text)) return `${text.slice(0, text.indexOf(":"))}://redacted.invalid/`;
  return text.replace(/[a-z]/g, "x").replace(/[A-Z]/g, "X").replace(/[0-9]/g, "0");
}

function maskAll(value: unknown): unknown {
  if (typeof value === "string") return maskText(value);
  if (typeof value === "number") return Number.isInteger(value) ? 0 : 0.5;
  if (Array.isArray(value)) return value.map(maskAll);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskAll(v)]));
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A string with every known secret (the member's name, password, token) masked wherever it appears. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 3) out = out.replace(new RegExp(escapeRegExp(secret), "gi"), (hit) => maskText(hit));
  }
  return out;
}

/** A deep copy with sensitive keys masked and known secrets masked inside every other string. */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, isSensitiveKey(key) ? maskAll(item) : redactValue(item, secrets)]),
    );
  }
  return value;
}

/** An answer's body for a fixture: JSON redacted field by field, any other text with the secrets masked. */
export function redactBody(text: string, secrets: readonly string[]): string {
  try {
    return JSON.stringify(redactValue(JSON.parse(text), secrets), null, 2);
  } catch {
    return redactText(text, secrets);
  }
}
