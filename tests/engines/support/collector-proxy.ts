// The HTTP proxy the suite's browsers go through (decision 0076). WebKitWebDriver has no way to run a
// script before the page's own (no BiDi preload scripts, and console messages of its private sessions are not
// logged), so the proxy puts the uncaught-error collector in front of each HTML document: the first script of
// <head>, carrying the response's CSP nonce so that the page's own policy lets it run. Nothing else is changed.
// It forwards every request to this machine (so *.localhost reaches the test server whatever the resolver does), and
// `offline` cuts it: every request then fails at the network level, as when a phone loses its connection. `refused`
// does the same to the requests whose path matches a pattern only: the connection lost at the moment one file is
// asked for, without racing the page's own timers. (Neither engine's driver can cut the network itself: WebDriver
// classic has no command for it, and Firefox ignored puppeteer's offline mode over BiDi.) The proxies live in the
// suite's global setup, beside the browsers that use them; a test file sets them with requests of its own to the proxy:
// `PUT /offline` with 1 or 0, `PUT /refused` with a regular expression's source or nothing (a browser's requests
// through a proxy name a whole URL, so none of theirs reaches those paths).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { COLLECTOR } from "./in-page";

export type CollectorProxy = {
  /** host:port for the browser's proxy setting. */
  address: string;
  close(): Promise<void>;
};

const NONCE = /'nonce-([^']+)'/;

function withCollector(html: string, nonce: string | undefined): string {
  // The script takes itself out of the document once it has run: React hydrates the whole document, and an element
  // its server render did not make would be a hydration mismatch.
  const tag = `<script${nonce ? ` nonce="${nonce}"` : ""}>${COLLECTOR}document.currentScript.remove();</script>`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return tag + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + tag + html.slice(at);
}

/** `inject`: put the collector into HTML documents (WebKit); Firefox runs it as a preload script instead. */
export async function startCollectorProxy(inject: boolean): Promise<CollectorProxy> {
  const state: { offline: boolean; refused: RegExp | null } = { offline: false, refused: null };
  // Its own pool of connections to the test server, closed with the proxy: Node's global agent keeps idle ones open,
  // and they held the suite's process for vitest's 10 s close timeout.
  const upstreamAgent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    if (request.method === "PUT" && (request.url === "/offline" || request.url === "/refused")) {
      const setting = request.url;
      const body: Buffer[] = [];
      request.on("data", (chunk: Buffer) => body.push(chunk));
      request.on("end", () => {
        const text = Buffer.concat(body).toString();
        if (setting === "/offline") state.offline = text === "1";
        else state.refused = text === "" ? null : new RegExp(text);
        response.writeHead(204).end();
      });
      return;
    }
    if (state.offline || !request.url?.startsWith("http://")) {
      request.socket.destroy();
      return;
    }
    const target = new URL(request.url);
    if (state.refused?.test(target.pathname)) {
      request.socket.destroy();
      return;
    }
    const headers = { ...request.headers };
    // Plain bodies, so that HTML can be read and changed.
    delete headers["accept-encoding"];
    delete headers["proxy-connection"];
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: Number(target.port || 80),
        path: target.pathname + target.search,
        method: request.method,
        headers,
        agent: upstreamAgent,
      },
      (reply) => {
        const type = String(reply.headers["content-type"] ?? "");
        if (!inject || !type.startsWith("text/html")) {
          response.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        reply.on("data", (chunk: Buffer) => chunks.push(chunk));
        reply.on("end", () => {
          const csp = String(reply.headers["content-security-policy"] ?? "");
          const body = withCollector(Buffer.concat(chunks).toString("utf8"), NONCE.exec(csp)?.[1]);
          const out = { ...reply.headers };
          delete out["content-length"];
          delete out["transfer-encoding"];
          response.writeHead(reply.statusCode ?? 502, { ...out, "content-length": Buffer.byteLength(body) });
          response.end(body);
        });
      },
    );
    upstream.on("error", () => request.socket.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        upstreamAgent.destroy();
        server.close(() => resolve());
      }),
  };
}

async function putSetting(address: string, setting: "/offline" | "/refused", body: string): Promise<void> {
  const reply = await fetch(`http://${address}${setting}`, { method: "PUT", body });
  if (reply.status !== 204) throw new Error(`the proxy at ${address} answered ${reply.status} to PUT ${setting}`);
}

/** Cuts (or restores) the network of the browsers behind the proxy at `address` (host:port), from any process. */
export async function setProxyOffline(address: string, offline: boolean): Promise<void> {
  await putSetting(address, "/offline", offline ? "1" : "0");
}

/** Fails, at the network level, the requests whose path matches `pattern` (none again with null). */
export async function setProxyRefused(address: string, pattern: RegExp | null): Promise<void> {
  await putSetting(address, "/refused", pattern?.source ?? "");
}
