import { z } from "zod";
import type { AppContext } from "../lib/context.server";
import type { PlatformClient } from "../.server/platform/client";
import { getGameVendors, toVendors } from "../home/lanes.server";
import type { Vendor } from "../home/lanes";
import { isLobbyCode, LAUNCH_TIMEOUT_MS } from "./launch-params";
import { launchOutcomeOf, type LaunchOutcome } from "./game.server";

// Trial play for visitors (docs/behaviour/game-launch.md#trial): GET /wps/relay/GCS_gameTrialLaunch, no token, the
// launch's own 10 s timeout; only for a vendor whose entry in the vendor list says `trial: true`.

const trialValueSchema = z.object({ gameUrl: z.string().min(1).max(4096) }).passthrough();

/** The vendor list's entry for a vendor code (accountTypeName, any case), or null when it is unknown or the list failed. */
export async function findVendor(context: AppContext, vendor: string): Promise<Vendor | null> {
  const reply = await getGameVendors(context);
  if (!reply.ok) return null;
  const code = vendor.toUpperCase();
  return toVendors(reply.value).find((v) => v.accountTypeName.toUpperCase() === code) ?? null;
}

/**
 * The trial call's query (docs/behaviour/game-launch.md#trial-parameters): the game code as `gameId` (the vendor's own
 * code for its lobby), the vendor as `nodeId`, `platform=html5`, the page's language and where the game's Back returns.
 */
export function trialParams(vendor: string, code: string | undefined, context: { language: string; backUrl: string }) {
  return {
    gameId: isLobbyCode(code) ? vendor : code!,
    nodeId: vendor,
    platform: "html5",
    language: context.language,
    backUrl: context.backUrl,
  };
}

export async function trialLaunch(platform: PlatformClient, params: Record<string, string>): Promise<LaunchOutcome> {
  const result = await platform.call("/wps/relay/GCS_gameTrialLaunch", trialValueSchema, {
    method: "GET",
    query: params,
    auth: false,
    timeoutMs: LAUNCH_TIMEOUT_MS,
    // Same wait as a real launch (docs/behaviour/game-launch.md#launch-timeout).
    ignoreDeadline: true,
  });
  return launchOutcomeOf(result, "GCS_gameTrialLaunch");
}
