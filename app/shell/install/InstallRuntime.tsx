import { useLocation, useMatches, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { InstallShell } from "~/shell/install/install.server";
import { iosVersion, isIosSafari, isNativeApp } from "~/identity/device";
import { useRootData } from "~/shell/root-data";
import { readClientMode, WEBCLIP_KEY } from "~/shell/client-mode";
import { readStorage, writeStorage } from "~/shell/web-storage";
import {
  homeScreenSheetAllowed,
  installPromptAllowed,
  installPromptMustWait,
  isSkipValue,
  sheetVariant,
  SKIP_INSTALL_KEY,
  webclipFlag,
  type InstallConditions,
} from "~/shell/install/conditions";
import { isLegacyHomeScreenApp, rememberLegacyState, restoreLegacyLaunch } from "~/shell/install/legacy-ios";
import { markShellState } from "~/shell/shell-state";
import { pageHasAnnouncements } from "~/announcements/on-page";
import { whenNoOtherModal } from "~/ui/modal-queue";
import { HomeScreenSheet } from "./HomeScreenSheet";
import { InstallModal } from "./InstallModal";

export type InstallRuntimeProps = { install: InstallShell; profile: boolean; guideRequests: number };

/** Chromium's install event (not in TypeScript's DOM types). */
export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
};

type PromptWindow = Window & { __mcInstallPrompt?: Event | null };

/** sessionStorage: the old-iOS launch restore already ran in this session. */
const LAUNCH_DONE_KEY = "SHELL_launchRestored";

function capturedPrompt(): BeforeInstallPromptEvent | null {
  const event = (window as PromptWindow).__mcInstallPrompt;
  return event && typeof (event as BeforeInstallPromptEvent).prompt === "function" ? (event as BeforeInstallPromptEvent) : null;
}

/**
 * The install prompts (docs/behaviour/install.md#install-prompt; docs/decisions/0017): the modal on the browser's
 * install event, the iOS add-to-home-screen sheet, the WEBCLIP flag, and the old-iOS home-screen restore.
 */
export function InstallRuntime({ install, profile, guideRequests }: InstallRuntimeProps) {
  const root = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const mode = useMemo(() => readClientMode(), []);
  const ios = useMemo(() => iosVersion(mode.userAgent), [mode]);
  const legacyApp = isLegacyHomeScreenApp(ios, mode.standalone);
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(capturedPrompt);
  const [skipped, setSkipped] = useState(() => isSkipValue(readStorage("sessionStorage", SKIP_INSTALL_KEY)));
  const [guideClosedAt, setGuideClosedAt] = useState(0);
  const popupOnPage = pageHasAnnouncements(useMatches());
  const [othersDone, setOthersDone] = useState(false);

  // WEBCLIP: 1 in an installed web app launched without ?homescreen=1 (an iOS web clip), 0 when launched with it.
  useEffect(() => {
    const flag = webclipFlag(mode);
    if (flag !== null) writeStorage("localStorage", WEBCLIP_KEY, flag);
  }, [mode]);

  // The browser's install event, captured by entry.client before React mounted, or arriving later.
  useEffect(() => {
    const fromCapture = () => setPromptEvent(capturedPrompt());
    const direct = (event: Event) => {
      event.preventDefault();
      (window as PromptWindow).__mcInstallPrompt = event;
      setPromptEvent(capturedPrompt());
    };
    window.addEventListener("mc:installprompt", fromCapture);
    window.addEventListener("beforeinstallprompt", direct);
    const installed = () => {
      (window as PromptWindow).__mcInstallPrompt = null;
      setPromptEvent(null);
    };
    window.addEventListener("appinstalled", installed);
    return () => {
      window.removeEventListener("mc:installprompt", fromCapture);
      window.removeEventListener("beforeinstallprompt", direct);
      window.removeEventListener("appinstalled", installed);
    };
  }, []);

  // Old iOS home-screen apps: once per launch, renew and go back to the last page; then remember every page.
  useEffect(() => {
    if (!legacyApp || readStorage("sessionStorage", LAUNCH_DONE_KEY)) return;
    writeStorage("sessionStorage", LAUNCH_DONE_KEY, "1");
    const here = location.pathname + location.search;
    void restoreLegacyLaunch(here, { member: root?.member != null }).then((plan) => {
      if (plan.kind === "home") window.location.replace("/m/home");
      else if (plan.kind === "go") navigate(plan.path, { replace: true });
    });
    // Runs once, on the launch page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [legacyApp]);
  useEffect(() => {
    if (legacyApp) rememberLegacyState(location.pathname + location.search);
  }, [legacyApp, location.pathname, location.search]);

  const skip = useCallback(() => {
    writeStorage("sessionStorage", SKIP_INSTALL_KEY, "1");
    setSkipped(true);
  }, []);

  const conditions: InstallConditions = {
    pathname: location.pathname,
    siteState: root?.siteState.kind ?? "open",
    nativeApp: isNativeApp(mode.userAgent),
    installed: mode.standalone || mode.homescreen,
    enabled: install.enabled,
    skipped,
  };
  const modalAllowed = promptEvent !== null && installPromptAllowed(conditions);
  const sheetAllowed = !modalAllowed && homeScreenSheetAllowed({ ...conditions, iosSafari: isIosSafari(mode.userAgent, mode.touchMac) });
  // A prompt that shows by itself waits its turn behind the page's other modals (docs/behaviour/install.md#one-modal-at-a-time).
  const waiting = (modalAllowed || sheetAllowed) && !othersDone;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const pending = (openDialog: boolean, decisions: DOMStringMap) => installPromptMustWait(openDialog, decisions, popupOnPage);
    void whenNoOtherModal(pending, () => !live).then((done) => {
      if (done && live) setOthersDone(true);
    });
    return () => {
      live = false;
    };
  }, [waiting, popupOnPage]);
  const showModal = modalAllowed && othersDone;
  const guideOpen = guideRequests > guideClosedAt;
  const showSheet = !showModal && (guideOpen || (sheetAllowed && othersDone));
  const decision = showModal ? "modal" : showSheet ? "sheet" : waiting ? "waiting" : promptEvent ? "suppressed" : "none";
  useEffect(() => markShellState("installPrompt", decision), [decision]);
  if (!root) return null;

  const brand = root.brand.name;
  if (showModal) {
    return (
      <InstallModal
        brand={brand}
        onClose={skip}
        onInstall={async () => {
          const event = promptEvent;
          (window as PromptWindow).__mcInstallPrompt = null;
          setPromptEvent(null);
          try {
            await event.prompt();
            const choice = await event.userChoice;
            if (choice.outcome !== "accepted") skip();
          } catch {
            skip();
          }
        }}
      />
    );
  }
  if (showSheet) {
    return (
      <HomeScreenSheet
        brand={brand}
        variant={sheetVariant(ios)}
        profileHref={profile ? `/m/appDownload?language=${root.language}&tokens` : null}
        onClose={() => {
          setGuideClosedAt(guideRequests);
          skip();
        }}
      />
    );
  }
  return null;
}
