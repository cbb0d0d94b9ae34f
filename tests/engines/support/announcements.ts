// Arriving with the announcement popup already dismissed, for tests of other things on the home page (whose clicks the
// popup's modal would block): the popup's own "do not show again" form posted as a browser without scripts does
// (docs/behaviour/announcements.md#tests), and the cookies it answers with given to the engine's page.
import { expect } from "vitest";
import { hostFor, originFor, request } from "../../support/http";
import type { EnginePage } from "./engines";
import { urlOn } from "./suite";

const CONTENT_LANGUAGES = ["EN", "VI", "PT-BR"] as const;

/** Dismisses a visitor's popup on `host` for this page, which is then on that host's /m/home without the popup. */
export async function arriveWithPopupDismissed(page: EnginePage, host: string, path = "/m/home"): Promise<void> {
  const hashes = new Set<string>();
  for (const language of CONTENT_LANGUAGES) {
    const home = await request({ host: hostFor(host), path: "/m/home", headers: { Cookie: `language=${language}` } });
    expect(home.status, `GET /m/home on ${host}`).toBe(200);
    for (const hash of /name="hashes" value="([0-9a-f,]+)"/.exec(home.body)?.[1]?.split(",") ?? []) hashes.add(hash);
  }
  const reply = await request({
    host: hostFor(host),
    path: "/m/announcements/dismiss",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: originFor(host) },
    body: new URLSearchParams({ hashes: [...hashes].join(","), choice: "never", back: "/m/home" }).toString(),
  });
  expect(reply.status, "the popup's dismissal form").toBe(303);
  // A cookie can be given to a page only on its own site: a light page of the host first.
  await page.goto(urlOn(host, "/m/no-such-page"));
  for (const line of reply.cookies) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    await page.addCookie({ name: pair.slice(0, at), value: pair.slice(at + 1), path: "/" });
  }
  await page.goto(urlOn(host, path));
}
