// Stand-in pixel scripts (/wps/sandbox-pages/pixels/facebook.js, tiktok.js, appsflyer.js, adjust.js): they take the
// calls the vendors' real scripts take (fbq's queue, ttq's deferred methods, AppsFlyer's AF queue, Adjust's methods
// whose queue the page's snippet replays on load) and report each event as a GET beacon to
// /wps/sandbox-pages/pixels/hit, which records it (channel "pixel:<kind>", GET /__sandbox/events). Served through the
// app's /wps proxy, so they are same-origin and the tests run offline. See docs/platform-contract.md, "Tracking events".
import { z } from "zod";
import type { Env } from "../env";
import { fail } from "../http";
import { findMerchant } from "../merchants";
import { recordTrackingCall } from "./tracking";

export const PIXELS_PREFIX = "/wps/sandbox-pages/pixels/";
const HIT_PATH = `${PIXELS_PREFIX}hit`;

const BEACON = `function hit(kind, id, event, eventID, params) {
    var query = new URLSearchParams({ kind: kind, id: String(id), event: String(event), eventID: String(eventID || ""), params: JSON.stringify(params || {}) });
    new Image().src = "${HIT_PATH}?" + query.toString();
  }`;

const FACEBOOK = `(function () {
  "use strict";
  var fbq = window.fbq;
  if (!fbq) return;
  var ids = [];
  ${BEACON}
  function handle(args) {
    var method = args[0];
    if (method === "init") { if (ids.indexOf(args[1]) < 0) ids.push(args[1]); return; }
    if (method === "trackSingle" || method === "trackSingleCustom") { hit("facebook", args[1], args[2], (args[4] || {}).eventID, args[3]); return; }
    if (method === "track" || method === "trackCustom") ids.forEach(function (id) { hit("facebook", id, args[1], (args[3] || {}).eventID, args[2]); });
  }
  var queued = (fbq.queue || []).splice(0);
  fbq.callMethod = function () { handle(Array.prototype.slice.call(arguments)); };
  queued.forEach(function (args) { handle(Array.prototype.slice.call(args)); });
})();
`;

const TIKTOK = `(function () {
  "use strict";
  var ttq = window.ttq;
  if (!ttq) return;
  var ids = Object.keys(ttq._i || {});
  ${BEACON}
  var handlers = {
    track: function (event, params, options) {
      var opts = options || {};
      (opts.pixel_code ? [opts.pixel_code] : ids).forEach(function (id) { hit("tiktok", id, event, opts.event_id, params); });
    },
    page: function () {}
  };
  var queued = Array.prototype.slice.call(ttq).map(function (entry) { return entry; });
  ttq.length = 0;
  Object.keys(handlers).forEach(function (name) { ttq[name] = handlers[name]; });
  queued.forEach(function (entry) { var h = handlers[entry[0]]; if (h) h.apply(null, entry.slice(1)); });
})();
`;

// AppsFlyer's PBA web SDK: AF("pba", "event", {eventType, eventName, eventValue, eventRevenue?}), queued in AF.q as
// [time, ...arguments] until the SDK takes over AF; the Web Dev Key is AF.id.pba.webAppId.
const APPSFLYER = `(function () {
  "use strict";
  var queued = window.AF;
  if (!queued) return;
  var key = ((queued.id || {}).pba || {}).webAppId || "";
  ${BEACON}
  function handle(args) {
    var payload = args[2] || {};
    if (args[0] !== "pba" || args[1] !== "event") return;
    hit("appsflyer", key, payload.eventName, (payload.eventValue || {}).event_id, payload);
  }
  var af = function () { handle(Array.prototype.slice.call(arguments)); };
  af.id = queued.id;
  af.plugins = queued.plugins;
  (queued.q || []).forEach(function (entry) { handle(Array.prototype.slice.call(entry, 1)); });
  window.AF = af;
})();
`;

// Adjust's web SDK: initSdk({appToken}) then trackEvent({eventToken, deduplicationId, revenue?, currency?,
// callbackParams?}). It replaces the stub's methods; the page's snippet replays Adjust_q once this script has loaded.
const ADJUST = `(function () {
  "use strict";
  var adjust = window.Adjust;
  if (!adjust) return;
  var appToken = "";
  ${BEACON}
  adjust.initSdk = function (options) { appToken = (options || {}).appToken || ""; };
  adjust.trackEvent = function (options) {
    var o = options || {};
    hit("adjust", appToken, o.eventToken, o.deduplicationId, o);
  };
})();
`;

const SCRIPTS: Record<string, string> = { "facebook.js": FACEBOOK, "tiktok.js": TIKTOK, "appsflyer.js": APPSFLYER, "adjust.js": ADJUST };

const hitSchema = z.object({
  kind: z.enum(["facebook", "tiktok", "appsflyer", "adjust"]),
  id: z.string().min(1).max(64),
  event: z.string().min(1).max(64),
  eventID: z.string().max(64),
  params: z.string().max(2000),
});

function parseParams(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function handlePixels(request: Request, url: URL, env: Env): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return fail("method.not.allowed", "GET only", 405);
  const name = url.pathname.slice(PIXELS_PREFIX.length);
  const script = SCRIPTS[name];
  if (script !== undefined) {
    return new Response(script, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" } });
  }
  if (url.pathname !== HIT_PATH) return fail("path.not.found", `No such pixel file: ${name}`, 404);
  const merchant = findMerchant(request.headers.get("Merchant")?.trim() ?? null);
  if (merchant === undefined) return fail("merchant.not.found", "Missing or unknown Merchant header", 400);
  const hit = hitSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!hit.success) return fail("request.invalid", "Not a pixel call", 400);
  const { kind, id, event, eventID, params } = hit.data;
  await recordTrackingCall(env.DB, merchant.code, `pixel:${kind}`, event, eventID, { pixelId: id, params: parseParams(params) });
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
