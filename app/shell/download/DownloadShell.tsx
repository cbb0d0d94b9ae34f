import { useCallback, useEffect, useState, type ComponentType } from "react";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import type { DownloadShellData } from "~/shell/download/download.server";
import { readClientMode } from "~/shell/client-mode";
import { afterFirstInteraction, whenIdle } from "~/shell/later/first-interaction";
import { markShellState } from "~/shell/shell-state";
import { readStorage, writeStorage } from "~/shell/web-storage";
import type { OverlaysProps } from "./DownloadOverlays";

/** The bar's session flag: a session cookie for the server and session storage (HIDE_BAR_KEY in ./rules, not imported:
 * that module would pull the download rules into every page's first load). */
const HIDE_BAR = "hideDownloadBar";

/**
 * The app download surfaces (docs/behaviour/download.md). The bar is rendered by the server, so it takes its place
 * before any script runs and works with JavaScript off (Download is a link to /m/appDownload; Close posts a form that
 * sets the session flag). Everything else — the browser-only mode checks, the popup, the upgrade modal, the image popup
 * — is in ./DownloadOverlays, loaded after hydration (see below): this file is in every page's first load.
 */
export function DownloadShell({ data }: { data: DownloadShellData }) {
  const { t, language } = useTranslation();
  const { pathname, search } = useLocation();
  const [hidden, setHidden] = useState(false);
  const [popup, setPopup] = useState(false);
  const [overlays, setOverlays] = useState<{ C: ComponentType<OverlaysProps> } | null>(null);

  const load = useCallback(() => {
    import("./DownloadOverlays").then(
      (m) => setOverlays({ C: m.DownloadOverlays }),
      () => {}, // offline or a new deployment: the server-rendered bar still works as links and forms
    );
  }, []);
  useEffect(() => {
    if (!data.bar && !data.upgrade && !data.imagePopup) {
      markShellState("downloadOverlays", "none");
      markShellState("upgradeModal", "none");
      markShellState("imagePopup", "skipped");
      return;
    }
    // At the browser's next idle moment when the overlays change the page at once: the native app's upgrade modal, or
    // a bar that this launch may hide (a bar removed later would move the page). Otherwise with the later layers, at
    // the player's first touch or 10 s in (docs/behaviour/download.md#when-the-overlays-load).
    if (data.upgrade || (data.bar && launchMayHideBar())) return whenIdle(load, 3000, 300);
    return afterFirstInteraction(load);
  }, [data, load]);

  const hideBar = useCallback(() => setHidden(true), []);
  const openPopup = () => {
    setPopup(true);
    load();
  };
  const bar = data.bar;
  return (
    <>
      {bar && !hidden ? (
        <aside className="download-bar" aria-label={t("download_bar_label")}>
          <img className="download-bar__icon" src={bar.icon} alt="" width={40} height={40} />
          <p className="download-bar__text">
            <strong className="download-bar__name">{bar.name}</strong>
            <span className="download-bar__stars" role="img" aria-label={t("download_bar_rating")}>
              5.0
            </span>
          </p>
          {bar.gift ? <span className="download-bar__gift" role="img" aria-label={t("download_bonus_available")} /> : null}
          <a
            className="button button--primary download-bar__download"
            href={`/m/appDownload?language=${language}`}
            onClick={(event) => {
              event.preventDefault();
              openPopup();
            }}
          >
            {t("download_bar_download")}
          </a>
          <form
            method="post"
            action="/m/appDownload"
            onSubmit={(event) => {
              // Closing sets the session flag and opens the download popup (docs/behaviour/download.md#close-bar).
              event.preventDefault();
              document.cookie = `${HIDE_BAR}=1; path=/; SameSite=Lax`;
              // Where storage is blocked the cookie alone keeps it closed.
              writeStorage("sessionStorage", HIDE_BAR, "1");
              setHidden(true);
              openPopup();
            }}
          >
            <input type="hidden" name="intent" value="hide-bar" />
            <input type="hidden" name="redirectTo" value={pathname + search} />
            <button type="submit" className="download-bar__close" aria-label={t("download_bar_close")}>
              ×
            </button>
          </form>
        </aside>
      ) : null}
      {overlays ? <overlays.C data={data} barShown={!!bar && !hidden} popup={popup} onPopup={setPopup} onHideBar={hideBar} /> : null}
    </>
  );
}

/**
 * True when this browser knows something about the launch that the server did not, and that can hide the bar
 * (./rules barHiddenReason): an installed or home-screen launch, a web clip, iPadOS asking for desktop pages, or the
 * bar closed in this session (its cookie normally tells the server already).
 */
function launchMayHideBar(): boolean {
  const mode = readClientMode();
  return mode.standalone || mode.homescreen || mode.webclip || mode.touchMac || readStorage("sessionStorage", HIDE_BAR) === "1";
}
