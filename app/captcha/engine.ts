import type {
  CaptchaController,
  CaptchaFailure,
  CaptchaProduct,
  CaptchaSettings,
  CaptchaState,
  CaptchaValues,
  CaptchaVersion,
  VerifyOutcome,
} from "./types";

// The captcha loader's rules (docs/behaviour/captcha.md), with the browser injected (browser.ts) so unit
// tests drive it with fake scripts and fake timers:
// - the widget script comes from up to three servers, 3 s each, in order; then 'Network failure' (60204/60205);
// - one verification at a time; events from a stale attempt (reloaded, timed out, retried) are ignored;
// - the initialisation (challenge + init + ready) is retried once; the whole preparation times out after 10 s;
// - the user closing the widget gives 'closed' (the field shows 'verify_first');
// - an SMS captcha needs Geetest v4, else 'captcha service not working'.

export const SCRIPT_TIMEOUT_MS = 3_000;
export const CAPTCHA_TIMEOUT_MS = 10_000;
export const MAX_SCRIPT_SERVERS = 3;

/** What the widget object exposes (Geetest's public v3 and v4 browser interfaces). */
export interface GeetestObject {
  onReady(fn: () => void): unknown;
  onSuccess(fn: () => void): unknown;
  onError(fn: (error?: unknown) => void): unknown;
  onClose(fn: () => void): unknown;
  getValidate(): unknown;
  verify?: () => unknown;
  showCaptcha?: () => unknown;
  /** Puts the widget in the page (the float product: the slider). */
  appendTo?: (target: HTMLElement) => unknown;
  reset?: () => unknown;
  destroy?: () => unknown;
}
export type GeetestInit = (config: Record<string, unknown>, callback: (captcha: GeetestObject) => void) => unknown;

export type Challenge =
  { version: "v3"; gt: string; challenge: string; new_captcha: boolean; offline: boolean } | { version: "v4"; captchaId: string };

export type ChallengeResult = { ok: true; challenge: Challenge } | { ok: false; failure: Extract<CaptchaFailure, { kind: "challenge" }> };

export type ScriptResult = { ok: true; server: string | null } | { ok: false; code: 60204 | 60205 };

export interface CaptchaDeps {
  /** Adds a classic <script src=url>; `done` says whether it loaded; `cancel` removes it. */
  injectScript(url: string): { done: Promise<"loaded" | "error">; cancel(): void };
  /** window.initGeetest (v3) or window.initGeetest4 (v4), once a script defined it. */
  getInit(version: CaptchaVersion): GeetestInit | undefined;
  /** GET /m/captcha?product=: never rejects. */
  fetchChallenge(product: CaptchaProduct): Promise<ChallengeResult>;
}

