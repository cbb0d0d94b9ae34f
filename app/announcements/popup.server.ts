// The announcement popup at the edge (docs/behaviour/announcements.md): the platform call by audience, the sanitised
// items with their content hashes, the dismissal cookies that let the edge decide for a player without JavaScript,
// and the dismissal form's handler.
import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import { getSiteSettings } from "../.server/platform/site";
import { readCookie, signedCookie } from "../.server/cookies";
import { sanitiseHtml } from "../.server/html/sanitize.server";
import { safeRedirectPath } from "../navigation/safe-redirect";
import { hashSchema, popupStateSchema } from "./state";
import {
  closedState,
  nextMidnightIn,
  popupStorageKey,
  shouldShowPopup,
  type CloseChoice,
  type PopupData,
  type PopupItem,
  type PopupState,
} from "./rules";

const MAX_ITEMS = 20;

// ---- the call: app/announcements/popup-call.server.ts ----

import { getPopupAnnouncements, type Audience } from "./popup-call.server";
export { getPopupAnnouncements, popupListSchema, type Audience } from "./popup-call.server";

/** Members: A, plus F while the session came from a first-time login (until logout). Visitors: B. */
export function audienceOf(context: Pick<AppContext, "session">): Audience {
  const { session } = context;
  if (!session.token || !session.info) return "B";
  return session.info.firstTimeLogin ? "A,F" : "A";
}

// ---- the dismissal cookies (docs/behaviour/announcements.md#no-javascript) ----

const LASTING_COOKIE = "shell_pu";
const VISIT_COOKIE = "shell_pu_s";
const LASTING_MAX_AGE = 60 * 60 * 24 * 365;
/** The visitor's key and a few members' (a shared device): the newest kept. */
const MAX_KEYS = 5;

const keySchema = z.string().regex(/^SHELL_PU_(B|A_[A-Za-z0-9_-]{1,64})$/);
const cookieValueSchema = z.record(z.unknown()).transform((record) => {
  const states: Record<string, PopupState> = {};
  for (const [key, value] of Object.entries(record).slice(-MAX_KEYS)) {
    const parsed = popupStateSchema.safeParse(value);
    if (keySchema.safeParse(key).success && parsed.success) states[key] = parsed.data;
  }
  return states;
});

function dismissalCookie(request: Request, context: AppContext, lasting: boolean) {
  return signedCookie(request, {
    name: lasting ? LASTING_COOKIE : VISIT_COOKIE,
    secret: context.cloudflare.env.SESSION_SECRET,
    maxAge: lasting ? LASTING_MAX_AGE : undefined,
  });
}

async function readStates(request: Request, context: AppContext, lasting: boolean): Promise<Record<string, PopupState>> {
  const parsed = cookieValueSchema.safeParse(await readCookie(dismissalCookie(request, context, lasting), request));
  return parsed.success ? parsed.data : {};
}

// ---- the page's data ----

async function contentHash(item: { id: string; title: string; content: string }): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify([item.id, item.title, item.content]));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

const imageCdnsSchema = z.object({ imageCDNs: z.array(z.string().max(255)).max(20).catch([]) }).partial();

/** Hosts of the site settings' imageCDNs ("https://cdn.x/…" or "cdn.x"), where announcement images may come from. */
function imageHosts(settings: unknown): string[] {
  const parsed = imageCdnsSchema.safeParse(settings);
  const list = parsed.success ? (parsed.data.imageCDNs ?? []) : [];
  return list.flatMap((entry) => {
    try {
      return [new URL(entry.includes("://") ? entry : `https://${entry}`).host];
    } catch {
      return [];
    }
  });
}

