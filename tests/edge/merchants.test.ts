// The merchant is chosen by the Host header, before Remix runs (docs/behaviour/shell.md#merchant-by-host).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bodyText, getPage, h1, htmlAttributes, resetFaults, title } from "../support/http";

beforeAll(() => resetFaults());
afterEach(() => resetFaults());

describe("merchant by hostname", () => {
  it("serves Demo Play in English on demo.localhost", async () => {
    const page = await getPage("demo.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(page.header("content-type")).toMatch(/^text\/html/);
    expect(title(page.body)).toBe("Home · Demo Play");
    expect(htmlAttributes(page.body)).toEqual({ lang: "en", dir: "ltr" });
    expect(h1(page.body)).toBe("Welcome to Demo Play");
    expect(bodyText(page.body)).toContain("Log in");
    expect(bodyText(page.body)).toContain("Register");
  });

  it("serves VN88 in Vietnamese on vn.localhost: a different brand and language from demo", async () => {
    const [demo, vn] = await Promise.all([getPage("demo.localhost", "/m/home"), getPage("vn.localhost", "/m/home")]);
    expect(vn.status).toBe(200);
    expect(title(vn.body)).toBe("Trang chủ · VN88 Xổ Số");
    expect(htmlAttributes(vn.body)).toEqual({ lang: "vi", dir: "ltr" });
    expect(h1(vn.body)).toBe("Chào mừng đến với VN88 Xổ Số");
    expect(bodyText(vn.body)).toContain("Đăng nhập");
    expect(bodyText(vn.body)).not.toContain("Demo Play");
    expect(title(vn.body)).not.toBe(title(demo.body));
    // Theme colour differs per merchant too.
    expect(vn.body).toContain('name="theme-color" content="#c62828"');
    expect(demo.body).toContain('name="theme-color" content="#1f6feb"');
  });

  it("serves BR777 in Brazilian Portuguese on br.localhost", async () => {
    const page = await getPage("br.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Início · BR777 Sorte");
    expect(htmlAttributes(page.body).lang).toBe("pt-BR");
  });

  it("maps plain localhost to the demo merchant", async () => {
    const page = await getPage("localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Home · Demo Play");
  });

  it("matches the host name case-insensitively", async () => {
    const page = await getPage("VN.LocalHost", "/m/home");
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Trang chủ · VN88 Xổ Số");
  });

  it("lets the visitor's Accept-Language win over the merchant default", async () => {
    const page = await getPage("vn.localhost", "/m/home", { "Accept-Language": "en-US,en;q=0.9" });
    expect(htmlAttributes(page.body).lang).toBe("en");
    expect(h1(page.body)).toBe("Welcome to VN88 Xổ Số");
  });

  it("answers an unknown domain with a 404 page that names it", async () => {
    const page = await getPage("unknown.localhost", "/m/home");
    expect(page.status).toBe(404);
    expect(page.header("content-type")).toMatch(/^text\/html/);
    expect(title(page.body)).toBe("Domain not configured");
    expect(bodyText(page.body)).toContain("This domain (unknown.localhost) is not configured");
    // Never a page of some merchant.
    expect(page.body).not.toContain("Demo Play");
  });

  it("translates the unknown-domain page from Accept-Language", async () => {
    const page = await getPage("unknown.localhost", "/", { "Accept-Language": "vi-VN,vi;q=0.9" });
    expect(page.status).toBe(404);
    expect(title(page.body)).toBe("Tên miền chưa được cấu hình");
    expect(htmlAttributes(page.body).lang).toBe("vi");
    expect(bodyText(page.body)).toContain("unknown.localhost");
  });

  it("redirects / to /m/home", async () => {
    const page = await getPage("demo.localhost", "/");
    expect([301, 302, 303, 307, 308]).toContain(page.status);
    expect(page.header("location")).toBe("/m/home");
  });

  it("answers an unknown path inside a merchant with the translated 404 page in its shell", async () => {
    const page = await getPage("vn.localhost", "/m/no-such-page");
    expect(page.status).toBe(404);
    expect(h1(page.body)).toBe("Không tìm thấy trang");
    expect(bodyText(page.body)).toContain("Về trang chủ");
    expect(bodyText(page.body)).toContain("VN88 Xổ Số");
  });
});
