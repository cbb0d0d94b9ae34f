import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { contentSecurityPolicy } from "~/.server/security/headers";
import { captchaScriptOrigins } from "~/captcha/captcha.server";
import { miniGameScriptOrigins } from "~/minigame/minigame-script";
import { pixelOrigins } from "~/tracking/pixel-kinds";
import { imageCdnOriginsOf } from "~/home/image-hosts.server";
import { firebaseContentSources } from "~/identity/firebase/firebase-origins.server";
import { loadFirebaseConfig } from "~/identity/firebase/firebase-config.server";
import { loadNetworkShell } from "~/shell/network/network.server";
import { translationsFor } from "~/.server/i18n/resources";
import { afterFirstPaint } from "~/.server/performance/script-priority";
import { FallbackTranslationsContext } from "~/i18n/fallback-translations";
import { pageStatusFor } from "~/site-status/site-state.server";

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // The facts the status and the CSP depend on, from the same memoised reads the root loader made (no second round
  // trip); a read that fails (the root loader failed too) leaves the page's own status and the base policy.
  const [siteStatus, network, firebaseConfig] = await Promise.all([
    pageStatusFor(loadContext, request).catch(() => null),
    loadNetworkShell(loadContext, request).catch(() => ({ domains: [] })),
    loadFirebaseConfig(loadContext).catch(() => null),
  ]);
  // Maintenance and access-denied replace the page: say so in the status too, so nothing caches them as the page.
  let status = siteStatus ?? responseStatusCode;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  const body = await renderToReadableStream(
    <FallbackTranslationsContext.Provider value={{ language: loadContext.language, translations: translationsFor(loadContext.language) }}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </FallbackTranslationsContext.Provider>,
    {
      signal: controller.signal,
      nonce,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        status = 500;
      },
    },
  );
  // The whole page, for people and crawlers alike (docs/decisions/0042-whole-page-render.md).
  await body.allReady.finally(() => clearTimeout(timer)).catch(() => undefined);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const { merchant } = loadContext;
  // The merchant's pixels: their script hosts and beacon hosts, nothing else (docs/behaviour/tracking.md#pixels).
  const pixels = pixelOrigins(merchant.tracking.pixels);
  const firebase = firebaseContentSources(firebaseConfig, new URL(request.url).pathname);
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, network.domains, {
      scripts: [
        ...captchaScriptOrigins(merchant.captchaScriptServers),
        ...pixels.scripts,
        ...(firebase.scripts ?? []),
        // The mini-game's script host, when the merchant's game is elsewhere (docs/behaviour/support.md#minigame-script).
        ...miniGameScriptOrigins(merchant.miniGame),
      ],
      // The site settings' image CDNs (docs/behaviour/home.md#image-hosts): read once per request already.
      images: [...merchant.contentOrigins.images, ...(await imageCdnOriginsOf(loadContext)), ...pixels.beacons],
      frames: [...merchant.contentOrigins.frames, ...(firebase.frames ?? [])],
      connect: [...pixels.beacons, ...(firebase.connect ?? [])],
    }),
  );
  // A page is the member's own: never in a shared cache. An ordinary page may be kept by the browser and the service
  // worker for offline use (revalidated each time); status pages, errors and cookie-setting answers are not kept.
  const keepable = status === 200 && !responseHeaders.has("Set-Cookie");
  responseHeaders.set("Cache-Control", keepable ? "private, no-cache" : "no-store");
  return new Response(await afterFirstPaint(body, nonce), { headers: responseHeaders, status });
}

/**
 * Page data (`.data`, single fetch) is the same data as the page: a member's is `private, no-store` whatever the route
 * said, and anything else keeps its own Cache-Control or gets that one (docs/behaviour/shell.md#caching).
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (response.headers.has("Cache-Control") && !context.session.token) return response;
  const answer = new Response(response.body, response);
  answer.headers.set("Cache-Control", "private, no-store");
  return answer;
};
