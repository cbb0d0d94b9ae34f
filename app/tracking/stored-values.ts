// What the tracking layer reads back from web storage (docs/behaviour/tracking.md#browser-mirror): two shapes, checked
// here by hand instead of with zod. The layer loads on every page, and zod would add 11.9 KiB gzip to every visitor's
// first 10 seconds (docs/decisions/0051-tracking-events.md).

/** A JSON list of strings; anything else is an empty list. Throws on text that is not JSON (callers catch it). */
export function parseStringList(raw: string): string[] {
  const value: unknown = JSON.parse(raw);
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : [];
}

/** The `expiresAt` (ms) of a stored copy; null when the text is not an object with a numeric one. Throws on non-JSON. */
export function storedExpiry(raw: string): number | null {
  const value: unknown = JSON.parse(raw);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const expiresAt = (value as { expiresAt?: unknown }).expiresAt;
  return typeof expiresAt === "number" && Number.isFinite(expiresAt) ? expiresAt : null;
}
