// Arriving with the announcement popup already dismissed (docs/behaviour/announcements.md#tests): for tests of other
// things on the home page, whose clicks the popup's modal would otherwise block. It does what a player does without
// JavaScript — posts the popup's own "do not show again" form — for the content the page carries now (in English,
// Vietnamese and Brazilian Portuguese, the languages the sandbox's announcements differ in), and gives the browser
// context the cookie the edge answers with. The product and the sandbox stay as they are.
import { expect, type BrowserContext } from "@playwright/test";
import { hostFor, originFor, request } from "../../support/http";
import { parseSetCookie } from "./browser-cookie";

const CONTENT_LANGUAGES = ["EN", "VI", "PT-BR"] as const;

function cookieHeader(cookies: { name: string; value: string }[], extra: string): string {
  return [...cookies.map((cookie) => `${cookie.name}=${cookie.value}`), extra].join("; ");
}

/** Dismisses the popup for whoever the context is on `host` (a visitor, or the member whose session it holds). */
export async function dismissAnnouncements(context: BrowserContext, host = "demo.localhost"): Promise<void> {
  const cookies = (await context.cookies(`http://${hostFor(host)}/`)).filter((cookie) => cookie.name !== "language");
  const hashes = new Set<string>();
  for (const language of CONTENT_LANGUAGES) {
    const page = await request({
      host: hostFor(host),
      path: "/m/home",
      headers: { Cookie: cookieHeader(cookies, `language=${language}`) },
    });
    expect(page.status, `GET /m/home on ${host}`).toBe(200);
    const found = /name="hashes" value="([0-9a-f,]+)"/.exec(page.body)?.[1];
    for (const hash of found?.split(",") ?? []) hashes.add(hash);
  }
  // No announcements on this merchant for this player (or already dismissed): nothing to do.
  if (hashes.size === 0) return;
  const reply = await request({
    host: hostFor(host),
    path: "/m/announcements/dismiss",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: originFor(host), Cookie: cookieHeader(cookies, "") },
    body: new URLSearchParams({ hashes: [...hashes].join(","), choice: "never", back: "/m/home" }).toString(),
  });
  expect(reply.status, "the popup's dismissal form").toBe(303);
  const added = reply.cookies.map((line) => parseSetCookie(line, host)).filter((cookie) => cookie !== null);
  await context.addCookies(added);
}
