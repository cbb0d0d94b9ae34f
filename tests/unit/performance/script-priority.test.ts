import { describe, expect, it } from "vitest";
import { afterFirstPaint, hydrateAfterFirstPaint } from "~/.server/performance/script-priority";

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"/></head><body><main>Hello</main>' +
  '<link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<script nonce="n1">window.__remixContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import "/assets/manifest.js";</script></body></html>';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe("hydration after the first paint", () => {
  it("makes the module preloads and the module script inert, and leaves the rest", () => {
    const html = hydrateAfterFirstPaint(PAGE, "n1");
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.match(/<link rel="modulepreload-after-paint" href="\/assets\/[a-z.]+\.js"\/>/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="n1" type="module-after-paint" async="">import "/assets/manifest.js";</script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    expect(html).toContain('<script nonce="n1">window.__remixContext = {};</script>');
  });

  it("puts the script that releases them last in the document, after the data streamed behind </html>, with the page's nonce", () => {
    const streamed = '<script nonce="n1">window.__remixContext.streamController.close();</script>';
    const html = hydrateAfterFirstPaint(PAGE + streamed, "n1");
    const release = html.lastIndexOf('<script nonce="n1">(function () {');
    expect(release).toBeGreaterThan(html.indexOf(streamed));
    expect(html.indexOf("</script>", release)).toBe(html.length - "</script>".length);
  });

  it("adds nothing to a page without a module script", () => {
    const page = "<html><body><main>Maintenance</main></body></html>";
    expect(hydrateAfterFirstPaint(page, "n1")).toBe(page);
  });

  it("reads the rendered page whole: a tag split between chunks is still found", async () => {
    const whole = hydrateAfterFirstPaint(PAGE, "n1");
    const bytes = new TextEncoder().encode(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await afterFirstPaint(streamOf([bytes.slice(0, cut), bytes.slice(cut)]), "n1")).toBe(whole);
    }
  });

  it("keeps multi-byte text split inside a character", async () => {
    const text = "<p>Đăng nhập 登录 لاگ ان</p>";
    const bytes = new TextEncoder().encode(text);
    expect(await afterFirstPaint(streamOf([bytes.slice(0, 5), bytes.slice(5)]), "n1")).toBe(text);
  });
});
