import { describe, expect, it } from "vitest";
import { lowPriorityScripts, prioritiseScripts } from "~/.server/performance/script-priority";

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

describe("scripts at low priority", () => {
  it("marks module preloads and module scripts, nothing else", () => {
    const html = prioritiseScripts(PAGE);
    expect(html.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="n1" type="module" fetchpriority="low" async="">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    expect(html).toContain('<script nonce="n1">window.__remixContext');
  });

  it("reads the rendered page whole: a tag split between chunks is still found", async () => {
    const whole = prioritiseScripts(PAGE);
    const bytes = new TextEncoder().encode(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await lowPriorityScripts(streamOf([bytes.slice(0, cut), bytes.slice(cut)]))).toBe(whole);
    }
  });

  it("keeps multi-byte text split inside a character", async () => {
    const text = "<p>Đăng nhập 登录 لاگ ان</p>";
    const bytes = new TextEncoder().encode(text);
    expect(await lowPriorityScripts(streamOf([bytes.slice(0, 5), bytes.slice(5)]))).toBe(text);
  });
});
