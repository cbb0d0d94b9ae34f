#!/usr/bin/env node
// The server `npm run bench` measures server-side throughput on (docs/decisions/0059-throughput-server.md): the app and
// the sandbox platform in wrangler's test harness, bundled as `wrangler dev` bundles them (NODE_ENV=production: React's
// production build), in workerd behind wrangler's dev proxy, with a fresh in-memory sandbox, and without wrangler dev's
// devtools bridge. That bridge relays every console line of the Worker (the request log writes one per request) over an
// inspector socket, a second workerd and an HTTP post to Node; production has no such thing, and it cost a page about as
// much as the page itself.
//
// Run as its own process, so the load the bench sends and the harness's own Node work do not share one event loop.
// Prints `listening <url>` when the Worker answers; stops on SIGTERM or when its parent goes away.
process.env.NODE_ENV = "production";
const { createTestHarness } = await import("wrangler");

const server = createTestHarness({
  workers: [{ configPath: "wrangler.toml" }, { configPath: "workers/wps-sandbox/wrangler.toml" }],
});

const { url } = await server.listen();
// The harness keeps every runtime log line for its own assertions; a bench needs none of them.
const forget = setInterval(() => server.clearLogs(), 1_000);
let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  clearInterval(forget);
  await server.close();
  process.exit(0);
}
process.on("SIGTERM", close);
process.on("SIGINT", close);
process.on("disconnect", close);
console.log(`listening ${url.href}`);
