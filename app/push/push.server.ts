// Web push calls to the platform (docs/platform-contract.md, "Push"): bind a device's FCM token to the member and
// subscribe it to topic ALL; unsubscribe it by the token alone (after a logout or a lost session there is no member).
import { z } from "zod";
import type { PlatformClient } from "~/.server/platform/client";
import type { PlatformResult } from "~/.server/platform/outcomes";

/** The platform's value for these calls is not used. */
const anyValue = z.unknown();

/** CSP_fcmBind then CSP_fcmSubscribe (topic ALL), with the member's token; the first failure stops it. */
export async function bindPushToken(platform: PlatformClient, registrationToken: string): Promise<PlatformResult<unknown>> {
  // A "not logged in" answer comes back to the caller: the device's own page decides what a lost session means.
  const request = { method: "POST", sessionEnd: "report" } as const;
  const bound = await platform.call("/wps/relay/CSP_fcmBind", anyValue, { ...request, body: { registrationToken } });
  if (!bound.ok) return bound;
  return platform.call("/wps/relay/CSP_fcmSubscribe", anyValue, { ...request, body: { registrationToken, topic: "ALL" } });
}

/** CSP_fcmUnsubscribe for every topic, without the member's token: the device is leaving, whoever it was bound to. */
export function unsubscribePushToken(platform: PlatformClient, registrationToken: string): Promise<PlatformResult<unknown>> {
  return platform.call("/wps/relay/CSP_fcmUnsubscribe", anyValue, {
    method: "POST",
    auth: false,
    body: { registrationToken, unsubscribeAll: true },
  });
}
