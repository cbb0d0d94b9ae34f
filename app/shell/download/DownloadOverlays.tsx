import { Component, lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import type { DownloadShellData } from "~/shell/download/download.server";
import { readClientMode } from "~/shell/client-mode";
import { readStorage } from "~/shell/web-storage";
import { markShellState } from "~/shell/shell-state";
import { HIDE_BAR_KEY, IMAGE_POPUP_DISMISSED_KEY, IMAGE_POPUP_WAIT_MS, barHiddenReason, imagePopupArmed } from "~/shell/download/rules";

const DownloadPopup = lazy(() => import("./DownloadPopup"));
const UpgradeModal = lazy(() => import("./UpgradeModal"));
const ImagePopups = lazy(() => import("./ImagePopups"));

/** A popup whose code cannot load (offline, or replaced by a new deployment) must not take the page down with it. */
class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export type OverlaysProps = {
  data: DownloadShellData;
  barShown: boolean;
  popup: boolean;
  onPopup: (open: boolean) => void;
  onHideBar: () => void;
};

/**
 * Loaded after hydration (see DownloadShell): the checks only the browser can make (installed web app, home-screen
 * launch, web clip, iPadOS desktop mode, the session flag), then the popups, each in its own chunk.
 */
export function DownloadOverlays({ data, barShown, popup, onPopup, onHideBar }: OverlaysProps) {
  const [mode] = useState(readClientMode);
  const { pathname } = useLocation();
  const [imagesDue, setImagesDue] = useState(false);

  // The bar's browser-only hide rules (docs/behaviour/download.md#download-bar): installed, home-screen mode, web clip
  // without an iOS link, iPad, session flag.
  const hideBar =
    barShown && barHiddenReason(data.links, { ...mode, hiddenThisSession: readStorage("sessionStorage", HIDE_BAR_KEY) === "1" }) !== null;
  useEffect(() => {
    if (hideBar) onHideBar();
  }, [hideBar, onHideBar]);

  // Image-download popup (docs/behaviour/download.md#image-popups): on a home path, outside the app, home-screen and PWA
  // modes, not dismissed, after the wait.
  const armed = data.imagePopup && imagePopupArmed(pathname, mode, readStorage("sessionStorage", IMAGE_POPUP_DISMISSED_KEY) === "1");
  useEffect(() => {
    if (!armed) {
      markShellState("imagePopup", "skipped");
      return;
    }
    markShellState("imagePopup", "waiting");
    const timer = setTimeout(() => {
      markShellState("imagePopup", "due");
      setImagesDue(true);
    }, IMAGE_POPUP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [armed]);

  // Last of the effects above: the browser-only checks have run and the popups' timers are set.
  useEffect(() => {
    if (!data.upgrade) markShellState("upgradeModal", "none");
    markShellState("downloadOverlays", "ready");
  }, [data.upgrade]);

  const closePopup = useCallback(() => onPopup(false), [onPopup]);
  const imagesDone = useCallback(() => setImagesDue(false), []);
  return (
    <Contained>
      <Suspense fallback={null}>
        {popup && data.links ? <DownloadPopup links={data.links} mode={mode} onClose={closePopup} /> : null}
        {data.upgrade ? <UpgradeModal offer={data.upgrade} /> : null}
        {imagesDue && armed ? <ImagePopups onDone={imagesDone} /> : null}
      </Suspense>
    </Contained>
  );
}
