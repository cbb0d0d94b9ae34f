import type { AppContext } from "../lib/context.server";
import { loadDownloadShell } from "./download/download.server";
import { loadInstallShell, pageMetaShell } from "./install/install.server";
import { loadNetworkShell } from "./network/network.server";

/**
 * What the shell's surfaces need from the edge, loaded in parallel by the root loader.
 * One entry per feature; a failing call yields that feature's "hide" value, never an error page.
 */
export async function loadShellData(context: AppContext, request: Request) {
  const [install, network, download] = await Promise.all([
    loadInstallShell(context),
    loadNetworkShell(context, request),
    loadDownloadShell(context, request),
  ]);
  return { install, pageMeta: pageMetaShell(context), network, download };
}

export type ShellData = Awaited<ReturnType<typeof loadShellData>>;
