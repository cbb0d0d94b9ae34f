import type { ShellData } from "~/shell/shell-data.server";
import { DownloadShell } from "./download/DownloadShell";
import { InstallPrompts } from "./install/InstallPrompts";
import { PwaShell } from "./pwa/PwaShell";

/**
 * The app-like surfaces over every page (download bar, install prompts, update alert, network toasts).
 * One line per feature; each feature decides for itself whether it shows.
 */
export function ShellOverlays({ shell }: { shell: ShellData }) {
  return (
    <>
      <InstallPrompts install={shell.install} profile={Boolean(shell.download.links?.profile)} />
      <DownloadShell data={shell.download} />
      <PwaShell />
    </>
  );
}
