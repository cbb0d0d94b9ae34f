import { fakePlatform, type PlatformHandler } from "../support/fake-platform";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { PlatformClient, forgetRsaKeys } from "../../app/.server/platform/client";

type Handler = PlatformHandler;

function clientWith(handler: Handler, token: string | null = "tok-1") {
  const { merchant, env, seen } = fakePlatform(handler);
  const request = new Request("http://demo.localhost:8787/m/home", { headers: { "CF-Connecting-IP": "203.0.113.9" } });
  return { client: PlatformClient.create({ merchant, env, request, language: "VI", token }), seen };
}

const valueSchema = z.object({ n: z.number() });

afterEach(() => vi.useRealTimers());

describe("PlatformClient.call", () => {
  it("sends the merchant, language, token and visitor IP, and parses the value", async () => {
    const { client, seen } = clientWith(() => Response.json({ success: true, value: { n: 1 } }));
    expect(await client.call("/wps/x", valueSchema)).toEqual({ ok: true, value: { n: 1 } });
    const headers = seen[0]!.headers;
    expect(headers.get("Merchant")).toBe("demo");
    expect(headers.get("Language")).toBe("VI");
    expect(headers.get("Authorization")).toBe("tok-1");
    expect(headers.get("X-Forwarded-For")).toBe("203.0.113.9");
  });

  it("tells the platform the origin the visitor used, also from a client made for another token", async () => {
    const { client, seen } = clientWith(() => Response.json({ success: true, value: { n: 1 } }));
    await client.call("/wps/x", valueSchema);
    await client.withToken("tok-2").call("/wps/x", valueSchema);
    for (const request of seen) {
      expect(request.headers.get("X-Forwarded-Host")).toBe("demo.localhost:8787");
      expect(request.headers.get("X-Forwarded-Proto")).toBe("http");
    }
    expect(seen[1]!.headers.get("Authorization")).toBe("tok-2");
  });

  it("sends no token when the call says so", async () => {
    const { client, seen } = clientWith(() => Response.json({ success: true, value: { n: 1 } }));
    await client.call("/wps/x", valueSchema, { auth: false });
    expect(seen[0]!.headers.get("Authorization")).toBeNull();
  });

  it("turns a reply of the wrong shape into the unknown-error notice", async () => {
    const { client } = clientWith(() => Response.json({ success: true, value: { n: "one" } }));
    const result = await client.call("/wps/x", valueSchema);
    expect(result).toMatchObject({ ok: false, failure: { kind: "notice", messageKey: "unknown_error" } });
  });

  it("turns malformed JSON into the unknown-error notice", async () => {
    const { client } = clientWith(() => new Response('{"success": tru', { headers: { "Content-Type": "application/json" } }));
    expect(await client.call("/wps/x", valueSchema)).toMatchObject({ ok: false, failure: { kind: "notice", messageKey: "unknown_error" } });
  });

  it("keeps a 502 silent and a 500 page as unavailable", async () => {
    expect(
      await clientWith(() => new Response("<html>bad gateway</html>", { status: 502 })).client.call("/wps/x", valueSchema),
    ).toMatchObject({
      ok: false,
      failure: { kind: "silent", reason: "bad-gateway" },
    });
    expect(await clientWith(() => new Response("<html>oops</html>", { status: 500 })).client.call("/wps/x", valueSchema)).toMatchObject({
      ok: false,
      failure: { kind: "notice", messageKey: "platform_unavailable" },
    });
  });

  it("passes the platform's message and code on", async () => {
    const { client } = clientWith(() =>
      Response.json({ success: false, errorCode: "login.cred.err", message: "Wrong password", value: { x: 1 } }),
    );
    expect(await client.call("/wps/x", valueSchema)).toEqual({
      ok: false,
      failure: { kind: "notice", message: "Wrong password", messageKey: "unknown_error" },
      errorCode: "login.cred.err",
      message: "Wrong password",
      value: { x: 1 },
    });
  });

  it("times out with the timeout notice", async () => {
    const { client } = clientWith(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    expect(await client.call("/wps/x", valueSchema, { timeoutMs: 20 })).toMatchObject({
      ok: false,
      failure: { kind: "notice", messageKey: "platform_timeout" },
    });
  });

  it("reports an unreachable platform", async () => {
    const { client } = clientWith(() => Promise.reject(new TypeError("connection refused")));
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await client.call("/wps/x", valueSchema)).toMatchObject({
      ok: false,
      failure: { kind: "notice", messageKey: "platform_unavailable" },
    });
  });

  it("an RSA key that cannot be had is the platform out of service, never 'Missing Encryption'", async () => {
    const keyAnswer = (key: () => Response | Promise<Response>, callTimeoutMs?: number) => {
      forgetRsaKeys("demo");
      const { merchant, env, seen } = fakePlatform((request) =>
        new URL(request.url).pathname === "/wps/session/key/rsa" ? key() : Response.json({ success: true, value: { n: 1 } }),
      );
      const request = new Request("http://demo.localhost:8787/m/login", { method: "POST" });
      const client = PlatformClient.create({ merchant, env, request, language: "VI", token: null, callTimeoutMs });
      return { result: client.call("/wps/session/login", valueSchema, { method: "POST", body: { a: 1 }, encrypt: true }), seen };
    };
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const notAKey = keyAnswer(() => new Response("not a key"));
    expect(await notAKey.result).toMatchObject({ ok: false, failure: { kind: "notice", messageKey: "platform_unavailable" } });
    // The encrypted call itself is never sent without a key.
    expect(notAKey.seen.map((request) => new URL(request.url).pathname)).toEqual(["/wps/session/key/rsa"]);
    expect(await keyAnswer(() => new Response("<html>bad gateway</html>", { status: 502 })).result).toMatchObject({
      ok: false,
      failure: { kind: "silent", reason: "bad-gateway" },
    });
    const late = keyAnswer(() => new Promise<Response>(() => {}), 20);
    expect(await late.result).toMatchObject({ ok: false, failure: { kind: "notice", messageKey: "platform_timeout" } });
  });
});
