// A merchant an operator's routes file adds (examples/routes.shop.json): scripts/test.sh writes the file to this
// server's local KV with `npm run merchants -- put --local`, as `npm start -- --routes FILE` does
// (docs/behaviour/operations.md#preview). Against `npm run dev`, start it with `-- --routes examples/routes.shop.json`.
import { describe, expect, it } from "vitest";
import { getPage, htmlAttributes, title } from "../support/http";

describe("an operator's routes file", () => {
  it("serves the merchant it adds on shop.localhost: its brand, language and colours, on its own platform merchant", async () => {
    const page = await getPage("shop.localhost", "/m/home");
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("หน้าแรก · Lucky Shop");
    expect(htmlAttributes(page.body)).toEqual({ lang: "th", dir: "ltr" });
    expect(page.body).toContain('name="theme-color" content="#6a1b9a"');
    const manifest = await getPage("shop.localhost", "/m/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.json<{ name: string; theme_color: string }>()).toMatchObject({ name: "Lucky Shop", theme_color: "#6a1b9a" });
  });

  it("leaves the demo merchants where they were", async () => {
    expect(title((await getPage("demo.localhost", "/m/home")).body)).toBe("Home · Demo Play");
  });
});
