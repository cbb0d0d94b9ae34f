// Every link of the demo merchants' home pages leads somewhere (docs/behaviour/home.md#links-lead-somewhere): each
// same-origin <a href> of /m/home (banners, lane cards, promotions, footer), for a visitor and for a member, is followed
// (same-origin redirects too) to a page that is neither a 404 nor a "not found" page in the merchant's language.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { bodyText, decodeEntities, getPage, originFor, resetFaults, type RawReply } from "../support/http";
import { solvedCaptcha } from "../support/captcha";
import { memberSession } from "../support/member";

const MERCHANTS = [
  { host: "demo.localhost", merchant: "demo", language: "EN", loginCaptcha: false },
  { host: "vn.localhost", merchant: "vn88", language: "VI", loginCaptcha: true },
  { host: "br.localhost", merchant: "br777", language: "PT-BR", loginCaptcha: false },
] as const;

/** The texts a "not found" page shows, in English and in the merchant's language. */
function notFoundTexts(language: string): string[] {
  const texts = (code: string) =>
    JSON.parse(readFileSync(new URL(`../../app/locales/${code}.json`, import.meta.url), "utf8")) as Record<string, string>;
  return [...new Set(["EN", language].flatMap((code) => [texts(code)["not_found_title"]!, texts(code)["promo_not_found_title"]!]))];
}

/** Every same-origin address the page's <a> elements link to (root-relative, or absolute on this host). */
function sameOriginLinks(html: string, origin: string): string[] {
  const links = [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
  return [
    ...new Set(
      links.flatMap((href) => {
        if (href.startsWith("/") && !href.startsWith("//")) return [href];
        if (href.startsWith(`${origin}/`)) return [href.slice(origin.length)];
        return [];
      }),
    ),
  ];
}

/** GET the address and follow its redirects while they stay on this origin; the last reply and its path. */
async function follow(host: string, path: string, cookie: string | null): Promise<{ path: string; reply: RawReply }> {
  const origin = originFor(host);
  let current = path;
  for (let hop = 0; hop < 5; hop += 1) {
    const reply = await getPage(host, current, cookie ? { Cookie: cookie } : {});
    const location = reply.header("location");
    if (reply.status < 300 || reply.status >= 400 || !location) return { path: current, reply };
    const next = new URL(location, `${origin}${current}`);
    if (next.origin !== origin) return { path: current, reply };
    current = next.pathname + next.search;
  }
  throw new Error(`${path}: more than five redirects`);
}

/** The links of one home page and where each of them ends, a few at a time (the test server has two cores). */
async function crawl(host: string, cookie: string | null) {
  const home = await getPage(host, "/m/home", cookie ? { Cookie: cookie } : {});
  expect(home.status).toBe(200);
  const links = sameOriginLinks(home.body, originFor(host));
  const results: { link: string; path: string; status: number; text: string }[] = [];
  for (let i = 0; i < links.length; i += 6) {
    const batch = links.slice(i, i + 6);
    const replies = await Promise.all(batch.map((link) => follow(host, link, cookie)));
    replies.forEach(({ path, reply }, j) => results.push({ link: batch[j]!, path, status: reply.status, text: bodyText(reply.body) }));
  }
  return results;
}

beforeAll(() => resetFaults());

describe.each(MERCHANTS)("$merchant: every link of the home page leads to a page", ({ host, merchant, language, loginCaptcha }) => {
  const notFound = notFoundTexts(language);

  function expectFound(results: Awaited<ReturnType<typeof crawl>>) {
    // Banners, lane cards, "see all", promotions and the footer: far more than a handful.
    expect(results.length).toBeGreaterThan(8);
    const failures = results.flatMap(({ link, path, status, text }) =>
      status === 404 || status >= 500 || notFound.some((words) => text.includes(words))
        ? [`${link} → ${path}: ${status} ${text.slice(0, 120)}`]
        : [],
    );
    expect(failures).toEqual([]);
  }

  it("as a visitor", async () => {
    const results = await crawl(host, null);
    expect(results.some((r) => r.link.startsWith("/m/activity?id="))).toBe(true);
    expectFound(results);
  });

  it("as a member", async () => {
    const captcha = loginCaptcha ? await solvedCaptcha(host, "login") : {};
    const { cookie } = await memberSession("demo01", host, merchant, captcha);
    const results = await crawl(host, cookie);
    expect(results.some((r) => r.link.startsWith("/m/activity?id="))).toBe(true);
    expectFound(results);
  });
});
