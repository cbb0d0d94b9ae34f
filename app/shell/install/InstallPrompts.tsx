import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ComponentType } from "react";
import type { InstallShell } from "~/shell/install/install.server";
import { SHOW_A2HS_EVENT } from "~/shell/install/assets";
import { markShellState } from "~/shell/shell-state";
import type { InstallRuntimeProps } from "./InstallRuntime";

type PromptWindow = Window & { __mcInstallPrompt?: Event | null };

/**
 * Whether the prompts' code must load (docs/decisions/0017): on an install path when the browser offered to install or
 * the device may be an iPhone or iPad (Safari's sheet); in an installed web app (WEBCLIP, old-iOS restore); or on request.
 */
function needsRuntime(pathname: string, install: InstallShell, promptSeen: boolean): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  const installPath = pathname === "/m/home" || pathname === "/m/index.html";
  return (
    (install.enabled && installPath && (promptSeen || /iPhone|iPad|iPod|Macintosh/.test(nav.userAgent))) ||
    nav.standalone === true ||
    matchMedia("(display-mode: standalone)").matches ||
    /[?&]homescreen=1\b/.test(location.search)
  );
}

/**
 * The install prompts: only this small part is in the first load. `profile`: the merchant has a configuration-profile
 * (MOBILECONFIG) link, so the iOS sheet offers it. The download popup's iOS guide entry opens the sheet with SHOW_A2HS_EVENT.
 */
export function InstallPrompts({ install, profile }: { install: InstallShell; profile: boolean }) {
  const { pathname } = useLocation();
  const [Runtime, setRuntime] = useState<ComponentType<InstallRuntimeProps> | null>(null);
  const [guideRequests, setGuideRequests] = useState(0);
  const [promptSeen, setPromptSeen] = useState(false);
  const wanted = guideRequests > 0 || (typeof window !== "undefined" && needsRuntime(pathname, install, promptSeen));

  useEffect(() => {
    const onGuide = () => setGuideRequests((n) => n + 1);
    // entry.client captures the browser's install event into window.__mcInstallPrompt and announces it.
    const onCaptured = () => setPromptSeen(true);
    if ((window as PromptWindow).__mcInstallPrompt) setPromptSeen(true);
    window.addEventListener(SHOW_A2HS_EVENT, onGuide);
    window.addEventListener("mc:installprompt", onCaptured);
    return () => {
      window.removeEventListener(SHOW_A2HS_EVENT, onGuide);
      window.removeEventListener("mc:installprompt", onCaptured);
    };
  }, []);

  // Once the runtime has loaded it reports its own decision (its effects run before this component's).
  useEffect(() => {
    if (!Runtime) markShellState("installPrompt", wanted ? "loading" : promptSeen ? "suppressed" : "none");
  }, [wanted, Runtime, promptSeen]);

  useEffect(() => {
    if (!wanted || Runtime) return;
    let live = true;
    import("./InstallRuntime").then((module) => live && setRuntime(() => module.InstallRuntime)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, Runtime]);

  return Runtime ? <Runtime install={install} profile={profile} guideRequests={guideRequests} /> : null;
}
