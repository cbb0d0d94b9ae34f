import { createCaptchaController, parseChallengeReply, type CaptchaDeps, type ChallengeResult, type GeetestInit } from "./engine";
import type { CaptchaController, CaptchaProduct, CaptchaSettings, CaptchaVersion } from "./types";

// The captcha chunk's entry (dynamically imported by <CaptchaField>): the engine wired to the real page.
// Scripts are plain same-origin <script src> elements: the page's CSP allows 'self' and forbids inline code.

type GeetestGlobals = { initGeetest?: unknown; initGeetest4?: unknown };

function injectScript(url: string): { done: Promise<"loaded" | "error">; cancel(): void } {
  const script = document.createElement("script");
  const done = new Promise<"loaded" | "error">((resolve) => {
    script.addEventListener("load", () => resolve("loaded"), { once: true });
    script.addEventListener("error", () => resolve("error"), { once: true });
  });
  script.src = url;
  script.async = true;
  script.dataset.captchaScript = "";
  document.head.appendChild(script);
  return { done, cancel: () => script.remove() };
}

function getInit(version: CaptchaVersion): GeetestInit | undefined {
  const globals = window as unknown as GeetestGlobals;
  const init = version === "v4" ? globals.initGeetest4 : globals.initGeetest;
  return typeof init === "function" ? (init as GeetestInit) : undefined;
}

async function fetchChallenge(product: CaptchaProduct): Promise<ChallengeResult> {
  try {
    const query = new URLSearchParams({ product, t: String(Date.now()) });
    const response = await fetch(`/m/captcha?${query}`, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      cache: "no-store",
    });
    return parseChallengeReply(await response.json());
  } catch {
    return parseChallengeReply(null);
  }
}

export const browserDeps: CaptchaDeps = { injectScript, getInit, fetchChallenge };

export function createBrowserCaptcha(settings: CaptchaSettings): CaptchaController {
  return createCaptchaController(settings, browserDeps);
}
