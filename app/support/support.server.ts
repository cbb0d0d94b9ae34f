import type { AppContext } from "../lib/context.server";
import type { MemberInfo } from "../.server/platform/member";
import type { PlatformResult } from "../.server/platform/outcomes";
import { getSiteConfig } from "../.server/platform/site";
import { customerServiceEntries } from "./cs-entries.server";
import { customerServiceLink, type CsMember, type CsPosition } from "./customer-service";

/** The root loader's member-info read (or null for a visitor); awaited only when a link needs the member's name. */
export type MemberInfoRead = Promise<PlatformResult<MemberInfo> | null>;

/** Who asks, for the name parameters: the session's user name, the member info's when it has one, and the club label. */
export async function csMember(context: AppContext, memberInfo: MemberInfoRead): Promise<CsMember> {
  const sessionInfo = context.session.info;
  if (!sessionInfo) return null;
  const info = await memberInfo;
  const value = info?.ok ? info.value : null;
  const userName = value?.userName ?? sessionInfo.userName ?? "";
  if (!userName) return null;
  return { userName, labelName: value?.clubLabel?.labelName ?? null };
}

/**
 * The customer-service address for a button at `position` (docs/behaviour/support.md#cs-positions), or null when the
 * platform has no usable entry or the site config failed: the button is then left out.
 */
export async function customerServiceFor(context: AppContext, position: CsPosition, memberInfo: MemberInfoRead): Promise<string | null> {
  const [config, member] = await Promise.all([getSiteConfig(context.platform), csMember(context, memberInfo)]);
  if (!config.ok) return null;
  return customerServiceLink(customerServiceEntries(config.value), position, member);
}
