import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";
import { onFormIntent } from "~/ui/form-intent";
import type { CaptchaController, CaptchaPresentation, CaptchaProduct, CaptchaState, CaptchaValues, CaptchaVersion } from "./types";
import type * as WidgetChunk from "./widget";

// <CaptchaField>: the form's captcha (docs/behaviour/captcha.md). This file is in
// the page's first load, so it only holds the form fields, the no-JavaScript message and the handle; the engine
// (script servers, Geetest widget) and the visible states are the chunk ./widget, imported only when a form
// needs a captcha: the slider's right after hydration, the plain captcha's when the player starts on the form
// (docs/behaviour/captcha.md#widget).

export type CaptchaFieldProps = {
  product: CaptchaProduct;
  /** The merchant's flag for this form (settings captcha.login / sms / register). False renders nothing. */
  required: boolean;
  /** The merchant's gw.GEETEST_VERSION. */
  version: CaptchaVersion;
  /** Script servers, as captchaSetupFromSettings() gives them (same-origin paths or the merchant's own). */
  servers: readonly string[];
  /** A slider in the form, or the plain click (captchaSetupFromSettings; docs/behaviour/captcha.md#presentation). */
  presentation?: CaptchaPresentation;
  /** When this value changes the captcha is reset and reloaded, e.g. pass the action data after a failed submit. */
  resetKey?: unknown;
};

export type CaptchaHandle = {
  /** True when the form may be posted: verified now, or no captcha needed. Opens the widget if needed. */
  ensureVerified(): Promise<boolean>;
  /** Clears the result and loads a fresh challenge (a result is valid once). */
  reset(): void;
  /** The current result, or null. */
  values(): CaptchaValues | null;
};

type Widget = typeof WidgetChunk;

const FIELDS = ["geetestChallenge", "geetestValidate", "geetestSeccode", "geetestValidateV4"] as const;
const EMPTY: CaptchaValues = { geetestChallenge: "", geetestValidate: "", geetestSeccode: "", geetestValidateV4: "" };

