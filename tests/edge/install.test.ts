// The home-screen app at the edge (docs/decisions/0017, 0018): manifest per merchant, generated PNG icons and splash
// images with caching, the head tags, and the robots rule.
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, PORT, getPage, hostFor, resetFaults, title } from "../support/http";
import { readPng } from "../support/png";

type BinaryReply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** GET with the raw bytes of the answer (the shared helper decodes bodies as UTF-8). */
function getBytes(hostName: string, path: string, headers: Record<string, string> = {}): Promise<BinaryReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: ADDRESS, port: PORT, path, headers: { Host: hostFor(hostName), Connection: "close", ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`Timed out: ${path}`)));
    req.on("error", reject);
    req.end();
  });
}

type Manifest = {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  orientation: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

async function manifestOf(hostName: string): Promise<Manifest> {
  const reply = await getPage(hostName, "/m/manifest.webmanifest");
  expect(reply.status).toBe(200);
  expect(reply.header("content-type")).toMatch(/^application\/manifest\+json/);
  return reply.json<Manifest>();
}

beforeAll(() => resetFaults());

describe("web app manifest", () => {
  it("is generated per merchant from its route config", async () => {
    const [demo, vn] = await Promise.all([manifestOf("demo.localhost"), manifestOf("vn.localhost")]);
    expect(demo).toMatchObject({
      id: "/m/home",
      name: "Demo Play",
      short_name: "Demo Play",
      start_url: "/m/home?homescreen=1",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      theme_color: "#1f6feb",
      background_color: "#0b1a33",
    });
    expect(vn).toMatchObject({ name: "VN88 Xổ Số", short_name: "VN88", theme_color: "#c62828", background_color: "#fff8e1" });
    expect(vn).not.toEqual(demo);
    const sizes = demo.icons.filter((i) => i.purpose === "any").map((i) => i.sizes);
    expect(sizes).toEqual(["72x72", "96x96", "128x128", "144x144", "152x152", "192x192", "384x384", "512x512"]);
  });

  it("is cacheable and answers 304 to its own ETag", async () => {
    const first = await getPage("demo.localhost", "/m/manifest.webmanifest");
    expect(first.header("cache-control")).toMatch(/^public, max-age=\d+/);
    const etag = first.header("etag")!;
    const again = await getPage("demo.localhost", "/m/manifest.webmanifest", { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });
});

describe("icons", () => {
  it("serves every manifest icon as a PNG of the stated size, with valid CRCs", async () => {
    const manifest = await manifestOf("demo.localhost");
    for (const icon of manifest.icons) {
      const reply = await getBytes("demo.localhost", icon.src);
      expect(reply.status, icon.src).toBe(200);
      expect(reply.headers["content-type"]).toBe("image/png");
      const png = readPng(reply.body);
      expect(`${png.width}x${png.height}`).toBe(icon.sizes);
      expect(png.chunks.every((c) => c.crcOk)).toBe(true);
    }
  });

  it("draws in each merchant's colour: demo and vn differ", async () => {
    const [demo, vn] = await Promise.all([getBytes("demo.localhost", "/m/icons/192.png"), getBytes("vn.localhost", "/m/icons/192.png")]);
    const pixel = (bytes: Buffer) => {
      const { rows } = readPng(bytes).pixels();
      return [...rows[96]!.subarray(10 * 4, 10 * 4 + 4)];
    };
    expect(pixel(demo.body)).toEqual([0x1f, 0x6f, 0xeb, 255]);
    expect(pixel(vn.body)).toEqual([0xc6, 0x28, 0x28, 255]);
    expect(demo.headers.etag).not.toBe(vn.headers.etag);
  });

  it("is cached for a day with an ETag, and answers 304 to it", async () => {
    const first = await getBytes("vn.localhost", "/m/icons/180.png");
    expect(first.headers["cache-control"]).toBe("public, max-age=86400");
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{8}"$/);
    const again = await getBytes("vn.localhost", "/m/icons/180.png", { "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it.each(["/m/icons/999.png", "/m/icons/maskable-72.png", "/m/icons/192.svg", "/m/splash/100x100.png"])(
    "%s is not found",
    async (path) => {
      expect((await getBytes("demo.localhost", path)).status).toBe(404);
    },
  );

  it("serves the iOS splash images: background colour, portrait, the listed size", async () => {
    const reply = await getBytes("vn.localhost", "/m/splash/1170x2532.png");
    expect(reply.status).toBe(200);
    const png = readPng(reply.body);
    expect([png.width, png.height]).toEqual([1170, 2532]);
    expect([...png.pixels().rows[0]!.subarray(0, 3)]).toEqual([0xff, 0xf8, 0xe1]);
  });
});

describe("head tags", () => {
  it("links the manifest, the iOS icon and ten launch images, with the merchant's short name", async () => {
    const page = await getPage("vn.localhost", "/m/home");
    expect(page.body).toContain('<link rel="manifest" href="/m/manifest.webmanifest"/>');
    expect(page.body).toContain('<link rel="apple-touch-icon" sizes="180x180" href="/m/icons/180.png"/>');
    expect(page.body).toContain('<meta name="apple-mobile-web-app-capable" content="yes"/>');
    expect(page.body).toContain('<meta name="apple-mobile-web-app-title" content="VN88"/>');
    expect(page.body).toContain('<meta name="apple-mobile-web-app-status-bar-style" content="default"/>');
    expect(page.body.match(/rel="apple-touch-startup-image"/g)).toHaveLength(10);
  });
});

describe("page titles, descriptions and robots", () => {
  const robots = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;
  const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? null;

  it("indexes /m/home on a localhost name, with the per-path title and description", async () => {
    const page = await getPage("demo.localhost", "/m/home");
    expect(title(page.body)).toBe("Home · Demo Play");
    expect(description(page.body)).toContain("Demo Play");
    expect(robots(page.body)).toBeNull();
  });

  it("gives noindex on a host that is neither www nor localhost", async () => {
    const page = await getPage("127.0.0.1", "/m/home");
    expect(page.status).toBe(200);
    expect(robots(page.body)).toBe("noindex");
  });

  it("gives noindex deeper than two slashes, and on pages configured so", async () => {
    expect(robots((await getPage("demo.localhost", "/m/no/such/page")).body)).toBe("noindex");
    const login = await getPage("demo.localhost", "/m/login");
    expect(title(login.body)).toBe("Log in · Demo Play");
    expect(robots(login.body)).toBe("noindex");
  });

  it("falls back to the /m/home title and description for a page without its own", async () => {
    const [home, other] = await Promise.all([getPage("vn.localhost", "/m/home"), getPage("vn.localhost", "/m/unknown")]);
    expect(title(other.body)).toBe(title(home.body));
    expect(description(other.body)).toBe(description(home.body));
  });
});
