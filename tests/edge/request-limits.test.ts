// Requests the edge refuses before any merchant or Remix code runs: clear pages, never a 500 with a stack trace.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bodyText, getPage, hostFor, looksLikeStackTrace, request, resetFaults, title } from "../support/http";

beforeAll(() => resetFaults());
afterEach(() => resetFaults());

describe("malformed Host header", () => {
  // Host values the local runtime passes on to the Worker; the Worker's own parser must refuse them.
  for (const host of ["bad_host", "-bad.localhost", "demo..localhost", `${"a".repeat(64)}.localhost`]) {
    it(`answers ${JSON.stringify(host)} with the 400 page`, async () => {
      const page = await request({ host, path: "/m/home" });
      expect(page.status).toBe(400);
      expect(page.header("content-type")).toMatch(/^text\/html/);
      expect(title(page.body)).toBe("Bad request");
      expect(bodyText(page.body)).toContain("The request could not be understood");
      expect(looksLikeStackTrace(page.body)).toBe(false);
    });
  }

  it('answers "bad host!" without a stack trace and never with the app\'s content', async () => {
    // Under `wrangler dev` workerd cannot even build the request URL from this Host: its local entry answers a
    // bare 500 "Internal Server Error" before the Worker runs (Cloudflare's edge answers 400 in production).
    // The Worker's own 400 page is what we want whenever the request reaches it.
    const page = await request({ host: "bad host!", path: "/m/home" });
    expect(looksLikeStackTrace(page.body)).toBe(false);
    expect(page.body).not.toContain("Demo Play");
    if (page.status === 400) {
      expect(title(page.body)).toBe("Bad request");
    } else {
      expect(page.status).toBe(500);
      expect(page.body.trim()).toBe("Internal Server Error");
    }
  });

  it("answers the 400 page in the visitor's language", async () => {
    const page = await request({ host: "bad_host", path: "/m/home", headers: { "Accept-Language": "vi" } });
    expect(page.status).toBe(400);
    expect(title(page.body)).toBe("Yêu cầu không hợp lệ");
  });
});

describe("oversized requests", () => {
  it("answers a 5000-character query with 414", async () => {
    const page = await request({ path: `/m/home?q=${"a".repeat(5000)}` });
    expect(page.status).toBe(414);
    expect(page.header("content-type")).toMatch(/^text\/html/);
    expect(bodyText(page.body)).toContain("414");
    expect(looksLikeStackTrace(page.body)).toBe(false);
    expect(page.body).not.toContain("Welcome to Demo Play");
  });

  it("accepts a query just under the limit", async () => {
    const page = await request({ path: `/m/home?q=${"a".repeat(4000)}` });
    expect(page.status).toBe(200);
  });

  it("answers 20 KiB of headers with 431 (or the runtime's own 4xx), never a 500 or a stack trace", async () => {
    const page = await request({ path: "/m/home", headers: { "X-Padding": "x".repeat(20 * 1024) } });
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.status).toBeLessThan(500);
    expect([400, 431]).toContain(page.status);
    expect(looksLikeStackTrace(page.body)).toBe(false);
    expect(page.body).not.toContain("Welcome to Demo Play");
  });

  it("answers an oversized request body (over 1 MiB) with 413", async () => {
    const body = "x".repeat(1_100_000);
    const page = await request({
      host: hostFor("demo.localhost"),
      path: "/wps/session/login",
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body,
    });
    expect(page.status).toBe(413);
    expect(looksLikeStackTrace(page.body)).toBe(false);
  });

  it("never answers a normal page request on an unconfigured host with a 5xx", async () => {
    const page = await getPage("nobody.localhost", `/m/home?q=${"b".repeat(100)}`);
    expect(page.status).toBe(404);
  });
});
