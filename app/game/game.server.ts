import { z } from "zod";
import type { PlatformClient } from "../.server/platform/client";
import type { PlatformResult } from "../.server/platform/outcomes";
import { memberInfoSchema } from "../.server/platform/member";
import {
  buildLaunchParams,
  LAUNCH_TIMEOUT_MS,
  needsLabelName,
  planVariant,
  safeGameUrl,
  type LaunchContext,
  type LaunchQuery,
} from "./launch-params";

// GET /wps/game/launchGame (docs/behaviour/game-launch.md#launch-parameters): authorised, 10 s timeout.

const launchValueSchema = z.object({ gameUrl: z.string().min(1).max(4096) }).passthrough();

/** How long the club-label lookup before a launch may take; on failure the label is sent empty. */
const LABEL_TIMEOUT_MS = 3_000;

export type LaunchOutcome =
  | { kind: "launched"; gameUrl: string }
  /** The token is no longer valid: clear the session, go to /m/login. */
  | { kind: "not-logged-in" }
  /** ECONNABORTED or the 10 s timeout: 'timeout_retry_please'. */
  | { kind: "timeout" }
  /** The platform's message when it gave one; null means 'game_launch_failed'. */
  | { kind: "failed"; message: string | null; errorCode: string | null };

export async function launchGame(platform: PlatformClient, params: Record<string, string>): Promise<LaunchOutcome> {
  const result = await platform.call("/wps/game/launchGame", launchValueSchema, {
    method: "GET",
    query: params,
    auth: true,
    timeoutMs: LAUNCH_TIMEOUT_MS,
    // The launch screen waits the launch's own 10 s before "timeout, retry" (docs/behaviour/game-launch.md).
    ignoreDeadline: true,
  });
  return launchOutcomeOf(result, "launchGame");
}

/** A launch call's answer as the launch screen's outcome (docs/behaviour/game-launch.md#launch-outcomes); trial too. */
export function launchOutcomeOf(result: PlatformResult<{ gameUrl: string }>, call: string): LaunchOutcome {
  if (result.ok) {
    const gameUrl = safeGameUrl(result.value.gameUrl);
    if (gameUrl) return { kind: "launched", gameUrl };
    // Never send the member to a javascript:, data: or relative address the platform made up.
    console.error(`[game] ${call} answered a gameUrl that is not an absolute http(s) URL`);
    return { kind: "failed", message: null, errorCode: "game.url.invalid" };
  }
  const { failure, errorCode, message } = result;
  if (failure.kind === "not-logged-in") return { kind: "not-logged-in" };
  if (errorCode === "ECONNABORTED" || (errorCode === null && failure.kind === "notice" && failure.messageKey === "platform_timeout")) {
    return { kind: "timeout" };
  }
  return { kind: "failed", message: failure.kind === "notice" ? failure.message : (message ?? null), errorCode };
}

/** The member's club label name (VIP level), sent by the Vietnam lottery launches; "" when unknown. */
export async function memberLabelName(platform: PlatformClient): Promise<{ ok: true; labelName: string } | { ok: false }> {
  const info = await platform.call("/wps/member/info", memberInfoSchema, { timeoutMs: LABEL_TIMEOUT_MS });
  if (info.ok) return { ok: true, labelName: info.value.clubLabel?.labelName ?? "" };
  return info.failure.kind === "not-logged-in" ? { ok: false } : { ok: true, labelName: "" };
}

/** One launch for the signed-in member: the club label when the variant needs it, then the launch call. */
export async function launchForMember(
  platform: PlatformClient,
  query: LaunchQuery,
  context: Omit<LaunchContext, "labelName">,
): Promise<LaunchOutcome> {
  let labelName = "";
  if (needsLabelName(planVariant(query))) {
    const label = await memberLabelName(platform);
    if (!label.ok) return { kind: "not-logged-in" };
    labelName = label.labelName;
  }
  const plan = buildLaunchParams(query, { ...context, labelName });
  return launchGame(platform, plan.params);
}
