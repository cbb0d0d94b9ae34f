import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { LaunchPage } from "~/game/LaunchPage";
import {
  launchPagePath,
  parseLaunchQuery,
  resolveBackUrl,
  SERVER_LAUNCH_PARAM,
  serverLaunchHref,
  type LaunchQuery,
} from "~/game/launch-params";
import type { LaunchResult } from "~/game/launch-result";
import { launchForMember, type LaunchOutcome } from "~/game/game.server";
import { forcedChangeRedirect, sessionExpired } from "~/identity/guard.server";
import { sendTrackingEvent } from "~/tracking/events.server";

// /m/launchGame?prize_mode|vendor&code&playType&backUrl&lottoView (docs/behaviour/game-launch.md).
// With JavaScript the page launches once through this route's action and then goes to the gameUrl; without it,
// a <noscript> refresh asks the loader to launch on the server (?nojs=1), which answers a 302 to the game.

// Title, description and robots (noindex): the root's per-path page meta (app/shell/page-meta.ts).

/** Visitors go to login, and come back here afterwards (docs/behaviour/game-launch.md#members-only). */
function loginRedirect(url: URL, headers?: HeadersInit) {
  return redirect(`/m/login?redirectUrl=${encodeURIComponent(launchPagePath(url))}`, { headers });
}

function launch(context: AppLoadContext, query: LaunchQuery, backUrl: string): Promise<LaunchOutcome> {
  return launchForMember(context.platform, query, { language: context.language, title: context.merchant.brand.name, backUrl });
}

/** The gameLaunch event, sent by the edge for each launch it makes (docs/behaviour/tracking.md#edge-events). */
function trackLaunch(request: Request, context: AppLoadContext, url: URL) {
  return sendTrackingEvent(request, context, { eventName: "gameLaunch", value: { contentId: launchPagePath(url).slice(0, 200) } });
}

function resultOf(outcome: Exclude<LaunchOutcome, { kind: "launched" | "not-logged-in" }>): LaunchResult {
  return outcome.kind === "timeout" ? { status: "timeout" } : { status: "failed", message: outcome.message };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!context.session.token) throw loginRedirect(url);
  const forced = forcedChangeRedirect(context, request);
  if (forced) throw forced;
  const parsed = parseLaunchQuery(url.searchParams);
  const backUrl = resolveBackUrl(parsed.ok ? parsed.query.backUrl : null, request.url, request.headers.get("Referer"));
  const page = { launchPath: launchPagePath(url), backUrl, retryHref: serverLaunchHref(url, backUrl) };
  if (!parsed.ok) return { ...page, result: { status: "invalid" } as LaunchResult };
  if (url.searchParams.get(SERVER_LAUNCH_PARAM) !== "1") return { ...page, result: null };

  // JavaScript is off: launch here, once, and send the browser on with a 302.
  const outcome = await launch(context, parsed.query, backUrl);
  if (outcome.kind === "launched") {
    await trackLaunch(request, context, url);
    throw redirect(outcome.gameUrl, 302);
  }
  if (outcome.kind === "not-logged-in") throw await sessionExpired(context, request);
  return { ...page, result: resultOf(outcome) };
}

export async function action({ request, context }: ActionFunctionArgs): Promise<LaunchResult> {
  const url = new URL(request.url);
  if (!context.session.token) throw loginRedirect(url);
  const forced = forcedChangeRedirect(context, request);
  if (forced) throw forced;
  const parsed = parseLaunchQuery(url.searchParams);
  if (!parsed.ok) return { status: "invalid" };
  const form = await request.formData();
  const fallback = form.get("backUrl");
  const backUrl = resolveBackUrl(parsed.query.backUrl ?? (typeof fallback === "string" ? fallback : null), request.url);
  const outcome = await launch(context, parsed.query, backUrl);
  if (outcome.kind === "launched") {
    await trackLaunch(request, context, url);
    return { status: "launched", gameUrl: outcome.gameUrl };
  }
  if (outcome.kind === "not-logged-in") throw await sessionExpired(context, request);
  return resultOf(outcome);
}

// The launch action's answer must not reload this page's data (the screen already holds what it needs).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

export default function LaunchGameRoute() {
  const data = useLoaderData<typeof loader>();
  return <LaunchPage launchPath={data.launchPath} backUrl={data.backUrl} retryHref={data.retryHref} result={data.result} />;
}
