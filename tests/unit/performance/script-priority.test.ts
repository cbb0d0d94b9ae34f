import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "~/.server/performance/script-priority";

async function through(chunks: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(lowPriorityScripts(body)).text();
}

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"/></head><body><main>Hello</main>' +
  '<link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<script nonce="n1">window.__remixContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import "/assets/manifest.js";</script></body></html>';

describe("scripts at low priority", () => {
  it("marks module preloads and module scripts, nothing else", async () => {
    const html = await through([PAGE]);
    expect(html.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="n1" type="module" fetchpriority="low" async="">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    expect(html).toContain('<script nonce="n1">window.__remixContext');
  });

  it("finds a tag split between two chunks, at any point", async () => {
    const whole = await through([PAGE]);
    for (let cut = 1; cut < PAGE.length; cut += 7) {
      expect(await through([PAGE.slice(0, cut), PAGE.slice(cut)])).toBe(whole);
    }
  });

  it("keeps multi-byte text split inside a character", async () => {
    const text = "<p>Đăng nhập 登录 لاگ ان</p>";
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 5));
        controller.enqueue(bytes.slice(5));
        controller.close();
      },
    });
    expect(await new Response(lowPriorityScripts(body)).text()).toBe(text);
  });
});
