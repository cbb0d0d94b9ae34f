// The home catalogue at the edge (docs/behaviour/home.md): the server-rendered banners, marquee and lanes on every home
// address, the visitor's and the member's home, /m/game, and each section's platform call failing on its own.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { bodyText, decodeEntities, getPage, h1, resetFaults, setFaults } from "../support/http";
import { memberSession } from "../support/member";

const hrefs = (html: string, className: string) =>
  [...html.matchAll(new RegExp(`<a class="${className}"[^>]*href="([^"]*)"`, "g"))].map((m) => decodeEntities(m[1]!));
const marqueeTexts = (html: string) =>
  [...html.matchAll(/<li class="marquee__item"[^>]*>([^<]*)<\/li>/g)].map((m) => decodeEntities(m[1]!));
const laneTitles = (html: string) =>
  [...html.matchAll(/<h[123] id="lane-[^"]+" class="lane__title">([^<]*)</g)].map((m) => decodeEntities(m[1]!));
const loginVia = (launch: string) => `/m/login?redirectUrl=${encodeURIComponent(launch)}`;

beforeEach(() => resetFaults());
afterAll(() => resetFaults());

describe("a visitor's home", () => {
  it.each(["/m/home", "/m/index", "/m/index.html"])(
    "%s: banners with every linkage, the marquee, the lanes, log-in actions",
    async (path) => {
      const page = await getPage("demo.localhost", path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('aria-roledescription="carousel"');
      expect(hrefs(page.body, "banners__link")).toEqual([
        "/m/activity?id=demo-first-deposit",
        loginVia("/m/launchGame?vendor=LOTT&code=VN_HN"),
        "/m/game?category=SLOTS",
        "https://partner.example.com/cup",
        loginVia("/m/launchGame?vendor=TCG"),
      ]);
      expect(page.body).toMatch(
        /<a class="banners__link" href="https:\/\/partner\.example\.com\/cup" target="_blank" rel="noopener noreferrer">/,
      );
      expect(page.body).toContain('aria-label="1 of 5"');
      // The first slide's picture loads at once, with its size (no layout shift).
      expect(page.body).toMatch(
        /<img class="banners__image" src="\/wps\/sandbox-files\/home-banners\/demo-first-deposit-v1\.png" alt="First deposit bonus: 100% up to 500" width="600" height="250"/,
      );
      expect(marqueeTexts(page.body)).toEqual([
        "Weekend jackpot: double prizes on every lottery draw this Saturday and Sunday.",
        "New: PG Soft slots are now on Demo Play.",
        "Scheduled maintenance on Tuesday 03:00 to 04:00 (GMT+7): deposits may be delayed.",
      ]);
      expect(laneTitles(page.body)).toEqual(["Lottery", "Slots", "Card games"]);
      expect(hrefs(page.body, "lane__all")).toEqual(["/m/game?category=LOTTERY", "/m/game?category=SLOTS", "/m/game?category=CARDS"]);
      expect(hrefs(page.body, "game-card__link")[0]).toBe(loginVia("/m/launchGame?vendor=LOTT"));
      expect(h1(page.body)).toBe("Welcome to Demo Play");
      expect(page.body).toContain('href="/m/register"');
    },
  );

  it("vn.localhost: its own banners and texts in Vietnamese, the Vietnam lottery lane first", async () => {
    const page = await getPage("vn.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(page.body).toContain("/wps/sandbox-files/home-banners/vn88-lottery-v1.png");
    expect(page.body).not.toContain("demo-first-deposit");
    expect(marqueeTexts(page.body)[0]).toBe("Kết quả xổ số miền Bắc công bố lúc 18:15 hằng ngày.");
    expect(laneTitles(page.body)).toEqual(["Xổ số Việt Nam", "Xổ số", "Slot", "Game bài"]);
    expect(page.body).toMatch(/data-ordinal="105"[^>]*>\s*<div class="lane__head"><h3 id="lane-VN_LOTTERY"/);
  });

  it("the banner pictures are PNGs served through the site", async () => {
    const image = await getPage("demo.localhost", "/wps/sandbox-files/home-banners/demo-first-deposit-v1.png", { Merchant: "demo" });
    expect(image.status).toBe(200);
    expect(image.header("content-type")).toBe("image/png");
  });
});

describe("a member's home", () => {
  it("a greeting instead of the log-in actions, the member's own marquee item first, games launch directly", async () => {
    const { cookie } = await memberSession();
    const page = await getPage("demo.localhost", "/m/home", { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(bodyText(page.body)).toContain("Hello, demo01! Good luck today.");
    expect(page.body).not.toContain('class="hero__actions"');
    expect(marqueeTexts(page.body)[0]).toBe("demo01, your weekly cashback is waiting in the rewards centre.");
    expect(hrefs(page.body, "banners__link")).toContain("/m/launchGame?vendor=LOTT&code=VN_HN");
    expect(hrefs(page.body, "game-card__link")[0]).toBe("/m/launchGame?vendor=LOTT");
  });
});

describe("/m/game", () => {
  it("one lane in full by its category, every lane without one", async () => {
    const one = await getPage("demo.localhost", "/m/game?category=SLOTS");
    expect(one.status).toBe(200);
    expect(h1(one.body)).toBe("Slots");
    expect(hrefs(one.body, "game-card__link")).toHaveLength(2);
    const all = await getPage("demo.localhost", "/m/game");
    expect(all.status).toBe(200);
    expect(laneTitles(all.body)).toEqual(["Lottery", "Slots", "Card games"]);
  });

  it.each(["NOPE", "%3Cscript%3E"])("an unknown category (%s): 404 with a translated message", async (category) => {
    const page = await getPage("demo.localhost", `/m/game?category=${category}&language=VI`);
    expect(page.status).toBe(404);
    expect(bodyText(page.body)).toContain("Danh mục trò chơi này không tồn tại.");
  });
});

describe("a platform call failing leaves only its section out", () => {
  const sections = (html: string) => ({
    banners: html.includes('aria-roledescription="carousel"'),
    marquee: html.includes('class="marquee"'),
    lanes: html.includes('class="lanes"'),
    heading: h1(html) === "Welcome to Demo Play",
  });

  it.each([
    ["/wps/system/banners", { banners: false, marquee: true, lanes: true, heading: true }],
    ["/wps/relay/MCSFE_getListAnnouncements", { banners: true, marquee: false, lanes: true, heading: true }],
    ["/wps/relay/GCSGAME_newGameVendor", { banners: true, marquee: true, lanes: false, heading: true }],
  ])("%s times out: the page answers 200 with the rest", async (path, expected) => {
    await setFaults({ merchant: "demo", latencyMs: 8_000, latencyPaths: [path] });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(sections(page.body)).toEqual(expected);
  });

  it("every answer malformed: home still renders its heading, without the sections", async () => {
    await setFaults({ merchant: "demo", malformedJson: true });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(sections(page.body)).toEqual({ banners: false, marquee: false, lanes: false, heading: true });
    const games = await getPage("demo.localhost", "/m/game?category=SLOTS");
    expect(games.status).toBe(200);
    expect(bodyText(games.body)).toContain("The games cannot be shown right now.");
  });
});
