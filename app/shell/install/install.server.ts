// What the install prompts and the page meta need from the edge (root loader, via shell-data.ts; docs/decisions/0017, 0018).
import type { AppContext } from "../../lib/context.server";
import { isIndexableHost } from "../page-meta";
import { getSiteSettings, siteFlags } from "../../.server/platform/site";

export type InstallShell = {
  /** The install prompts may show (flag on, or absent). False when the settings cannot be read. */
  enabled: boolean;
};

/** The white-label flag PWA3 switches the install prompts; absent means on. */
export function installEnabled(whitelabelVal: Record<string, boolean> | undefined): boolean {
  return siteFlags(whitelabelVal ?? {}).installPrompt;
}

export async function loadInstallShell(context: AppContext): Promise<InstallShell> {
  const settings = await getSiteSettings(context.platform).catch(() => null);
  return { enabled: settings?.ok === true && settings.value.flags.installPrompt };
}

/**
 * Host half of the robots rule; the path half is decided per page, also after client-side navigation. The host is
 * the one the Worker resolved the merchant from (Remix's request has lost the Host header).
 */
export function pageMetaShell(context: Pick<AppContext, "merchant">): { indexableHost: boolean } {
  return { indexableHost: isIndexableHost(context.merchant.host) };
}
