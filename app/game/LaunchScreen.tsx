import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { NoticeDialog } from "~/ui/NoticeDialog";
import { useTranslation } from "~/i18n/translate";
import { LaunchIcon } from "./LaunchIcon";
import { LAUNCH_TIMEOUT_MS, safeGameUrl } from "./game-url";
import type { LaunchPhase, LaunchResult } from "./launch-result";

/** The server gives up after LAUNCH_TIMEOUT_MS; this covers a slow connection between the browser and the edge. */
const CLIENT_GRACE_MS = 2_000;

type LaunchScreenProps = {
  /** This page's path and query, where the launch action is posted. */
  launchPath: string;
  /** Where Back goes: an absolute URL on this site. */
  backUrl: string;
  /** The same launch done by the server, for the Retry link without JavaScript. */
  retryHref: string;
  /** Set when the server already tried (JavaScript off) or the link is malformed: nothing is launched on load. */
  initialResult: LaunchResult | null;
};

function phaseOf(result: LaunchResult): LaunchPhase {
  return result.status === "launched" ? "redirecting" : result.status;
}

/**
 * Lottery launch (docs/behaviour/game-launch.md): a loading indicator after the initial 150 ms delay, one launch per page
 * view, then the browser goes to the returned gameUrl; a timeout shows 'timeout_retry_please' with Retry, any
 * other failure the platform's message in the notice.
 */
export function LaunchScreen({ launchPath, backUrl, retryHref, initialResult }: LaunchScreenProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<LaunchResult>();
  const { submit } = fetcher;
  const [phase, setPhase] = useState<LaunchPhase>(initialResult ? phaseOf(initialResult) : "launching");
  const [message, setMessage] = useState<string | null>(initialResult?.status === "failed" ? initialResult.message : null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(false);
  const handled = useRef<LaunchResult | undefined>(undefined);

  const launch = useCallback(() => {
    setPhase("launching");
    setMessage(null);
    setAttempt((n) => n + 1);
    submit({ backUrl }, { method: "post", action: launchPath });
  }, [submit, backUrl, launchPath]);

  // One launch per page view: the ref survives React's development double effects.
  useEffect(() => {
    if (started.current || initialResult) return;
    started.current = true;
    launch();
  }, [launch, initialResult]);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || data === undefined || handled.current === data) return;
    handled.current = data;
    if (data.status === "launched") {
      const gameUrl = safeGameUrl(data.gameUrl);
      if (gameUrl) {
        setPhase("redirecting");
        // Replace, not push: Back from the game returns to the page before the launch, not into a new launch.
        window.location.replace(gameUrl);
        return;
      }
      setPhase("failed");
      return;
    }
    setMessage(data.status === "failed" ? data.message : null);
    setPhase(data.status);
  }, [fetcher.state, fetcher.data]);

  // The server answers 'timeout' itself after 10 s; this only guards against an answer that never arrives.
  useEffect(() => {
    if (phase !== "launching") return;
    const timer = window.setTimeout(() => setPhase("timeout"), LAUNCH_TIMEOUT_MS + CLIENT_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [phase, attempt]);

  // Back from the game restores this page from the back/forward cache: offer to start again, do not relaunch.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setPhase("returned");
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  const retry = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    launch();
  };

  if (phase === "launching" || phase === "redirecting") {
    return (
      <section className="card card--centered launch" aria-labelledby="launch-title" aria-busy="true">
        <div className="launch__loading">
          <div className="launch__indicator" aria-hidden="true">
            <span className="ball ball--1 launch__ball" />
            <span className="ball ball--2 launch__ball" />
            <span className="ball ball--3 launch__ball" />
          </div>
          <div role="status">
            <h1 id="launch-title" className="launch__title">
              {t("game_launching")}
            </h1>
            <p className="muted launch__text">{t("game_launching_hint")}</p>
          </div>
        </div>
      </section>
    );
  }

  const body =
    phase === "timeout"
      ? t("timeout_retry_please")
      : phase === "invalid"
        ? t("game_launch_invalid")
        : phase === "returned"
          ? t("game_left")
          : t("game_launch_failed");
  const canRetry = phase !== "invalid";
  return (
    <div className="launch-page">
      {/* First in the page, so that without JavaScript (an open <dialog> in the flow) the message is read first. */}
      {phase === "failed" && message ? <NoticeDialog key={attempt} notice={{ message }} /> : null}
      <section className="card card--centered launch" aria-labelledby="launch-title">
        <p className={`launch__icon${phase === "returned" ? " launch__icon--ok" : ""}`} aria-hidden="true">
          <LaunchIcon phase={phase === "timeout" || phase === "returned" ? phase : "other"} />
        </p>
        <h1 id="launch-title" className="launch__title">
          {phase === "returned" ? t("game_launch_title") : t("game_not_started")}
        </h1>
        <p className="launch__text" role={phase === "returned" ? undefined : "alert"}>
          {body}
        </p>
        <div className="launch__actions">
          {canRetry ? (
            <a className="button button--primary button--block" href={retryHref} onClick={retry}>
              {t("retry")}
            </a>
          ) : null}
          <a className={`button button--block ${canRetry ? "button--secondary" : "button--primary"}`} href={backUrl}>
            {t("back")}
          </a>
        </div>
      </section>
    </div>
  );
}
