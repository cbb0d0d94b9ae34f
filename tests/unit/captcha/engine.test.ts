// The captcha loader's rules (docs/behaviour/captcha.md) with fake script injection, a fake Geetest widget
// and vitest's fake timers. No DOM: the engine gets its browser through CaptchaDeps.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CAPTCHA_TIMEOUT_MS,
  SCRIPT_TIMEOUT_MS,
  createCaptchaController,
  geetestLanguage,
  loadWidgetScript,
  parseChallengeReply,
  providerFailure,
  valuesFrom,
  type CaptchaDeps,
  type ChallengeResult,
  type GeetestInit,
  type GeetestObject,
} from "../../../app/captcha/engine";
import type { CaptchaSettings, CaptchaState, CaptchaVersion } from "../../../app/captcha/types";

/** A fake widget: the test decides when it is ready, solved, closed or broken. */
class FakeWidget implements GeetestObject {
  handlers = {
    ready: [] as (() => void)[],
    success: [] as (() => void)[],
    error: [] as ((e?: unknown) => void)[],
    close: [] as (() => void)[],
  };
  opened = 0;
  destroyed = false;
  validate: unknown = false;
  constructor(
    readonly version: CaptchaVersion,
    readonly config: Record<string, unknown>,
  ) {}
  onReady(fn: () => void) {
    this.handlers.ready.push(fn);
  }
  onSuccess(fn: () => void) {
    this.handlers.success.push(fn);
  }
  onError(fn: (e?: unknown) => void) {
    this.handlers.error.push(fn);
  }
  onClose(fn: () => void) {
    this.handlers.close.push(fn);
  }
  getValidate() {
    return this.validate;
  }
  verify() {
    this.opened += 1;
  }
  showCaptcha() {
    this.opened += 1;
  }
  reset() {
    this.validate = false;
  }
  destroy() {
    this.destroyed = true;
  }
  appendedTo: unknown[] = [];
  appendTo(target: HTMLElement) {
    this.appendedTo.push(target);
  }
  ready() {
    this.handlers.ready.forEach((fn) => fn());
  }
  fail(error: unknown) {
    this.handlers.error.forEach((fn) => fn(error));
  }
  close() {
    this.handlers.close.forEach((fn) => fn());
  }
  solve() {
    this.validate =
      this.version === "v3"
        ? { geetest_challenge: String(this.config.challenge), geetest_validate: "abc123", geetest_seccode: "abc123|jordan" }
        : { lot_number: "lot1", captcha_output: "out1", pass_token: "pass1", gen_time: "1700000000" };
    this.handlers.success.forEach((fn) => fn());
  }
}

type ServerBehaviour = "live" | "dead" | "broken";
type WidgetBehaviour = "ready" | "error" | "silent";

/** Servers are named by behaviour ("/live", "/dead", "/broken", also "/live2"…). */
function world(options: { widgets?: WidgetBehaviour[]; challenges?: ChallengeResult[]; challengeDelayMs?: number } = {}) {
  const injected: string[] = [];
  const cancelled: string[] = [];
  const globals: Partial<Record<CaptchaVersion, GeetestInit>> = {};
  const widgets: FakeWidget[] = [];
  const behaviours = [...(options.widgets ?? [])];
  let challengeCalls = 0;
  let serial = 0;

  const initFor =
    (version: CaptchaVersion): GeetestInit =>
    (config, callback) => {
      const widget = new FakeWidget(version, config);
      widgets.push(widget);
      const behaviour = behaviours.shift() ?? "ready";
      setTimeout(() => {
        callback(widget);
        setTimeout(() => {
          if (behaviour === "ready") widget.ready();
          if (behaviour === "error") widget.fail({ msg: "init broke", error_code: "60100", user_error: "Init broke" });
        }, 10);
      }, 10);
    };

  const deps: CaptchaDeps = {
    injectScript(url) {
      injected.push(url);
      const behaviour = url.split("/")[1]!.replace(/\d+$/, "") as ServerBehaviour;
      const version: CaptchaVersion = url.endsWith("gt4.js") ? "v4" : "v3";
      const done = new Promise<"loaded" | "error">((resolve) => {
        if (behaviour === "live")
          setTimeout(() => {
            globals[version] = initFor(version);
            resolve("loaded");
          }, 100);
        if (behaviour === "broken") setTimeout(() => resolve("error"), 50);
        // dead: never settles
      });
      return { done, cancel: () => cancelled.push(url) };
    },
    getInit: (version) => globals[version],
    async fetchChallenge() {
      challengeCalls += 1;
      if (options.challengeDelayMs) await new Promise((resolve) => setTimeout(resolve, options.challengeDelayMs));
      const queued = options.challenges?.[challengeCalls - 1];
      if (queued) return queued;
      serial += 1;
      return { ok: true, challenge: { version: "v3", gt: "gt1", challenge: `ch${serial}`, new_captcha: true, offline: false } };
    },
  };
  return {
    deps,
    injected,
    cancelled,
    widgets,
    get challengeCalls() {
      return challengeCalls;
    },
  };
}

