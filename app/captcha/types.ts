// Types shared by <CaptchaField> (first load of a form) and the captcha engine (its own chunk, loaded on demand).
// Type-only on purpose: nothing here may pull the engine into a page's first load.

export type CaptchaProduct = "login" | "register" | "sms";
export type CaptchaVersion = "v3" | "v4";
/** A slider shown in the form, or a plain click that opens the check (docs/behaviour/captcha.md#presentation). */
export type CaptchaPresentation = "slide" | "click";

/** The four form fields the platform reads (docs/behaviour/captcha.md#versions); "" when not used by this version. */
export type CaptchaValues = {
  geetestChallenge: string;
  geetestValidate: string;
  geetestSeccode: string;
  /** v4 only: JSON.stringify of {lot_number, captcha_output, pass_token, gen_time}. */
  geetestValidateV4: string;
};

export type CaptchaFailure =
  /** SMS captcha without Geetest v4 (docs/behaviour/captcha.md#sms-needs-v4): 'captcha service not working'. */
  | { kind: "not-working" }
  /** Every script server failed: 60204 timeout, 60205 load error, both 'Network failure'. */
  | { kind: "network"; code: 60204 | 60205 }
  /** The initialisation took longer than 10 s. */
  | { kind: "timeout" }
  /** No challenge: the platform's message, or 'not setup' / 'verify too fast' / a generic text. */
  | { kind: "challenge"; message: string | null; messageKey: "captcha_not_setup" | "captcha_too_fast" | "captcha_error" }
  /** The widget's own error: its user message and code. */
  | { kind: "provider"; message: string | null; code: string | null };

/** The human-verification widget's states (docs/behaviour/captcha.md#widget): loading, waiting, success, error. */
export type CaptchaState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "waiting" }
  | { status: "verifying" }
  | { status: "success"; values: CaptchaValues }
  | { status: "error"; failure: CaptchaFailure };

export type VerifyOutcome = "verified" | "closed" | "failed";

export type CaptchaSettings = {
  product: CaptchaProduct;
  /** The merchant's GEETEST_VERSION (the challenge's own shape wins if they disagree). */
  version: CaptchaVersion;
  /** gw.GEETEST_SCRIPT_SERVERS: same-origin paths; `${server}/gt.js` (v3) or `${server}/gt4.js` (v4). */
  servers: readonly string[];
  /** Merchant code, passed to the widget as config.merchant (it sends it as the Merchant header). */
  merchant: string | null;
  /** The app's language code (EN, VI, PT-BR…), mapped to Geetest's language names. */
  language: string;
  /** "slide": Geetest's float product, appended to `host()` once ready; "click": the bind product, opened by verify(). */
  presentation: CaptchaPresentation;
  /** Where the slider goes (presentation "slide"). */
  host?: () => HTMLElement | null;
};

export interface CaptchaController {
  getState(): CaptchaState;
  subscribe(listener: (state: CaptchaState) => void): () => void;
  /** Loads the script and the challenge until the widget is ready ("waiting"). Resolves false on error. */
  prepare(): Promise<boolean>;
  /** Opens the widget (preparing it first if needed). One verification at a time: a second call joins the first. */
  verify(): Promise<VerifyOutcome>;
  /** Drops the current widget and challenge and prepares a new one (after a failed submit, or the retry link). */
  reload(): Promise<boolean>;
  destroy(): void;
}