const CHALLENGE_FAILURE_KEYS = ["captcha_not_setup", "captcha_too_fast", "captcha_error"] as const;
const TOKEN = /^[0-9a-zA-Z]{1,128}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The browser's check of /m/captcha's answer (its loader validated the platform's reply with zod). */
export function parseChallengeReply(json: unknown): ChallengeResult {
  const generic: ChallengeResult = { ok: false, failure: { kind: "challenge", message: null, messageKey: "captcha_error" } };
  if (!isRecord(json)) return generic;
  if (json.ok !== true) {
    const key = CHALLENGE_FAILURE_KEYS.find((k) => k === json.messageKey) ?? "captcha_error";
    const message = typeof json.message === "string" && json.message.trim() ? json.message.trim().slice(0, 500) : null;
    return { ok: false, failure: { kind: "challenge", message, messageKey: key } };
  }
  if (json.version === "v4" && typeof json.captchaId === "string" && TOKEN.test(json.captchaId)) {
    return { ok: true, challenge: { version: "v4", captchaId: json.captchaId } };
  }
  if (
    json.version === "v3" &&
    typeof json.gt === "string" &&
    TOKEN.test(json.gt) &&
    typeof json.challenge === "string" &&
    TOKEN.test(json.challenge)
  ) {
    return {
      ok: true,
      challenge: {
        version: "v3",
        gt: json.gt,
        challenge: json.challenge,
        new_captcha: json.new_captcha !== false,
        offline: json.offline === true,
      },
    };
  }
  return { ok: false, failure: { kind: "challenge", message: null, messageKey: "captcha_not_setup" } };
}

const V3_LANG: Record<string, string> = {
  CN: "zh-cn",
  TW: "zh-tw",
  HK: "zh-hk",
  EN: "en",
  JA: "ja",
  KO: "ko",
  ID: "id",
  ES: "es",
  TH: "th",
  VI: "vi",
  PT: "pt-pt",
  "PT-BR": "pt-pt",
  MS: "ms",
  TR: "tr",
};
const V4_LANG: Record<string, string> = {
  CN: "zho",
  TW: "zho-tw",
  HK: "zho-hk",
  EN: "eng",
  JA: "jpn",
  KO: "kor",
  ID: "ind",
  ES: "spa",
  TH: "tha",
  VI: "vie",
  PT: "por",
  "PT-BR": "por",
  MS: "msa",
  TR: "tur",
};

/** The captcha language map (docs/behaviour/captcha.md#widget); English otherwise. */
export function geetestLanguage(language: string, version: CaptchaVersion): string {
  const code = language.toUpperCase();
  return version === "v4" ? (V4_LANG[code] ?? "eng") : (V3_LANG[code] ?? "en");
}

/** Geetest's product for a presentation: "float" puts the slider in the page, "bind" opens the check on verify(). */
export function geetestProduct(presentation: CaptchaSettings["presentation"]): "float" | "bind" {
  return presentation === "slide" ? "float" : "bind";
}

export function scriptUrl(server: string, version: CaptchaVersion): string {
  return `${server.replace(/\/+$/, "")}/${version === "v4" ? "gt4.js" : "gt.js"}`;
}

function delay<T>(ms: number, value: T): { promise: Promise<T>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(value), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/** Tries the servers in order (at most three), 3 s each; the first that defines the init function wins. */
export async function loadWidgetScript(servers: readonly string[], version: CaptchaVersion, deps: CaptchaDeps): Promise<ScriptResult> {
  if (deps.getInit(version)) return { ok: true, server: null };
  let code: 60204 | 60205 = 60205;
  for (const server of servers.slice(0, MAX_SCRIPT_SERVERS)) {
    const script = deps.injectScript(scriptUrl(server, version));
    const timeout = delay(SCRIPT_TIMEOUT_MS, "timeout" as const);
    const outcome = await Promise.race([script.done, timeout.promise]);
    timeout.cancel();
    if (outcome === "loaded" && deps.getInit(version)) return { ok: true, server };
    script.cancel();
    code = outcome === "timeout" ? 60204 : 60205;
  }
  return { ok: false, code };
}

function text(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 300) : null;
}

/** The widget's error object: v3 {msg, error_code, user_error}, v4 {code, msg, desc:{detail}}. */
export function providerFailure(error: unknown): CaptchaFailure {
  if (!isRecord(error)) return { kind: "provider", message: null, code: null };
  const desc = isRecord(error.desc) ? error.desc : {};
  return {
    kind: "provider",
    message: text(error.user_error) ?? text(error.msg) ?? text(desc.detail),
    code: text(error.error_code) ?? text(error.code),
  };
}

/** getValidate() as the form's fields; null when the widget has no (well-formed) result. */
export function valuesFrom(version: CaptchaVersion, validate: unknown): CaptchaValues | null {
  if (!isRecord(validate)) return null;
  const field = (name: string) => (typeof validate[name] === "string" || typeof validate[name] === "number" ? String(validate[name]) : "");
  if (version === "v3") {
    const [challenge, valid, seccode] = [field("geetest_challenge"), field("geetest_validate"), field("geetest_seccode")];
    if (!challenge || !valid || !seccode) return null;
    return { geetestChallenge: challenge, geetestValidate: valid, geetestSeccode: seccode, geetestValidateV4: "" };
  }
  const v4 = {
    lot_number: field("lot_number"),
    captcha_output: field("captcha_output"),
    pass_token: field("pass_token"),
    gen_time: field("gen_time"),
  };
  if (!v4.lot_number || !v4.captcha_output || !v4.pass_token || !v4.gen_time) return null;
  return { geetestChallenge: "", geetestValidate: "", geetestSeccode: "", geetestValidateV4: JSON.stringify(v4) };
}

type InitResult = { ok: true } | { ok: false; retry: boolean; failure: CaptchaFailure } | { ok: "stale" };

type LiveWidget = { serial: number; version: CaptchaVersion; captcha: GeetestObject };

function quietly(action: (() => unknown) | undefined, self: GeetestObject): void {
  try {
    action?.call(self);
  } catch (error) {
    console.warn("[captcha] widget call failed", error);
  }
}

export function createCaptchaController(settings: CaptchaSettings, deps: CaptchaDeps): CaptchaController {
  // The merchant's servers only: with none configured the captcha reports a network failure (60205).
  const servers = settings.servers;
  let state: CaptchaState = { status: "idle" };
  const listeners = new Set<(state: CaptchaState) => void>();
  /** Id of the live preparation; anything started under an older id is stale. */
  let run = 0;
  /** Serial of the widget object whose events count; 0 = none. */
  let live = 0;
  let serials = 0;
  let widget: LiveWidget | null = null;
  /** A widget created but not ready yet (destroyed if its attempt goes stale). */
  let candidate: LiveWidget | null = null;
  let preparing: Promise<boolean> | null = null;
  let pending: { resolve: (outcome: VerifyOutcome) => void; promise: Promise<VerifyOutcome> } | null = null;
  const scripts = new Map<CaptchaVersion, Promise<ScriptResult>>();
  let destroyed = false;

  function setState(next: CaptchaState) {
    state = next;
    for (const listener of [...listeners]) listener(next);
  }

  function settleVerify(outcome: VerifyOutcome) {
    const current = pending;
    pending = null;
    current?.resolve(outcome);
  }

  function dropWidget() {
    live = 0;
    for (const w of [widget, candidate]) if (w) quietly(w.captcha.destroy, w.captcha);
    widget = null;
    candidate = null;
  }

  function fail(id: number, failure: CaptchaFailure): false {
    if (id !== run || destroyed) return false;
    run += 1; // whatever this attempt still has in flight is now stale
    dropWidget();
    setState({ status: "error", failure });
    settleVerify("failed");
    return false;
  }

  function ensureScript(version: CaptchaVersion): Promise<ScriptResult> {
    if (deps.getInit(version)) return Promise.resolve({ ok: true, server: null });
    let loading = scripts.get(version);
    if (!loading) {
      loading = loadWidgetScript(servers, version, deps);
      scripts.set(version, loading);
      void loading.then((result) => {
        if (!result.ok) scripts.delete(version);
      });
    }
    return loading;
  }

  // Widget events: only the live widget's count.
  function onWidgetSuccess(serial: number) {
    if (serial !== live || !widget) return;
    const values = valuesFrom(widget.version, widget.captcha.getValidate());
    if (!values) {
      fail(run, { kind: "provider", message: null, code: null });
      return;
    }
    setState({ status: "success", values });
    settleVerify("verified");
  }

  function onWidgetClose(serial: number) {
    if (serial !== live || state.status === "success") return;
    if (state.status === "verifying") setState({ status: "waiting" });
    settleVerify("closed");
  }

  function onWidgetError(serial: number, error: unknown) {
    if (serial !== live) return;
    fail(run, providerFailure(error));
  }

  function startWidget(id: number, challenge: Challenge, init: GeetestInit): Promise<InitResult> {
    const serial = ++serials;
    live = serial;
    return new Promise<InitResult>((resolve) => {
      let settled = false;
      const settle = (result: InitResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const initFailed = (error: unknown) => {
        if (candidate?.serial === serial) {
          quietly(candidate.captcha.destroy, candidate.captcha);
          candidate = null;
        }
        if (live === serial) live = 0;
        settle({ ok: false, retry: true, failure: providerFailure(error) });
      };
      const config: Record<string, unknown> =
        challenge.version === "v3"
          ? {
              gt: challenge.gt,
              challenge: challenge.challenge,
              offline: challenge.offline,
              new_captcha: challenge.new_captcha,
              product: geetestProduct(settings.presentation),
              lang: geetestLanguage(settings.language, "v3"),
              api_server: typeof location === "undefined" ? undefined : location.host,
              timeout: CAPTCHA_TIMEOUT_MS,
              merchant: settings.merchant,
            }
          : {
              captchaId: challenge.captchaId,
              product: geetestProduct(settings.presentation),
              language: geetestLanguage(settings.language, "v4"),
              timeout: CAPTCHA_TIMEOUT_MS,
              merchant: settings.merchant,
            };
      try {
        init(config, (captcha) => {
          if (serial !== live || id !== run || destroyed) {
            quietly(captcha.destroy, captcha);
            settle({ ok: "stale" });
            return;
          }
          candidate = { serial, version: challenge.version, captcha };
          captcha.onReady(() => {
            if (serial !== live || candidate?.serial !== serial) return;
            widget = candidate;
            candidate = null;
            const host = settings.presentation === "slide" ? settings.host?.() : null;
            if (host) quietly(() => captcha.appendTo?.(host), captcha);
            settle({ ok: true });
          });
          captcha.onError((error) => {
            if (serial !== live) return;
            if (!settled) initFailed(error);
            else onWidgetError(serial, error);
          });
          captcha.onSuccess(() => onWidgetSuccess(serial));
          captcha.onClose(() => onWidgetClose(serial));
        });
      } catch (error) {
        initFailed(error);
      }
    });
  }

  async function initOnce(id: number): Promise<InitResult> {
    let challenge: ChallengeResult;
    let script: ScriptResult;
    try {
      [script, challenge] = await Promise.all([ensureScript(settings.version), deps.fetchChallenge(settings.product)]);
    } catch {
      return { ok: false, retry: true, failure: { kind: "challenge", message: null, messageKey: "captcha_error" } };
    }
    if (id !== run || destroyed) return { ok: "stale" };
    if (!challenge.ok) return { ok: false, retry: true, failure: challenge.failure };
    const { version } = challenge.challenge;
    if (settings.product === "sms" && version !== "v4") return { ok: false, retry: false, failure: { kind: "not-working" } };
    if (version !== settings.version) script = await ensureScript(version);
    if (id !== run || destroyed) return { ok: "stale" };
    if (!script.ok) return { ok: false, retry: false, failure: { kind: "network", code: script.code } };
    const init = deps.getInit(version);
    if (!init) return { ok: false, retry: false, failure: { kind: "network", code: 60205 } };
    return startWidget(id, challenge.challenge, init);
  }

  async function initialise(id: number): Promise<InitResult> {
    const first = await initOnce(id);
    // The initialisation is retried once (a fresh challenge: a v3 challenge is single-use).
    if (first.ok === false && first.retry && id === run && !destroyed) return initOnce(id);
    return first;
  }

  async function runPreparation(id: number): Promise<boolean> {
    dropWidget();
    setState({ status: "loading" });
    if (settings.product === "sms" && settings.version !== "v4") return fail(id, { kind: "not-working" });
    const timeout = delay(CAPTCHA_TIMEOUT_MS, "timeout" as const);
    const outcome = await Promise.race([initialise(id), timeout.promise]);
    timeout.cancel();
    if (id !== run || destroyed) return false;
    if (outcome === "timeout") return fail(id, { kind: "timeout" });
    if (outcome.ok === "stale") return false;
    if (outcome.ok === false) return fail(id, outcome.failure);
    setState({ status: "waiting" });
    return true;
  }

  function prepare(): Promise<boolean> {
    if (destroyed) return Promise.resolve(false);
    if (state.status === "waiting" || state.status === "verifying" || state.status === "success") return Promise.resolve(true);
    if (preparing) return preparing;
    const id = ++run;
    const current = runPreparation(id).finally(() => {
      if (preparing === current) preparing = null;
    });
    preparing = current;
    return current;
  }

  function verify(): Promise<VerifyOutcome> {
    if (destroyed) return Promise.resolve("failed");
    if (state.status === "success") return Promise.resolve("verified");
    if (pending) return pending.promise;
    let resolve!: (outcome: VerifyOutcome) => void;
    const promise = new Promise<VerifyOutcome>((r) => {
      resolve = r;
    });
    const mine = { resolve, promise };
    pending = mine;
    void prepare().then((ready) => {
      if (pending !== mine) return;
      if (!ready || !widget || state.status !== "waiting") {
        settleVerify(state.status === "success" ? "verified" : "failed");
        return;
      }
      // The slider is in the form already: a submit before it was slid asks the person to slide it.
      if (settings.presentation === "slide") {
        settleVerify("closed");
        return;
      }
      setState({ status: "verifying" });
      const { captcha, version } = widget;
      try {
        if (version === "v4") captcha.showCaptcha?.();
        else captcha.verify?.();
      } catch (error) {
        fail(run, providerFailure(error));
      }
    });
    return promise;
  }

  function reload(): Promise<boolean> {
    if (destroyed) return Promise.resolve(false);
    run += 1;
    preparing = null;
    dropWidget();
    settleVerify("failed");
    setState({ status: "idle" });
    return prepare();
  }

  function destroy() {
    if (destroyed) return;
    destroyed = true;
    run += 1;
    dropWidget();
    settleVerify("failed");
    listeners.clear();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    prepare,
    verify,
    reload,
    destroy,
  };
}
