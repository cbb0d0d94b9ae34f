// Image hosts from the site settings' imageCDNs (docs/behaviour/home.md#image-hosts). Pure: the banners loader
// resolves pictures with it and the page's CSP allows exactly these origins.

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** The https origins of the configured CDNs ("cdn.example.com" or "https://cdn.example.com/…"), in order, no repeats. */
export function imageCdnOrigins(imageCDNs: readonly unknown[] | null | undefined): string[] {
  const origins: string[] = [];
  for (const entry of imageCDNs ?? []) {
    if (typeof entry !== "string" || entry.length > 253) continue;
    const text = entry.trim();
    let origin: string | null = null;
    if (HOST.test(text)) origin = `https://${text.toLowerCase()}`;
    else {
      try {
        const url = new URL(text);
        if (url.protocol === "https:" && url.username === "" && url.password === "") origin = url.origin;
      } catch {
        origin = null;
      }
    }
    if (origin && !origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/**
 * A picture's address: a root-relative url goes to the first CDN when one is configured (else stays on this site);
 * an absolute https url is kept only on a configured CDN, since the CSP allows no other host. null: not usable.
 */
export function resolveImageUrl(url: string, cdnOrigins: readonly string[]): string | null {
  const value = url.trim();
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) {
    const first = cdnOrigins[0];
    return first ? `${first}${value}` : value;
  }
  try {
    const absolute = new URL(value);
    return absolute.protocol === "https:" && cdnOrigins.includes(absolute.origin) ? absolute.toString() : null;
  } catch {
    return null;
  }
}
