// Visitor pages (docs/behaviour/platform-data.md#visitor-pages): a first visit's landing page is served again to the
// next identical first visit for a few seconds, with its own nonce, and never to anyone the page could differ for.
// Each test asks with its own browser name (the user agent is part of the key), so tests never share a page.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getPage, h1, resetFaults, setFaults, type RawReply } from "../support/http";
import { memberSession } from "../support/member";

const NOTE = "x-visitor-page";
let browsers = 0;
/** A user agent no other test uses. */
const browser = () => ({ "User-Agent": `VisitorPagesTest/${Date.now()}-${(browsers += 1)}` });

const scriptNonces = (reply: RawReply) => [...reply.body.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1] ?? "");
const policyNonce = (reply: RawReply) => /'nonce-([^']+)'/.exec(reply.header("content-security-policy") ?? "")?.[1];

beforeEach(() => resetFaults());
afterAll(() => resetFaults());

describe("a first visit", () => {
  it("gets the page the previous identical first visit got, with a nonce of its own that the policy names", async () => {
    const ua = browser();
    const first = await getPage("demo.localhost", "/m/home", ua);
    const second = await getPage("demo.localhost", "/m/home", ua);
    expect(first.header(NOTE)).toBe("kept");
    expect(second.header(NOTE)).toBe("served");
    expect(second.status).toBe(200);
    expect(second.header("x-platform-calls")).toBe("0");

    const [a, b] = [scriptNonces(first)[0] ?? "-", scriptNonces(second)[0] ?? "-"];
    expect(new Set(scriptNonces(second))).toEqual(new Set([policyNonce(second)]));
    expect(b).not.toBe(a);
    expect(second.body.replaceAll(b, "N")).toBe(first.body.replaceAll(a, "N"));
    // The Worker's own headers are there as on any page.
    expect(second.header("strict-transport-security")).toBeDefined();
    expect(second.header("x-request-id")).not.toBe(first.header("x-request-id"));
  });

  it("is kept per language and per merchant", async () => {
    const ua = browser();
    await getPage("demo.localhost", "/m/login", ua);
    const vietnamese = await getPage("demo.localhost", "/m/login", { ...ua, "Accept-Language": "vi-VN" });
    expect(vietnamese.header(NOTE)).toBe("kept");
    expect(vietnamese.body).toContain('lang="vi"');
    const vn = await getPage("vn.localhost", "/m/login", ua);
    expect(vn.header(NOTE)).toBe("kept");
  });

  it("sees maintenance switched on at once, not the kept page", async () => {
    const ua = browser();
    await getPage("demo.localhost", "/m/home", ua);
    expect((await getPage("demo.localhost", "/m/home", ua)).header(NOTE)).toBe("served");
    await setFaults({ merchant: "demo", maintenance: {} });
    const closed = await getPage("demo.localhost", "/m/home", ua);
    expect(closed.status).toBe(503);
    expect(h1(closed.body)).toBe("System maintenance");
    expect(closed.header(NOTE)).toBeUndefined();
  });

  it("is not kept while the platform fails: the page with its notice is rendered for each visit", async () => {
    await setFaults({ merchant: "demo", httpStatus: 500 });
    const ua = browser();
    const first = await getPage("demo.localhost", "/m/login", ua);
    const second = await getPage("demo.localhost", "/m/login", ua);
    expect(first.header(NOTE)).toBeUndefined();
    expect(second.header(NOTE)).toBeUndefined();
  });
});

describe("never shared", () => {
  it("with a visitor who sends a cookie or a query, or a member", async () => {
    const ua = browser();
    await getPage("demo.localhost", "/m/home", ua);
    expect((await getPage("demo.localhost", "/m/home", { ...ua, Cookie: "returning=1" })).header(NOTE)).toBeUndefined();
    expect((await getPage("demo.localhost", "/m/home?x=1", ua)).header(NOTE)).toBeUndefined();
    const member = await memberSession();
    const page = await getPage("demo.localhost", "/m/home", { ...ua, Cookie: member.cookie });
    expect(page.header(NOTE)).toBeUndefined();
    expect(page.status).toBe(200);
  });

  it("for a page that reads per-visitor platform data: vn88 suggests each visitor a free username on registration", async () => {
    const ua = browser();
    const vn = [await getPage("vn.localhost", "/m/register", ua), await getPage("vn.localhost", "/m/register", ua)];
    expect(vn.map((reply) => reply.header(NOTE))).toEqual([undefined, undefined]);
    expect(vn.map((reply) => /name="username"[^>]*value="([^"]+)"/.test(reply.body))).toEqual([true, true]);
    // demo suggests none: its registration page is a visitor page like any other.
    const demo = [await getPage("demo.localhost", "/m/register", ua), await getPage("demo.localhost", "/m/register", ua)];
    expect(demo.map((reply) => reply.header(NOTE))).toEqual(["kept", "served"]);
  });
});
