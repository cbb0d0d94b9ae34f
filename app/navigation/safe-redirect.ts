/**
 * A same-origin path to redirect to, or the fallback. Rejects absolute URLs, protocol-relative "//host",
 * backslash tricks ("/\host") and control characters (the Epic Stack's safeRedirect rules).
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/m/home"): string {
  if (typeof target !== "string" || !target) return fallback;
  const value = target.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || /[\u0000-\u001f\\]/.test(value)) return fallback;
  if (value.split(/[?#]/)[0]!.split("/").includes("..")) return fallback;
  return value.length > 2048 ? fallback : value;
}