export const CaptchaField = forwardRef(function CaptchaField(
  { product, required, version, servers, presentation = "click", resetKey }: CaptchaFieldProps,
  ref: Ref<CaptchaHandle>,
) {
  const { t, language } = useTranslation();
  const merchant = useRootData()?.merchantCode ?? null;
  const [state, setState] = useState<CaptchaState>({ status: "idle" });
  /** The player has started on the form (or posted it): the plain captcha's code may load. */
  const [intent, setIntent] = useState(false);
  const armed = presentation === "slide" || intent;
  const group = useRef<HTMLDivElement>(null);
  /** Set while a submit waits for the code to start loading. */
  const whenStarted = useRef<((pending: Promise<CaptchaController | null>) => void) | null>(null);
  const [widget, setWidget] = useState<Widget | null>(null);
  const [chunkFailed, setChunkFailed] = useState(false);
  const [notice, setNotice] = useState(false);
  /** Bumped to import the chunk again after it failed to load. */
  const [generation, setGeneration] = useState(0);
  const inputs = useRef<Partial<Record<(typeof FIELDS)[number], HTMLInputElement | null>>>({});
  const controller = useRef<Promise<CaptchaController | null> | null>(null);
  const labelId = useId();
  const sliderHost = useRef<HTMLDivElement>(null);
  const serverList = servers.join("\n");

  const write = useCallback((values: CaptchaValues) => {
    for (const name of FIELDS) {
      const input = inputs.current[name];
      if (input) input.value = values[name];
    }
  }, []);

  // The plain captcha is used only once the form is posted: its code waits for the player's first focus, tap or key in
  // the form. The slider is used in the form itself: its code loads at once.
  useEffect(() => {
    if (!required || armed) return;
    return onFormIntent(group.current?.closest("form"), () => setIntent(true));
  }, [required, armed]);

  // The chunk loads when a form needs a captcha; the widget is prepared right away (loading → waiting).
  useEffect(() => {
    if (!required || !armed) return;
    let live = true;
    let created: CaptchaController | null = null;
    setChunkFailed(false);
    controller.current = import("./widget")
      .then((chunk) => {
        if (!live) return null;
        created = chunk.createBrowserCaptcha({
          product,
          version,
          servers: serverList.split("\n").filter(Boolean),
          merchant,
          language,
          presentation,
          host: () => sliderHost.current,
        });
        created.subscribe((next) => {
          // Also written straight to the inputs, before anyone awaiting ensureVerified() resumes: a submit right
          // after sees the values without waiting for React to render.
          write(next.status === "success" ? next.values : EMPTY);
          setState(next);
        });
        setWidget(() => chunk);
        void created.prepare();
        return created;
      })
      .catch((error: unknown) => {
        console.error("[captcha] the captcha chunk did not load", error);
        if (live) setChunkFailed(true);
        return null;
      });
    whenStarted.current?.(controller.current);
    whenStarted.current = null;
    return () => {
      live = false;
      created?.destroy();
      controller.current = null;
      write(EMPTY);
      setState({ status: "idle" });
    };
  }, [required, armed, product, version, serverList, merchant, language, presentation, write, generation]);

  const ensureVerified = useCallback(async () => {
    if (!required) return true;
    // Posted before any focus, tap or key in the form (a submit from outside it): the code starts loading now.
    const pending =
      controller.current ??
      new Promise<Promise<CaptchaController | null>>((resolve) => {
        whenStarted.current = resolve;
        setIntent(true);
      });
    const captcha = await pending;
    if (!captcha) return false; // the chunk did not load: the field shows the error and a retry
    const outcome = await captcha.verify();
    if (outcome === "closed") setNotice(true);
    return outcome === "verified";
  }, [required]);

  const reset = useCallback(() => {
    write(EMPTY);
    const pending = controller.current;
    if (!pending) return;
    void pending.then((captcha) => {
      if (captcha) void captcha.reload();
      else setGeneration((g) => g + 1);
    });
  }, [write]);

  useImperativeHandle(
    ref,
    () => ({
      ensureVerified,
      reset,
      values: () => {
        if (!inputs.current.geetestChallenge?.value && !inputs.current.geetestValidateV4?.value) return null;
        return Object.fromEntries(FIELDS.map((name) => [name, inputs.current[name]?.value ?? ""])) as CaptchaValues;
      },
    }),
    [ensureVerified, reset],
  );

  // A new resetKey (not the first render) resets the captcha.
  const firstKey = useRef(resetKey);
  useEffect(() => {
    if (firstKey.current === resetKey) return;
    firstKey.current = resetKey;
    reset();
  }, [resetKey, reset]);

  const closeNotice = useCallback(() => setNotice(false), []);
  const verifyNow = useCallback(() => void ensureVerified(), [ensureVerified]);

  // A tap that begins on the button below while the code is on its way: the code can arrive before the finger lifts, and
  // the widget's own status then takes the button's place, so the tap's click never comes. The check opens all the
  // same once the code is there (docs/behaviour/captcha.md#widget); a touch that turns into a scroll does not count.
  const tapBeforeCode = useRef(false);
  useEffect(() => {
    if (!widget || !tapBeforeCode.current) return;
    tapBeforeCode.current = false;
    verifyNow();
  }, [widget, verifyNow]);

  if (!required) return null;
  // Controlled: on a hidden input the value is its attribute, so an uncontrolled one would be reset on re-render.
  const current = state.status === "success" ? state.values : EMPTY;
  return (
    <div ref={group} className={presentation === "slide" ? "captcha captcha--slide" : "captcha"} role="group" aria-labelledby={labelId}>
      <span id={labelId} className="visually-hidden">
        {t("captcha_label")}
      </span>
      {FIELDS.map((name) => (
        <input
          key={name}
          type="hidden"
          name={name}
          value={current[name]}
          ref={(el) => {
            inputs.current[name] = el;
          }}
        />
      ))}
      <noscript>
        {/* No empty status box without JavaScript (with it, the box is there from the first paint: no layout shift). */}
        <style>{".captcha__status{display:none}"}</style>
        <p className="captcha__line captcha__line--error">{t("captcha_needs_js")}</p>
      </noscript>
      <div className="captcha__status">
        {chunkFailed ? (
          <p className="captcha__line captcha__line--error" role="alert">
            <span>{t("network_failure")}</span>
            <button type="button" className="captcha__retry" onClick={() => setGeneration((g) => g + 1)}>
              {t("captcha_retry")}
            </button>
          </p>
        ) : widget ? (
          <widget.CaptchaStatus state={state} presentation={presentation} onVerify={verifyNow} onRetry={reset} />
        ) : presentation === "click" ? (
          // The plain captcha before its code has arrived: the button it will be, which loads the code and opens the
          // widget when it is ready.
          <button
            type="button"
            className="captcha__verify"
            onPointerDown={() => (tapBeforeCode.current = true)}
            onPointerCancel={() => (tapBeforeCode.current = false)}
            onClick={() => {
              tapBeforeCode.current = false;
              verifyNow();
            }}
          >
            <span className="captcha__box" aria-hidden="true" />
            {t("captcha_waiting")}
          </button>
        ) : null}
      </div>
      {/* The slider (Geetest's float product) is put here by the widget once it is ready. */}
      {presentation === "slide" ? <div ref={sliderHost} className="captcha__slider" hidden={state.status === "success"} /> : null}
      {notice && widget ? <widget.VerifyFirstNotice onClose={closeNotice} /> : null}
    </div>
  );
});
