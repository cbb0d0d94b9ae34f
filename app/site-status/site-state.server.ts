import type { AppContext } from "../lib/context.server";
import { getServerT } from "../.server/i18n/resources";
import type { NoticeKey } from "../.server/platform/outcomes";
import { getSiteStatus } from "../.server/platform/site";
import { customerServiceFor, type MemberInfoRead } from "../support/support.server";

// What the root loader shows instead of, or on top of, the requested page (docs/behaviour/shell.md#site-status).

export type SiteState =
  | { kind: "open" }
  | {
      kind: "maintenance";
      endsAt: number | null;
      description: string | null;
      englishDescription: string | null;
      customerServiceUrl: string | null;
    }
  | { kind: "access-denied"; ip: string | null; englishDescription: string | null; customerServiceUrl: string | null }
  | { kind: "domain-unavailable"; customerServiceUrl: string | null };

/** A notice alert over a page that still renders: the platform's own message, or a translation key. */
export type SiteNotice = { message: string } | { messageKey: NoticeKey };

/** The status call's `track`: the address's affiliate code, trimmed and capped; "" without one. */
export function statusTrack(request: Request): string {
  const code = new URL(request.url).searchParams.get("affiliateCode")?.trim() ?? "";
  return /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : "";
}

/**
 * `memberInfo` is the root loader's member-info read: the contact buttons carry the member's name
 * (docs/behaviour/support.md#cs-positions).
 */
export async function loadSiteState(
  context: AppContext,
  request: Request,
  memberInfo: MemberInfoRead = Promise.resolve(null),
): Promise<{ state: SiteState; notice: SiteNotice | null }> {
  const status = await getSiteStatus(context.platform, context.merchant.host, statusTrack(request));
  const english = context.language === "EN" ? null : await getServerT("EN");
  if (status.ok) {
    const { value } = status;
    if (value.maintenance) {
      return {
        state: {
          kind: "maintenance",
          endsAt: value.maintenanceEnd,
          description: value.maintenanceDesc,
          englishDescription: value.maintenanceDesc ? null : (english?.("maintenance_desc") ?? null),
          customerServiceUrl: await customerServiceFor(context, "MAINTENANCE", memberInfo),
        },
        notice: null,
      };
    }
    if (value.regionRestriction) {
      return {
        state: {
          kind: "access-denied",
          ip: value.ip,
          englishDescription: english?.("error_ip_desc") ?? null,
          customerServiceUrl: await customerServiceFor(context, "ACCESS_DENIED", memberInfo),
        },
        notice: null,
      };
    }
    return { state: { kind: "open" }, notice: null };
  }
  if (status.errorCode === "domain_not_available") {
    return {
      state: { kind: "domain-unavailable", customerServiceUrl: await customerServiceFor(context, "DOMAIN_UNAVAILABLE", memberInfo) },
      notice: null,
    };
  }
  const { failure } = status;
  if (failure.kind === "notice") {
    return { state: { kind: "open" }, notice: failure.message ? { message: failure.message } : { messageKey: failure.messageKey } };
  }
  // Silent outcomes (502, rate limits) and a status call that says "not logged in" leave the page as it is.
  return { state: { kind: "open" }, notice: null };
}

/**
 * The HTTP status a page answers with for the site's state, from the same (memoised) status read as the root loader's:
 * maintenance and access-denied replace the page, so nothing may cache them as the page.
 */
export async function pageStatusFor(context: AppContext, request: Request): Promise<number | null> {
  const status = await getSiteStatus(context.platform, context.merchant.host, statusTrack(request));
  if (!status.ok) return null;
  if (status.value.maintenance) return 503;
  if (status.value.regionRestriction) return 403;
  return null;
}
