// Sandbox platform: a stand-in for a merchant's /wps API, for development and
// tests only. See docs/platform-contract.md for the contract it implements.
import type { WpsRoute } from "./context";
import { ensureDatabase } from "./db";
import type { Env } from "./env";
import { loadFaults } from "./fault-store";
import { applyDrift, applyTransportFaults } from "./faults";
import { fail, notFound } from "./http";
import { findMerchant } from "./merchants";
import { dispatch } from "./router";
import { captchaRoutes } from "./routes/captcha";
import { downloadRoutes } from "./routes/download";
import { homeContentRoutes } from "./routes/home-content";
import { CAPTCHA_WIDGET_PREFIX, handleCaptchaWidget } from "./routes/captcha-widget";
import { CONTROL_PREFIX, controlRoutes } from "./routes/control";
import { GAME_PAGE_PATH, gameRoutes, handleGamePage } from "./routes/game";
import { memberRoutes } from "./routes/member";
import { promotionRoutes } from "./routes/promotions";
import { promotionDetailRoutes } from "./routes/promotion-detail";
import { DEAD_SCRIPT_SERVER_PREFIX, handleDeadScriptServer, handlePage, PAGES_PREFIX } from "./routes/pages";
import { sessionRoutes } from "./routes/session";
import { MOUNT_HEADER, systemRoutes } from "./routes/system";
import { chatRoutes } from "./routes/chat";
import { trackingRoutes } from "./routes/tracking";
import { pushRoutes } from "./routes/push";
import { handlePixels, PIXELS_PREFIX } from "./routes/pixels";
import { handleMiniGame, MINI_GAME_PREFIX } from "./routes/mini-game";

const wpsRoutes: WpsRoute[] = [
  ...sessionRoutes,
  ...memberRoutes,
  ...systemRoutes,
  ...captchaRoutes,
  ...gameRoutes,
  ...downloadRoutes,
  ...homeContentRoutes,
  ...promotionRoutes,
  ...promotionDetailRoutes,
  ...chatRoutes,
  ...trackingRoutes,
  ...pushRoutes,
];

async function handleWps(request: Request, url: URL, env: Env): Promise<Response> {
  const merchant = findMerchant(request.headers.get("Merchant")?.trim() ?? null);
  if (merchant === undefined) return fail("merchant.not.found", "Missing or unknown Merchant header", 400);
  const faults = await loadFaults(env.DB, merchant.code);
  const faulty = await applyTransportFaults(faults, url.pathname);
  if (faulty !== null) return faulty;
  const response = await dispatch(wpsRoutes, request, url.pathname, { request, url, env, merchant, faults });
  return faults.drift === null ? response : applyDrift(faults.drift, url, response);
}

/**
 * The whole sandbox under a path prefix, for clients that can only reach the app: `wrangler dev` with both Workers
 * serves the app alone, and the app passes /__sandbox/* through (the live tests in tests/unit/sandbox use this).
 * `/__sandbox/direct/wps/system/config` is `/wps/system/config`; links the sandbox makes to itself keep the prefix.
 */
const DIRECT_PREFIX = "/__sandbox/direct";

/** The request without the DIRECT_PREFIX, marked so that links to the sandbox keep it; other requests as they are. */
function unmount(request: Request): Request {
  const url = new URL(request.url);
  const direct = url.pathname.startsWith(`${DIRECT_PREFIX}/`);
  if (!direct && !request.headers.has(MOUNT_HEADER)) return request;
  if (direct) url.pathname = url.pathname.slice(DIRECT_PREFIX.length);
  const inner = new Request(url, request);
  if (direct) inner.headers.set(MOUNT_HEADER, DIRECT_PREFIX);
  else inner.headers.delete(MOUNT_HEADER);
  return inner;
}

async function route(outer: Request, env: Env): Promise<Response> {
  const request = unmount(outer);
  const url = new URL(request.url);
  const path = url.pathname;
  if (path.startsWith(DEAD_SCRIPT_SERVER_PREFIX)) return handleDeadScriptServer();
  if (path.startsWith(CAPTCHA_WIDGET_PREFIX)) return handleCaptchaWidget(request, url);
  if (path === GAME_PAGE_PATH) return handleGamePage(request, url);
  if (path.startsWith(PIXELS_PREFIX)) {
    await ensureDatabase(env);
    return handlePixels(request, url, env);
  }
  if (path.startsWith(MINI_GAME_PREFIX)) return handleMiniGame(request, url);
  if (path.startsWith(PAGES_PREFIX)) return handlePage(request, url);
  await ensureDatabase(env);
  if (path === "/wps" || path.startsWith("/wps/")) return handleWps(request, url, env);
  if (path.startsWith(CONTROL_PREFIX)) return dispatch(controlRoutes, request, path, { request, url, env });
  return notFound(path);
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    try {
      return await route(request, env);
    } catch (error) {
      // Logged for the developer; the client gets a platform-shaped error, never a stack trace.
      console.error("wps-sandbox: unhandled error", error);
      const message = error instanceof Error ? error.message : String(error);
      return fail("sandbox.error", message, 500);
    }
  },
} satisfies ExportedHandler<Env>;
