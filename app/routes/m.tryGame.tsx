import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { LaunchPage } from "~/game/LaunchPage";
import { TrialOver } from "~/game/TrialOver";
import {
  launchPagePath,
  parseLaunchQuery,
  resolveBackUrl,
  SERVER_LAUNCH_PARAM,
  serverLaunchHref,
  type LaunchQuery,
} from "~/game/launch-params";
import type { LaunchResult } from "~/game/launch-result";
import type { LaunchOutcome } from "~/game/game.server";
import { findVendor, trialLaunch, trialParams } from "~/game/trial.server";
import { launchPath, trialPath } from "~/home/game-links";

// /m/tryGame?vendor&code: a visitor's free play of a vendor that offers trial (docs/behaviour/game-launch.md#trial).
// The same screen, timeout and no-JavaScript path as /m/launchGame; a member, or a vendor without trial, goes to the
// real launch (through login for a visitor). The game's Back returns here with over=1: the invitation to play for real.

/** The query flag of the page a trial game's Back returns to. */
const OVER_PARAM = "over";

type Trial = { query: LaunchQuery & { vendor: string }; name: string; realLaunch: string };

/** The real launch of the same game: /m/launchGame, as the lanes would link it (RNG and PVP as TCG). */
function realLaunchOf(query: LaunchQuery & { vendor: string }, vendorType: string): string {
  return launchPath(query.vendor, vendorType, query.code) ?? `/m/launchGame?vendor=${encodeURIComponent(query.vendor)}`;
}

/**
 * The trial this address asks for, or the redirect that replaces it: a member plays for real; a vendor the list does
 * not know or that offers no trial keeps the login wall (docs/behaviour/game-launch.md#trial).
 */
async function trialOf(context: AppLoadContext, url: URL): Promise<Trial | Response | null> {
  const parsed = parseLaunchQuery(url.searchParams);
  if (!parsed.ok || parsed.query.vendor === undefined) return null;
  const query = { ...parsed.query, vendor: parsed.query.vendor };
  const vendor = await findVendor(context, query.vendor);
  const realLaunch = realLaunchOf(query, vendor?.vendorType ?? "");
  if (context.session.token) return redirect(realLaunch);
  if (!vendor?.trial) return redirect(`/m/login?redirectUrl=${encodeURIComponent(realLaunch)}`);
  return { query, name: vendor.displayName, realLaunch };
}

/** Where the trial game's Back returns: this page's "play for real" view, on this site. */
function overUrl(url: URL, query: Trial["query"]): string {
  return `${url.origin}${trialPath(query.vendor, query.code)}&${OVER_PARAM}=1`;
}

function launch(context: AppLoadContext, url: URL, trial: Trial): Promise<LaunchOutcome> {
  const params = trialParams(trial.query.vendor, trial.query.code, { language: context.language, backUrl: overUrl(url, trial.query) });
  return trialLaunch(context.platform, params);
}

function resultOf(outcome: LaunchOutcome): LaunchResult {
  if (outcome.kind === "timeout") return { status: "timeout" };
  return { status: "failed", message: outcome.kind === "failed" ? outcome.message : null };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const trial = await trialOf(context, url);
  if (trial instanceof Response) throw trial;
  const backUrl = resolveBackUrl(trial?.query.backUrl ?? null, request.url, request.headers.get("Referer"));
  const page = { launchPath: launchPagePath(url), backUrl, retryHref: serverLaunchHref(url, backUrl), over: null };
  if (trial === null) return { ...page, result: { status: "invalid" } as LaunchResult };
  if (url.searchParams.get(OVER_PARAM) === "1") {
    const loginHref = `/m/login?redirectUrl=${encodeURIComponent(trial.realLaunch)}`;
    const tryAgainHref = trialPath(trial.query.vendor, trial.query.code) ?? "/m/home";
    return { ...page, result: null, over: { name: trial.name, loginHref, tryAgainHref } };
  }
  if (url.searchParams.get(SERVER_LAUNCH_PARAM) !== "1") return { ...page, result: null };

  // JavaScript is off: launch here, once, and send the browser on with a 302.
  const outcome = await launch(context, url, trial);
  if (outcome.kind === "launched") throw redirect(outcome.gameUrl, 302);
  return { ...page, result: resultOf(outcome) };
}

export async function action({ request, context }: ActionFunctionArgs): Promise<LaunchResult> {
  const url = new URL(request.url);
  const trial = await trialOf(context, url);
  if (trial instanceof Response) throw trial;
  if (trial === null) return { status: "invalid" };
  const outcome = await launch(context, url, trial);
  return outcome.kind === "launched" ? { status: "launched", gameUrl: outcome.gameUrl } : resultOf(outcome);
}

// The launch action's answer must not reload this page's data (the screen already holds what it needs).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

export default function TryGameRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.over) return <TrialOver name={data.over.name} loginHref={data.over.loginHref} tryAgainHref={data.over.tryAgainHref} />;
  return <LaunchPage launchPath={data.launchPath} backUrl={data.backUrl} retryHref={data.retryHref} result={data.result} />;
}
