// Untrusted HTML from the platform (announcements, promotion texts) made safe to render, at the edge
// (docs/behaviour/announcements.md#sanitising). js-xss is a maintained allow-list sanitiser with its own HTML tokenizer:
// no DOM, so it runs in Workers; the allow-list below is the whole of what survives.
import { FilterXSS, escapeAttrValue, friendlyAttrValue } from "xss";

export type SanitiseOptions = {
  /** The merchant site's own origin ("https://demo.example"): its links stay in the tab. */
  ownOrigin: string;
  /** Hosts images may come from over https (the site settings' imageCDNs), e.g. "cdn.example.com". */
  imageHosts?: readonly string[];
  /** Origins images may come from (the merchant's configured image origins), e.g. "https://img.example.com". */
  imageOrigins?: readonly string[];
};

const TEXT_TAGS = ["p", "br", "strong", "em", "b", "i", "u", "ul", "ol", "li", "h3", "h4", "span", "div"] as const;

const ALLOWED: Record<string, string[]> = {
  ...Object.fromEntries(TEXT_TAGS.map((tag) => [tag, []])),
  a: ["href", "title"],
  img: ["src", "alt", "width", "height"],
};

/** Elements whose content goes with them (code, styles, embedded documents, form controls' values). */
const DROP_WITH_CONTENT = [
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "textarea",
  "select",
  "title",
  "svg",
  "math",
];

/** The attribute's text as a browser would read it: entities decoded, control characters and blanks removed. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const CONTROLS_AND_BLANKS = /[\u0000-\u0020\u007f-\u009f]+/g;

function plainUrl(value: string): string {
  return friendlyAttrValue(value)
    .replace(CONTROLS_AND_BLANKS, (m) => (m.includes(" ") ? " " : ""))
    .trim();
}

/** A root-relative path ("/m/x"), never protocol-relative ("//host") or a backslash trick ("/\host"). */
function isRootRelative(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !url.includes("\\");
}

type LinkTarget = { href: string; external: boolean } | null;

export function safeHref(raw: string, ownOrigin: string): LinkTarget {
  const url = plainUrl(raw);
  if (url === "") return null;
  if (isRootRelative(url)) return { href: url, external: false };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === "mailto:") return { href: parsed.href, external: false };
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.username || parsed.password) return null;
  return { href: parsed.href, external: parsed.origin !== ownOrigin };
}

/**
 * Images come only from the merchant's image origins, over https. Never from this site itself (a path or its own
 * origin): an image is a GET with the member's cookie, and through /wps with the member's token
 * (docs/behaviour/announcements.md#sanitising).
 */
export function safeImageSrc(raw: string, options: SanitiseOptions): string | null {
  let parsed: URL;
  try {
    // Absolute URLs only: a relative one ("/x", "x") does not parse without a base, and "//host/x" neither.
    parsed = new URL(plainUrl(raw));
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" || parsed.username || parsed.password) return null;
  const hosts = (options.imageHosts ?? []).map((host) => host.toLowerCase());
  const origins = (options.imageOrigins ?? []).map((origin) => origin.toLowerCase());
  return hosts.includes(parsed.host) || origins.includes(parsed.origin) ? parsed.href : null;
}

function filterFor(options: SanitiseOptions): FilterXSS {
  return new FilterXSS({
    whiteList: ALLOWED,
    stripIgnoreTag: true,
    stripIgnoreTagBody: DROP_WITH_CONTENT,
    allowCommentTag: false,
    css: false,
    onTag(tag, html, info) {
      // An image whose source is not allowed is left out entirely (no request to a foreign host, no empty frame).
      if (tag === "img" && !info.isClosing) {
        const src = /\ssrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
        const value = src ? (src[2] ?? src[3] ?? src[4] ?? "") : "";
        if (safeImageSrc(value, options) === null) return "";
      }
      return undefined;
    },
    onTagAttr(tag, name, value) {
      if (tag === "a" && name === "href") {
        const link = safeHref(value, options.ownOrigin);
        if (link === null) return "";
        const href = `href="${escapeAttrValue(link.href)}"`;
        // Outside the site: a new tab that cannot reach back into this page.
        return link.external ? `${href} target="_blank" rel="noopener noreferrer"` : href;
      }
      if (tag === "img" && name === "src") {
        const src = safeImageSrc(value, options);
        return src === null ? "" : `src="${escapeAttrValue(src)}"`;
      }
      if (tag === "img" && (name === "width" || name === "height")) {
        return /^\d{1,4}$/.test(value.trim()) ? `${name}="${value.trim()}"` : "";
      }
      return undefined;
    },
  });
}

/** The allow-listed part of `html`, safe to put into a page as markup. */
export function sanitiseHtml(html: string, options: SanitiseOptions): string {
  return filterFor(options).process(html).trim();
}
