// The pages the Worker answers before Remix: the app's error card and stylesheets, translated, with no scripts
// (app/.server/pages/edge-error-page.tsx, docs/behaviour/errors.md#error-pages).
import { describe, expect, it } from "vitest";
import { appStylesheets, edgeErrorPage } from "../../app/.server/pages/edge-error-page";

const STYLESHEETS = ["/assets/app-abc123.css", "/assets/download-def456.css"];

describe("edgeErrorPage", () => {
  it("renders the app's error card with the app's stylesheets, the status and the translated texts", async () => {
    const page = edgeErrorPage("domain-not-configured", 404, "EN", { stylesheets: STYLESHEETS, values: { host: "x.localhost" } });
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr">')).toBe(true);
    expect(html).toContain("<title>Domain not configured</title>");
    expect(html).toContain('<section class="card card--centered" aria-labelledby="error-title">');
    expect(html).toContain('<p class="status-code" aria-hidden="true">404</p>');
    expect(html).toContain("This domain (x.localhost) is not configured");
    for (const href of STYLESHEETS) expect(html).toContain(`<link rel="stylesheet" href="${href}"/>`);
    expect(html).not.toMatch(/<script\b|<style\b/);
  });

  it("is in the visitor's language and direction", async () => {
    const html = await edgeErrorPage("bad-request", 400, "UR", { stylesheets: [] }).text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ur" dir="rtl">/);
    expect(html).not.toContain("bad_request_title");
  });

  it("escapes what it shows", async () => {
    const html = await edgeErrorPage("domain-not-configured", 404, "EN", { stylesheets: [], values: { host: "<b>x</b>" } }).text();
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>x</b>");
  });

  it("allows no script, is never stored, and has the baseline security headers", () => {
    const page = edgeErrorPage("forbidden", 403, "EN", { stylesheets: [] });
    expect(page.headers.get("Content-Security-Policy")).toContain("script-src 'none'");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("appStylesheets", () => {
  it("takes the stylesheet links the server build's root route declares", () => {
    const links = () => [
      { rel: "stylesheet", href: "/assets/app-1.css" },
      { rel: "icon", href: "/favicon.ico" },
      { rel: "stylesheet", href: "/assets/download-2.css" },
    ];
    const build = { routes: { root: { id: "root", path: "", module: { links } } } } as unknown as Parameters<typeof appStylesheets>[0];
    expect(appStylesheets(build)).toEqual(["/assets/app-1.css", "/assets/download-2.css"]);
  });
});
