import { useLocation } from "@remix-run/react";
import { LaunchScreen } from "./LaunchScreen";
import type { LaunchResult } from "./launch-result";

type LaunchPageProps = { launchPath: string; backUrl: string; retryHref: string; result: LaunchResult | null };

/**
 * A launch page, real or trial (docs/behaviour/game-launch.md): without JavaScript a launch not yet made reloads as the
 * server-side launch at once; with it, the launch screen launches and shows the outcome.
 */
export function LaunchPage({ launchPath, backUrl, retryHref, result }: LaunchPageProps) {
  const location = useLocation();
  return (
    <>
      {result === null ? (
        <noscript>
          <meta httpEquiv="refresh" content={`0;url=${retryHref}`} />
        </noscript>
      ) : null}
      {/* A new page view (another banner, a language change) is a new launch. */}
      <LaunchScreen key={location.key} launchPath={launchPath} backUrl={backUrl} retryHref={retryHref} initialResult={result} />
    </>
  );
}
