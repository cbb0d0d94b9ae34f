import { useCallback, useMemo, useRef, type RefObject } from "react";
import type { CaptchaHandle } from "./CaptchaField";
import type { CaptchaValues } from "./types";

// The captcha's public API for pages (login, register, SMS send-code). Usage:
//
//   // loader: const captcha = captchaSetupFromSettings(settings, "register", merchant.captchaScriptServers)
//   const captcha = useCaptcha();
//   <Form method="post" onSubmit={async (e) => { e.preventDefault(); const form = e.currentTarget;
//       if (await captcha.ensureVerified()) submit(form); }}>
//     …
//     <CaptchaField ref={captcha.ref} product="register" {...data.captcha} resetKey={actionData} />
//   </Form>
//
// Without JavaScript the form posts with empty captcha fields; the platform answers geetest.required and the
// page shows that message (the field itself says the check needs JavaScript).

export { CaptchaField, type CaptchaFieldProps, type CaptchaHandle } from "./CaptchaField";
export type { CaptchaProduct, CaptchaValues, CaptchaVersion } from "./types";

export type UseCaptcha = {
  /** Pass to <CaptchaField ref={…}>. */
  ref: RefObject<CaptchaHandle>;
  /** Before posting: true when verified (opening the widget if needed) or when no captcha field is rendered. */
  ensureVerified(): Promise<boolean>;
  /** After a failed submit: clear the used result and load a new challenge. */
  reset(): void;
  /** The current result (for fetcher.submit with a plain object), or null. */
  values(): CaptchaValues | null;
  /**
   * Before posting a form that may hold two widgets (the page's and the SMS send-code one): drops every captcha field
   * from `fields`, verifies this widget (opening it if needed) and puts its result in. False when not verified.
   */
  attachResult(fields: FormData): Promise<boolean>;
};

const CAPTCHA_FIELDS = ["geetestChallenge", "geetestValidate", "geetestSeccode", "geetestValidateV4"] as const;

export function useCaptcha(): UseCaptcha {
  const ref = useRef<CaptchaHandle>(null);
  const ensureVerified = useCallback(() => ref.current?.ensureVerified() ?? Promise.resolve(true), []);
  const reset = useCallback(() => ref.current?.reset(), []);
  const values = useCallback(() => ref.current?.values() ?? null, []);
  const attachResult = useCallback(
    async (fields: FormData) => {
      for (const name of CAPTCHA_FIELDS) fields.delete(name);
      if (!(await ensureVerified())) return false;
      for (const [name, value] of Object.entries(values() ?? {})) fields.set(name, value);
      return true;
    },
    [ensureVerified, values],
  );
  return useMemo(() => ({ ref, ensureVerified, reset, values, attachResult }), [ensureVerified, reset, values, attachResult]);
}
