// The root loader's site status (docs/behaviour/shell.md#site-status) under the sandbox platform's injected faults.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bodyText, dialogs as allDialogs, getPage, h1, htmlAttributes, request, resetFaults, setFaults, title } from "../support/http";
import { testTimings } from "../support/timings";

/** The page's notices: its dialogs but the announcement popup the home page carries (it comes due later). */
const dialogs = (html: string) => allDialogs(html).filter((dialog) => !dialog.due);

beforeAll(() => resetFaults());
afterEach(() => resetFaults());

const WELCOME_DEMO = "Welcome to Demo Play";

describe("maintenance", () => {
  it("replaces vn.localhost pages with a 503 maintenance page in Vietnamese plus English, demo unaffected", async () => {
    await setFaults({ merchant: "vn88", maintenance: {} });
    const [vn, demo] = await Promise.all([getPage("vn.localhost", "/m/home"), getPage("demo.localhost", "/m/home")]);

    expect(vn.status).toBe(503);
    expect(htmlAttributes(vn.body).lang).toBe("vi");
    expect(h1(vn.body)).toBe("Bảo trì hệ thống");
    const text = bodyText(vn.body);
    expect(text).toContain("Rất tiếc, hệ thống đang được bảo trì");
    // The English line for visitors who do not read the merchant's language.
    expect(vn.body).toMatch(/<p[^>]*lang="en"[^>]*>We are sorry, the system is under maintenance/);
    expect(text).toContain("Thử lại");
    expect(text).toContain("Liên hệ chúng tôi");
    expect(text).toContain("VN88 Xổ Số");
    // The page is replaced, not decorated: no home content.
    expect(text).not.toContain("Chào mừng đến với");
    expect(vn.header("cache-control")).toBe("no-store");

    expect(demo.status).toBe(200);
    expect(h1(demo.body)).toBe(WELCOME_DEMO);
  });

  it("shows the maintenance page in English without the extra English line on demo", async () => {
    await setFaults({ merchant: "demo", maintenance: {} });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(503);
    expect(h1(page.body)).toBe("System maintenance");
    expect(page.body).not.toMatch(/<p[^>]*lang="en"/);
    expect(bodyText(page.body)).toContain("Retry");
    expect(bodyText(page.body)).toContain("Contact us");
  });

  it("points Retry at /m/index with the address's affiliateCode and r, nothing else of the address", async () => {
    await setFaults({ merchant: "demo", maintenance: {} });
    const page = await getPage("demo.localhost", "/m/promotions?x=1&affiliateCode=aff7&r=ref9");
    expect(page.body).toMatch(/<a[^>]*href="\/m\/index\?affiliateCode=aff7&amp;r=ref9"[^>]*>Retry<\/a>/);
    const plain = await getPage("demo.localhost", "/m/promotions?x=1");
    expect(plain.body).toMatch(/<a[^>]*href="\/m\/index"[^>]*>Retry<\/a>/);
  });

  it("replaces unknown paths too with the maintenance page", async () => {
    await setFaults({ merchant: "demo", maintenance: {} });
    const page = await getPage("demo.localhost", "/m/no-such-page");
    expect(page.status).toBe(503);
    expect(h1(page.body)).toBe("System maintenance");
  });

  it("links Contact us to an address the visitor's browser can open", async () => {
    await setFaults({ merchant: "demo", maintenance: {} });
    const page = await getPage("demo.localhost", "/m/home");
    const href = /<a[^>]*href="([^"]+)"[^>]*>Contact us<\/a>/.exec(page.body)?.[1];
    expect(href).toBeDefined();
    const url = new URL(href!);
    expect(url.hostname === "127.0.0.1" || url.hostname.endsWith("localhost")).toBe(true);
    const chat = await request({ host: url.host, path: url.pathname + url.search });
    expect(chat.status).toBe(200);
  });

  it("shows the platform's description when it gives one, instead of the translated text", async () => {
    await setFaults({ merchant: "vn88", maintenance: { desc: "Nâng cấp máy chủ xổ số." } });
    const page = await getPage("vn.localhost", "/m/home");
    expect(page.status).toBe(503);
    expect(bodyText(page.body)).toContain("Nâng cấp máy chủ xổ số.");
    expect(bodyText(page.body)).not.toContain("Rất tiếc, hệ thống đang được bảo trì");
  });

  it("shows the platform's description and end time when it gives them", async () => {
    const end = Date.UTC(2031, 0, 2, 3, 4);
    await setFaults({ merchant: "demo", maintenance: { end, desc: "Upgrading the lottery draw servers." } });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(503);
    expect(bodyText(page.body)).toContain("Upgrading the lottery draw servers.");
    expect(bodyText(page.body)).toContain("End time");
    expect(page.body).toContain(`dateTime="${new Date(end).toISOString()}"`);
  });

  it("follows the visitor's language choice (?language=UR) with an rtl page", async () => {
    await setFaults({ merchant: "demo", maintenance: {} });
    const page = await getPage("demo.localhost", "/m/home?language=UR");
    expect(page.status).toBe(503);
    expect(htmlAttributes(page.body)).toEqual({ lang: "ur", dir: "rtl" });
    expect(h1(page.body)).toBe("سسٹم کی دیکھ بھال");
    expect(page.body).toMatch(/<p[^>]*lang="en"[^>]*dir="ltr"[^>]*>We are sorry/);
  });
});