function settings(overrides: Partial<CaptchaSettings> = {}): CaptchaSettings {
  return { product: "register", version: "v3", servers: ["/live"], merchant: "demo", language: "EN", presentation: "click", ...overrides };
}

const v4Challenge: ChallengeResult = { ok: true, challenge: { version: "v4", captchaId: "cid1" } };

function track(controller: { subscribe(fn: (s: CaptchaState) => void): unknown }) {
  const seen: CaptchaState["status"][] = [];
  controller.subscribe((s) => seen.push(s.status));
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("presentation (docs/behaviour/captcha.md#presentation)", () => {
  it("the plain captcha asks for the bind product and opens on verify", async () => {
    const w = world();
    const captcha = createCaptchaController(settings(), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(200);
    await expect(ready).resolves.toBe(true);
    expect(w.widgets[0]!.config.product).toBe("bind");
    const outcome = captcha.verify();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.widgets[0]!.opened).toBe(1);
    expect(w.widgets[0]!.appendedTo).toEqual([]);
    w.widgets[0]!.solve();
    await expect(outcome).resolves.toBe("verified");
  });

  it("the slider asks for the float product, is put in the host once ready, and a submit before sliding asks for it", async () => {
    const w = world();
    const host = { id: "slider-host" } as unknown as HTMLElement;
    const captcha = createCaptchaController(settings({ presentation: "slide", host: () => host }), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(200);
    await expect(ready).resolves.toBe(true);
    const widget = w.widgets[0]!;
    expect(widget.config.product).toBe("float");
    expect(widget.appendedTo).toEqual([host]);
    // Not slid yet: nothing opens, the form is told to ask for it.
    await expect(captcha.verify()).resolves.toBe("closed");
    expect(widget.opened).toBe(0);
    // Slid: the result is there and the next submit goes through.
    widget.solve();
    expect(captcha.getState().status).toBe("success");
    await expect(captcha.verify()).resolves.toBe("verified");
  });
});

describe("script loading", () => {
  it("falls back from a dead first server to the next after 3 s, in order", async () => {
    const w = world();
    const result = loadWidgetScript(["/dead", "/live", "/live2"], "v3", w.deps);
    await vi.advanceTimersByTimeAsync(SCRIPT_TIMEOUT_MS - 1);
    expect(w.injected).toEqual(["/dead/gt.js"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.injected).toEqual(["/dead/gt.js", "/live/gt.js"]);
    expect(w.cancelled).toEqual(["/dead/gt.js"]);
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toEqual({ ok: true, server: "/live" });
  });

  it("gives each server 3 s, tries at most three, then reports 60204 Network failure", async () => {
    const w = world();
    let done = false;
    const result = loadWidgetScript(["/dead", "/dead2", "/dead3", "/live"], "v4", w.deps).finally(() => (done = true));
    await vi.advanceTimersByTimeAsync(2 * SCRIPT_TIMEOUT_MS);
    expect(w.injected).toEqual(["/dead/gt4.js", "/dead2/gt4.js", "/dead3/gt4.js"]);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(SCRIPT_TIMEOUT_MS);
    await expect(result).resolves.toEqual({ ok: false, code: 60204 });
    expect(w.injected).not.toContain("/live/gt4.js");
  });

  it("moves on at once from a server whose script fails to load (60205 when it was the last)", async () => {
    const w = world();
    const first = loadWidgetScript(["/broken", "/live"], "v3", w.deps);
    await vi.advanceTimersByTimeAsync(150);
    await expect(first).resolves.toEqual({ ok: true, server: "/live" });

    const w2 = world();
    const second = loadWidgetScript(["/broken"], "v3", w2.deps);
    await vi.advanceTimersByTimeAsync(50);
    await expect(second).resolves.toEqual({ ok: false, code: 60205 });
  });

  it("does not load again once the init function exists", async () => {
    const w = world();
    const first = loadWidgetScript(["/live"], "v3", w.deps);
    await vi.advanceTimersByTimeAsync(100);
    await first;
    await expect(loadWidgetScript(["/live"], "v3", w.deps)).resolves.toEqual({ ok: true, server: null });
    expect(w.injected).toEqual(["/live/gt.js"]);
  });
});

describe("preparation", () => {
  it("goes loading → waiting with a dead first server in about 3 s, passing the v3 config", async () => {
    const w = world();
    const captcha = createCaptchaController(settings({ servers: ["/dead", "/live"] }), w.deps);
    const seen = track(captcha);
    const ready = captcha.prepare();
    expect(captcha.getState().status).toBe("loading");
    await vi.advanceTimersByTimeAsync(SCRIPT_TIMEOUT_MS + 100 + 20);
    await expect(ready).resolves.toBe(true);
    expect(seen).toEqual(["loading", "waiting"]);
    expect(w.widgets[0]!.config).toMatchObject({
      gt: "gt1",
      challenge: "ch1",
      offline: false,
      new_captcha: true,
      product: "bind",
      lang: "en",
      merchant: "demo",
    });
  });

  it("times out after 10 s and ignores the late widget", async () => {
    const w = world({ widgets: ["silent"] });
    const captcha = createCaptchaController(settings(), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(CAPTCHA_TIMEOUT_MS - 1);
    expect(captcha.getState().status).toBe("loading");
    await vi.advanceTimersByTimeAsync(1);
    await expect(ready).resolves.toBe(false);
    expect(captcha.getState()).toEqual({ status: "error", failure: { kind: "timeout" } });
    // The stale widget answers late: nothing changes, and it was destroyed.
    w.widgets[0]!.ready();
    expect(captcha.getState().status).toBe("error");
    expect(w.widgets[0]!.destroyed).toBe(true);
  });

  it("starts no widget for a challenge that arrives after the timeout", async () => {
    const w = world({ challengeDelayMs: CAPTCHA_TIMEOUT_MS + 1_000 });
    const captcha = createCaptchaController(settings(), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(CAPTCHA_TIMEOUT_MS);
    await expect(ready).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(w.widgets).toHaveLength(0);
    expect(captcha.getState()).toEqual({ status: "error", failure: { kind: "timeout" } });
  });

  it("reports Network failure 60204 after three dead servers (9 s, inside the 10 s)", async () => {
    const w = world();
    const captcha = createCaptchaController(settings({ servers: ["/dead", "/dead2", "/dead3"] }), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(3 * SCRIPT_TIMEOUT_MS);
    await expect(ready).resolves.toBe(false);
    expect(captcha.getState()).toEqual({ status: "error", failure: { kind: "network", code: 60204 } });
  });

  it("retries a failed initialisation once, with a fresh challenge", async () => {
    const w = world({ widgets: ["error", "ready"] });
    const captcha = createCaptchaController(settings(), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(200);
    await expect(ready).resolves.toBe(true);
    expect(w.challengeCalls).toBe(2);
    expect(w.widgets.map((x) => x.config.challenge)).toEqual(["ch1", "ch2"]);
    expect(w.widgets[0]!.destroyed).toBe(true);
    expect(captcha.getState().status).toBe("waiting");
  });

  it("retries only once: a second failure is the widget's error", async () => {
    const w = world({ widgets: ["error", "error", "ready"] });
    const captcha = createCaptchaController(settings(), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(500);
    await expect(ready).resolves.toBe(false);
    expect(w.challengeCalls).toBe(2);
    expect(captcha.getState()).toEqual({ status: "error", failure: { kind: "provider", message: "Init broke", code: "60100" } });
  });

  it("retries a failed challenge once, then shows its message", async () => {
    const failure: ChallengeResult = { ok: false, failure: { kind: "challenge", message: "Captcha down", messageKey: "captcha_error" } };
    const w = world({ challenges: [failure, failure] });
    const captcha = createCaptchaController(settings(), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(200);
    await expect(ready).resolves.toBe(false);
    expect(w.challengeCalls).toBe(2);
    expect(captcha.getState()).toEqual({ status: "error", failure: failure.failure });
  });

  it("prepares once when asked twice", async () => {
    const w = world();
    const captcha = createCaptchaController(settings(), w.deps);
    const a = captcha.prepare();
    const b = captcha.prepare();
    expect(a).toBe(b);
    await vi.advanceTimersByTimeAsync(200);
    expect(w.widgets).toHaveLength(1);
  });
});

describe("verification", () => {
  async function readyController(overrides: Partial<CaptchaSettings> = {}, options: Parameters<typeof world>[0] = {}) {
    const w = world(options);
    const captcha = createCaptchaController(settings(overrides), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(200);
    expect(await ready).toBe(true);
    return { w, captcha, widget: w.widgets[w.widgets.length - 1]! };
  }

  it("opens the widget, and on success gives the v3 fields", async () => {
    const { captcha, widget } = await readyController();
    const outcome = captcha.verify();
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.opened).toBe(1);
    expect(captcha.getState().status).toBe("verifying");
    widget.solve();
    await expect(outcome).resolves.toBe("verified");
    expect(captcha.getState()).toEqual({
      status: "success",
      values: { geetestChallenge: "ch1", geetestValidate: "abc123", geetestSeccode: "abc123|jordan", geetestValidateV4: "" },
    });
    // Verified already: no second popup.
    await expect(captcha.verify()).resolves.toBe("verified");
    expect(widget.opened).toBe(1);
  });

  it("runs one verification at a time", async () => {
    const { captcha, widget } = await readyController();
    const first = captcha.verify();
    const second = captcha.verify();
    expect(second).toBe(first);
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.opened).toBe(1);
    widget.solve();
    await expect(Promise.all([first, second])).resolves.toEqual(["verified", "verified"]);
  });

  it("gives 'closed' (verify_first) when the user closes the widget, and can open it again", async () => {
    const { captcha, widget } = await readyController();
    const outcome = captcha.verify();
    await vi.advanceTimersByTimeAsync(0);
    widget.close();
    await expect(outcome).resolves.toBe("closed");
    expect(captcha.getState().status).toBe("waiting");
    const again = captcha.verify();
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.opened).toBe(2);
    widget.solve();
    await expect(again).resolves.toBe("verified");
  });

  it("prepares on demand when verify() comes first", async () => {
    const w = world();
    const captcha = createCaptchaController(settings(), w.deps);
    const outcome = captcha.verify();
    await vi.advanceTimersByTimeAsync(200);
    expect(w.widgets[0]!.opened).toBe(1);
    w.widgets[0]!.solve();
    await expect(outcome).resolves.toBe("verified");
  });

  it("ignores a stale attempt: events from the widget replaced by reload()", async () => {
    const { w, captcha, widget: old } = await readyController();
    const outcome = captcha.verify();
    await vi.advanceTimersByTimeAsync(0);
    const reloaded = captcha.reload();
    await expect(outcome).resolves.toBe("failed");
    expect(old.destroyed).toBe(true);
    old.solve();
    old.close();
    expect(captcha.getState().status).toBe("loading");
    await vi.advanceTimersByTimeAsync(200);
    await expect(reloaded).resolves.toBe(true);
    expect(w.widgets).toHaveLength(2);
    expect(w.widgets[1]!.config.challenge).toBe("ch2");
    expect(captcha.getState().status).toBe("waiting");
    // The old widget again, now that a new one is live: still ignored.
    old.solve();
    old.fail({ msg: "late" });
    expect(captcha.getState().status).toBe("waiting");
  });

  it("ignores a preparation overtaken by reload()", async () => {
    const w = world();
    const captcha = createCaptchaController(settings(), w.deps);
    const first = captcha.prepare();
    await vi.advanceTimersByTimeAsync(105); // script loaded, first widget on its way
    const second = captcha.reload();
    await vi.advanceTimersByTimeAsync(200);
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(true);
    expect(w.widgets[0]!.destroyed).toBe(true);
    expect(w.widgets[1]!.destroyed).toBe(false);
  });

  it("turns a widget error during verification into the error state", async () => {
    const { captcha, widget } = await readyController();
    const outcome = captcha.verify();
    await vi.advanceTimersByTimeAsync(0);
    widget.fail({ code: "60500", msg: "Refused" });
    await expect(outcome).resolves.toBe("failed");
    expect(captcha.getState()).toEqual({ status: "error", failure: { kind: "provider", message: "Refused", code: "60500" } });
  });

  it("gives the v4 result as geetestValidateV4 JSON", async () => {
    const { captcha, widget } = await readyController({ version: "v4", product: "sms", language: "VI" }, { challenges: [v4Challenge] });
    expect(widget.config).toMatchObject({ captchaId: "cid1", language: "vie", product: "bind", merchant: "demo" });
    const outcome = captcha.verify();
    await vi.advanceTimersByTimeAsync(0);
    widget.solve();
    await expect(outcome).resolves.toBe("verified");
    const state = captcha.getState();
    expect(state.status === "success" && JSON.parse(state.values.geetestValidateV4)).toEqual({
      lot_number: "lot1",
      captcha_output: "out1",
      pass_token: "pass1",
      gen_time: "1700000000",
    });
  });

  it("after destroy() nothing happens", async () => {
    const { captcha, widget } = await readyController();
    const outcome = captcha.verify();
    await vi.advanceTimersByTimeAsync(0);
    captcha.destroy();
    await expect(outcome).resolves.toBe("failed");
    expect(widget.destroyed).toBe(true);
    await expect(captcha.verify()).resolves.toBe("failed");
  });
});

describe("SMS captcha needs Geetest v4", () => {
  it("refuses v3 at once, loading nothing", async () => {
    const w = world();
    const captcha = createCaptchaController(settings({ product: "sms", version: "v3" }), w.deps);
    await expect(captcha.verify()).resolves.toBe("failed");
    expect(captcha.getState()).toEqual({ status: "error", failure: { kind: "not-working" } });
    expect(w.injected).toEqual([]);
    expect(w.challengeCalls).toBe(0);
  });

  it("refuses a v3 challenge even when the settings said v4", async () => {
    const w = world();
    const captcha = createCaptchaController(settings({ product: "sms", version: "v4" }), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(200);
    await expect(ready).resolves.toBe(false);
    expect(captcha.getState()).toEqual({ status: "error", failure: { kind: "not-working" } });
  });

  it("v3 is fine for login and register", async () => {
    const w = world();
    const captcha = createCaptchaController(settings({ product: "login" }), w.deps);
    const ready = captcha.prepare();
    await vi.advanceTimersByTimeAsync(200);
    await expect(ready).resolves.toBe(true);
  });
});

describe("helpers", () => {
  it("parses /m/captcha answers", () => {
    expect(parseChallengeReply({ ok: true, version: "v3", gt: "a1", challenge: "b2", new_captcha: true, offline: false })).toEqual({
      ok: true,
      challenge: { version: "v3", gt: "a1", challenge: "b2", new_captcha: true, offline: false },
    });
    expect(parseChallengeReply({ ok: true, version: "v4", captchaId: "c3" })).toEqual({
      ok: true,
      challenge: { version: "v4", captchaId: "c3" },
    });
    expect(parseChallengeReply({ ok: true, version: "v3", gt: "<script>", challenge: "x" })).toMatchObject({
      ok: false,
      failure: { messageKey: "captcha_not_setup" },
    });
    expect(parseChallengeReply({ ok: false, message: "Busy", messageKey: "captcha_too_fast" })).toEqual({
      ok: false,
      failure: { kind: "challenge", message: "Busy", messageKey: "captcha_too_fast" },
    });
    expect(parseChallengeReply("<html>")).toMatchObject({ ok: false, failure: { messageKey: "captcha_error" } });
  });

  it("maps languages for both versions", () => {
    expect(geetestLanguage("CN", "v3")).toBe("zh-cn");
    expect(geetestLanguage("TW", "v4")).toBe("zho-tw");
    expect(geetestLanguage("PT-BR", "v3")).toBe("pt-pt");
    expect(geetestLanguage("UR", "v3")).toBe("en");
    expect(geetestLanguage("UR", "v4")).toBe("eng");
  });

  it("reads both widgets' error objects", () => {
    expect(providerFailure({ msg: "x", error_code: "error_21", user_error: "Network" })).toEqual({
      kind: "provider",
      message: "Network",
      code: "error_21",
    });
    expect(providerFailure({ code: 60001, msg: "Config", desc: { detail: "d" } })).toEqual({
      kind: "provider",
      message: "Config",
      code: "60001",
    });
    expect(providerFailure(undefined)).toEqual({ kind: "provider", message: null, code: null });
  });

  it("rejects incomplete results", () => {
    expect(valuesFrom("v3", false)).toBeNull();
    expect(valuesFrom("v3", { geetest_challenge: "a", geetest_validate: "", geetest_seccode: "c" })).toBeNull();
    expect(valuesFrom("v4", { lot_number: "a", captcha_output: "b", pass_token: "c" })).toBeNull();
  });
});
