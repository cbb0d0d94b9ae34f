// Page titles, meta descriptions and the robots rule (docs/behaviour/shell.md#page-meta;
// docs/decisions/0018). The root route's meta function renders them for every page, so routes need no meta of their own.
import type { TranslationKey, Translations } from "../i18n/i18n-instance";
import { interpolate } from "../i18n/translator";

export type PageMetaConfig = {
  /** Dictionary key of the page name; the title is "<page> · <brand>". */
  title: TranslationKey;
  /** Dictionary key of the description; may use {{brand}}. */
  description: TranslationKey;
  /** Keep this page out of search results wherever it is served. */
  noindex?: boolean;
};

export const HOME_META_PATH = "/m/home";

/** The /m/home configuration: every other path falls back to it, field by field. */
export const HOME_PAGE_META: PageMetaConfig = { title: "home", description: "page_desc_home" };

/** Per path (after normalisePagePath). A page missing here, or a field missing in its entry, uses the /m/home one. */
export const PAGE_META: Readonly<Record<string, Partial<PageMetaConfig>>> = {
  [HOME_META_PATH]: HOME_PAGE_META,
  "/m/login": { title: "login", description: "page_desc_login", noindex: true },
  "/m/register": { title: "register", description: "page_desc_register" },
  "/m/member/home": { title: "member_home_title" },
  "/m/changePsw": { title: "change_password", noindex: true },
  "/m/launchGame": { title: "game_launch_title", noindex: true },
  "/m/tryGame": { title: "game_launch_title", noindex: true },
  "/m/appDownload": { title: "download_popup_title" },
  "/m/game": { title: "home_games_title" },
};

/** Other addresses of the same page (the home paths, the .html register page). */
const ALIASES: Readonly<Record<string, string>> = {
  "/": HOME_META_PATH,
  "/m": HOME_META_PATH,
  "/m/index": HOME_META_PATH,
  "/m/index.html": HOME_META_PATH,
  "/m/register.html": "/m/register",
};

export function normalisePagePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  return ALIASES[trimmed] ?? trimmed;
}

/** The configuration for a path, completed from the /m/home one. */
export function resolvePageMeta(pathname: string): PageMetaConfig {
  const own = PAGE_META[normalisePagePath(pathname)] ?? {};
  return {
    title: own.title ?? HOME_PAGE_META.title,
    description: own.description ?? HOME_PAGE_META.description,
    noindex: own.noindex ?? false,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Robots: "Pages not on a www host or localhost, or deeper than two slashes, get a robots noindex tag."

/** A production www host ("www.example.com") or a loopback name ("localhost", "demo.localhost", RFC 6761). */
export function isIndexableHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return name.startsWith("www.") || name === "localhost" || name.endsWith(".localhost");
}

/** Slashes in the path: "/m/home" has two, "/m/member/home" three. */
export function pathDepth(pathname: string): number {
  return (pathname.match(/\//g) ?? []).length;
}

/** The robots rule: noindex unless the host is www.* or localhost, and always when the path has more than two slashes. */
export function robotsNoindex(host: string, pathname: string): boolean {
  return !isIndexableHost(host) || pathDepth(pathname) > 2;
}

// ---------------------------------------------------------------------------------------------------------------
// Meta descriptors (Remix's MetaDescriptor shape, without importing Remix here)

export type PageMetaDescriptor = { title: string } | { name: string; content: string };

export type PageMetaInput = {
  pathname: string;
  translations: Partial<Translations>;
  brandName: string;
  /** From the edge: isIndexableHost(the request's host). */
  indexableHost: boolean;
  /** An error page (404, 500) is never indexed. */
  error?: boolean;
};

export function pageMeta({ pathname, translations, brandName, indexableHost, error = false }: PageMetaInput): PageMetaDescriptor[] {
  const config = resolvePageMeta(pathname);
  const text = (key: TranslationKey) => interpolate(translations[key] ?? "", { brand: brandName });
  const page = text(config.title);
  const tags: PageMetaDescriptor[] = [{ title: page ? `${page} · ${brandName}` : brandName }];
  const description = text(config.description);
  if (description) tags.push({ name: "description", content: description });
  if (error || config.noindex || !indexableHost || pathDepth(pathname) > 2) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

type MatchWithMeta = { id: string; meta: readonly unknown[] };

/**
 * For a route that must add tags of its own: the root's page meta with the route's tags replacing those of the
 * same kind (title, or the same name). `export const meta: MetaFunction = ({ matches }) => withPageMeta(matches, [...])`.
 */
export function withPageMeta<T extends object>(matches: readonly MatchWithMeta[], own: T[]): (T | PageMetaDescriptor)[] {
  const root = (matches.find((m) => m.id === "root")?.meta ?? []) as PageMetaDescriptor[];
  const kind = (tag: object) => ("title" in tag ? "title" : "name" in tag ? `name:${String(tag.name)}` : JSON.stringify(tag));
  const replaced = new Set(own.map(kind));
  return [...root.filter((tag) => !replaced.has(kind(tag))), ...own];
}