describe("region restriction", () => {
  it("answers 403 with the access-denied page and the visitor's IP", async () => {
    await setFaults({ merchant: "demo", regionRestriction: true });
    const page = await request({ path: "/m/home", headers: { "CF-Connecting-IP": "203.0.113.7" } });
    expect(page.status).toBe(403);
    expect(h1(page.body)).toBe("Access denied");
    const text = bodyText(page.body);
    expect(text).toContain("Your IP: 203.0.113.7");
    expect(text).toContain("Access from your location or IP address is restricted");
    expect(text).toContain("Contact us");
    expect(text).not.toContain(WELCOME_DEMO);
  });

  it("shows the access-denied page in Vietnamese with the English line on vn.localhost", async () => {
    await setFaults({ merchant: "vn88", regionRestriction: true });
    const page = await getPage("vn.localhost", "/m/home");
    expect(page.status).toBe(403);
    expect(h1(page.body)).toBe("Truy cập bị từ chối");
    expect(bodyText(page.body)).toMatch(/IP của bạn: \d{1,3}(\.\d{1,3}){3}/);
    expect(page.body).toMatch(/<p[^>]*lang="en"[^>]*>Access from your location or IP address is restricted/);
  });
});

describe("platform notices over a page that still renders", () => {
  it("domain not available: a Notice alertdialog with Retry and Customer service over the normal page", async () => {
    await setFaults({ merchant: "demo", domainUnavailable: true });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(h1(page.body)).toBe(WELCOME_DEMO);
    const found = dialogs(page.body);
    expect(found).toHaveLength(1);
    expect(found[0]!.role).toBe("alertdialog");
    expect(found[0]!.text).toMatch(/^Notice /);
    expect(found[0]!.text).toContain("This address is not available right now");
    expect(found[0]!.text).toContain("Retry");
    expect(found[0]!.text).toContain("Customer service");
  });

  it("domain not available: Retry points at /m/index with the address's affiliateCode and r", async () => {
    await setFaults({ merchant: "demo", domainUnavailable: true });
    const page = await getPage("demo.localhost", "/m/home?affiliateCode=aff7&r=ref9&x=1");
    expect(page.body).toMatch(/<a[^>]*href="\/m\/index\?affiliateCode=aff7&amp;r=ref9"[^>]*>Retry<\/a>/);
  });

  it("malformed JSON: the page renders with the generic notice", async () => {
    await setFaults({ merchant: "demo", malformedJson: true });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(h1(page.body)).toBe(WELCOME_DEMO);
    const found = dialogs(page.body);
    expect(found).toHaveLength(1);
    expect(found[0]!.role).toBe("alertdialog");
    expect(found[0]!.text).toBe("Notice Something went wrong. Please try again. Confirm");
  });

  it("malformed JSON on vn.localhost: the notice is translated", async () => {
    await setFaults({ merchant: "vn88", malformedJson: true });
    const page = await getPage("vn.localhost", "/m/home");
    expect(page.status).toBe(200);
    const found = dialogs(page.body);
    expect(found[0]?.text).toMatch(/^Thông báo .+ Xác nhận$/);
    expect(found[0]?.text).not.toContain("Something went wrong");
  });

  it("HTTP 502 from the platform: the page renders silently, without a notice", async () => {
    await setFaults({ merchant: "demo", httpStatus: 502 });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(h1(page.body)).toBe(WELCOME_DEMO);
    expect(dialogs(page.body)).toEqual([]);
  });

  it("HTTP 500 with an HTML body: the page renders with the service-unavailable notice", async () => {
    await setFaults({ merchant: "demo", httpStatus: 500 });
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(h1(page.body)).toBe(WELCOME_DEMO);
    const found = dialogs(page.body);
    expect(found).toHaveLength(1);
    expect(found[0]!.text).toContain("The service is temporarily unavailable");
  });

  it("the proxy passes a platform 502 through for /wps calls", async () => {
    await setFaults({ merchant: "demo", httpStatus: 502 });
    const reply = await getPage("demo.localhost", "/wps/system/country?_=common");
    expect(reply.status).toBe(502);
  });

  it("faults of one merchant leave the others alone", async () => {
    await setFaults({ merchant: "demo", malformedJson: true, httpStatus: 500 });
    const page = await getPage("br.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Início · BR777 Sorte");
    expect(dialogs(page.body)).toEqual([]);
  });

  it("a slow platform: the page renders by its deadline with the timeout notice; the /wps proxy answers 504 after the call timeout", async () => {
    // The test server lowers the production values (30 s a call, 5 s a page): scripts/test.sh passes them.
    const { callTimeoutMs, pageDeadlineMs } = testTimings();
    await setFaults({ merchant: "demo", latencyMs: callTimeoutMs + 5_000 });
    const [page, proxied] = await Promise.all([
      getPage("demo.localhost", "/m/home"),
      getPage("demo.localhost", "/wps/system/country?_=common"),
    ]);
    // The page waited for its deadline, not for every call's own timeout, and not for the platform's late answer.
    expect(page.elapsedMs).toBeGreaterThanOrEqual(pageDeadlineMs - 100);
    expect(page.elapsedMs).toBeLessThan(callTimeoutMs + 5_000);
    expect(page.status).toBe(200);
    expect(h1(page.body)).toBe(WELCOME_DEMO);
    const found = dialogs(page.body);
    expect(found).toHaveLength(1);
    expect(found[0]!.text).toContain("The server took too long to answer");

    expect(proxied.elapsedMs).toBeGreaterThanOrEqual(callTimeoutMs - 100);
    expect(proxied.status).toBe(504);
    expect(proxied.json()).toMatchObject({ success: false, errorCode: "platform.timeout" });
  }, 30_000);
});
