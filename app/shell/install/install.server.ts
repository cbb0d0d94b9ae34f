// What the install prompts and the page meta need from the edge (root loader, via shell-data.ts; docs/decisions/0017, 0018).
import type { AppContext } from "../../lib/context.server";
import { isIndexableHost } from "../page-meta";
import { getSiteSettings } from "../../.server/platform/site";

/** White-label flag that switches the install prompts; absent means on. */
export const INSTALL_FLAG = "PWA3";

export type InstallShell = {
  /** The install prompts may show (flag on, or absent). False when the settings cannot be read. */
  enabled: boolean;
};

export function installEnabled(whitelabelVal: Record<string, boolean> | undefined): boolean {
  return whitelabelVal?.[INSTALL_FLAG] !== false;
}

export async function loadInstallShell(context: AppContext): Promise<InstallShell> {
  const settings = await getSiteSettings(context.platform).catch(() => null);
  return { enabled: settings?.ok === true && installEnabled(settings.value.whitelabelVal) };
}

/**
 * Host half of the robots rule; the path half is decided per page, also after client-side navigation. The host is
 * the one the Worker resolved the merchant from (Remix's request has lost the Host header).
 */
export function pageMetaShell(context: Pick<AppContext, "merchant">): { indexableHost: boolean } {
  return { indexableHost: isIndexableHost(context.merchant.host) };
}