/** The popup's data for the home page, or null when there is nothing to show or the platform failed. */
export async function loadAnnouncementPopup(context: AppContext, request: Request): Promise<PopupData | null> {
  const execution = audienceOf(context);
  const [list, settings] = await Promise.all([getPopupAnnouncements(context.platform, execution), getSiteSettings(context.platform)]);
  if (!list.ok) return null;
  const wanted = new Set(execution.split(","));
  const ownOrigin = new URL(request.url).origin;
  const hosts = settings.ok ? imageHosts(settings.value) : [];
  const items: PopupItem[] = [];
  for (const entry of list.value) {
    // An item for another audience is not this player's, whatever the platform sent.
    if (entry.execution && !wanted.has(entry.execution)) continue;
    const title = entry.title?.trim() ?? "";
    const content = entry.content ?? "";
    if (title === "" && content.trim() === "") continue;
    items.push({
      id: entry.id,
      title,
      html: sanitiseHtml(content, { ownOrigin, imageHosts: hosts, imageOrigins: context.merchant.contentOrigins.images }),
      hash: await contentHash({ id: entry.id, title, content }),
      forceRead: entry.forceRead === true,
      promotion: !!entry.promotionType && entry.promotionId !== null && entry.promotionId !== undefined && entry.promotionId !== "",
    });
    if (items.length === MAX_ITEMS) break;
  }
  if (items.length === 0) return null;
  const audience = execution === "B" ? "B" : "A";
  const storageKey = popupStorageKey(audience === "B" ? null : (context.session.info?.id ?? null));
  const [lasting, visit] = await Promise.all([readStates(request, context, true), readStates(request, context, false)]);
  const cookieState = { lasting: lasting[storageKey] ?? null, visit: visit[storageKey] ?? null };
  return {
    audience,
    storageKey,
    items,
    cookieState,
    serverShows: shouldShowPopup({ hashes: items.map((item) => item.hash), ...cookieState, now: Date.now() }),
  };
}

// ---- the dismissal (POST /m/announcements/dismiss) ----

export const dismissFormSchema = z.object({
  hashes: z
    .string()
    .max(2000)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(hashSchema).min(1).max(50)),
  choice: z.enum(["close", "today", "never"]).default("close"),
  /** The browser's own next local midnight (with JavaScript); without it the edge's guess. */
  hideUntil: z.coerce.number().int().positive().optional(),
  back: z.string().max(2048).optional(),
  /** Sent by the page's script (a fetch): answer JSON instead of a redirect. */
  js: z.literal("1").optional(),
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the home paths (where the popup lives) are places to go back to; anything else goes home. */
export function dismissBackTarget(back: string | undefined): string {
  const path = safeRedirectPath(back ?? null, "/m/home");
  const pathname = path.split(/[?#]/)[0];
  return ["/m/home", "/m/index", "/m/index.html"].includes(pathname ?? "") ? path : "/m/home";
}

/** The dismissal cookie leaves with the answer (context.outgoingCookies). */
export type DismissResult = { ok: true; back: string; js: boolean } | { ok: false };

export async function dismissAnnouncements(context: AppContext, request: Request, form: FormData): Promise<DismissResult> {
  // The plain form sends its checkboxes as choice=today / choice=never; the strongest one counts.
  const choices = form.getAll("choice");
  const choice = choices.includes("never") ? "never" : choices.includes("today") ? "today" : "close";
  const parsed = dismissFormSchema.safeParse({ ...Object.fromEntries(form), choice });
  if (!parsed.success) return { ok: false };
  const { hashes, back, js } = parsed.data;
  const now = Date.now();
  // The browser knows its own midnight; a value more than a day away is not one, and the edge guesses instead.
  const cf = (request as Request & { cf?: { timezone?: unknown } }).cf;
  const guess = nextMidnightIn(typeof cf?.timezone === "string" ? cf.timezone : null, now);
  const hideUntil =
    parsed.data.hideUntil && parsed.data.hideUntil > now - DAY_MS && parsed.data.hideUntil <= now + 2 * DAY_MS
      ? parsed.data.hideUntil
      : guess;
  const storageKey = popupStorageKey(context.session.token && context.session.info ? context.session.info.id : null);
  const state = closedState(hashes, parsed.data.choice as CloseChoice, hideUntil);
  const lasting = choice !== "close";
  const states = await readStates(request, context, lasting);
  delete states[storageKey];
  states[storageKey] = state;
  const kept = Object.fromEntries(Object.entries(states).slice(-MAX_KEYS));
  context.outgoingCookies.push(await dismissalCookie(request, context, lasting).serialize(kept));
  return { ok: true, back: dismissBackTarget(back), js: js === "1" };
}
