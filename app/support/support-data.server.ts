import type { AppContext } from "../lib/context";
import { customerServiceFor, type MemberInfoRead } from "./support.server";

/** What the footer needs on every normal page (docs/behaviour/support.md#cs-positions). */
export async function loadSupportData(context: AppContext, memberInfo: MemberInfoRead) {
  const customerServiceUrl = await customerServiceFor(context, "HOME", memberInfo);
  return { customerServiceUrl };
}

export type SupportData = Awaited<ReturnType<typeof loadSupportData>>;
