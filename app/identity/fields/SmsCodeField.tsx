import { useFetcher } from "@remix-run/react";
import { forwardRef, useCallback, useEffect, useId, useRef, useState, type MouseEvent } from "react";
import { CaptchaField, useCaptcha } from "~/captcha";
import type { CaptchaVersion } from "~/captcha";
import { useTranslation } from "~/i18n/translate";
import { normalizeMobile, wireMobile } from "~/identity/phone";
import { TextField } from "./TextField";
import { firebaseErrorShown } from "~/identity/firebase/firebase-sms";
import type { SendCodeResult } from "../login/types";
import type { CodeSent, Message } from "../types";

/**
 * The countdown ticks every 500 ms; 60 s when the platform gives no expiration (docs/behaviour/identity.md#sms-codes).
 */
export const COUNTDOWN_TICK_MS = 500;
export const COUNTDOWN_FALLBACK_MS = 60_000;

/** The code's input: up to 12 characters (docs/behaviour/identity.md#login-fields), offered from the SMS where the system can. */
const CODE_INPUT = { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 12 } as const;

type SmsCaptcha = { required: boolean; version: CaptchaVersion; servers: readonly string[] };

type SmsCodeFieldProps = {
  id: string;
  label: string;
  error?: string;
  defaultValue?: string;
  /** The button's intent when it posts the page's own form (JavaScript off). */
  sendIntent: string;
  captcha: SmsCaptcha;
  /** A code sent by a no-JavaScript post: the countdown starts from here. */
  codeSent?: CodeSent | null;
  /** Errors about the mobile number (or none after a successful send). */
  onMobileErrors: (errors: Partial<Record<"countryDialingCode" | "mobileNum", Message>>) => void;
  onNotice: (notice: Message) => void;
  /**
   * SMS codes by Firebase (docs/behaviour/firebase.md#sms-by-firebase): sends the code to "+" dialling code and number,
   * with an invisible reCAPTCHA in the given element; throws Firebase's error. Absent: the platform sends the code.
   */
  sendByFirebase?: (phone: string, recaptcha: HTMLElement) => Promise<void>;
};

function secondsLeft(until: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The verification code input with its "Send code" button (docs/behaviour/identity.md#sms-codes). With JavaScript the
 * button posts to /m/sms-code (captcha first when the merchant's SMS captcha is on) and is replaced by a countdown
 * until the code expires. Without JavaScript it submits the surrounding form with intent=send-code, keeping what was
 * typed.
 */
export const SmsCodeField = forwardRef<HTMLInputElement, SmsCodeFieldProps>(function SmsCodeField(
  { id, label, error, defaultValue, sendIntent, captcha, codeSent, onMobileErrors, onNotice, sendByFirebase },
  ref,
) {
  const { t } = useTranslation();
  const recaptcha = useRef<HTMLDivElement>(null);
  const [firebaseSending, setFirebaseSending] = useState(false);
  const fetcher = useFetcher<SendCodeResult>({ key: `sms-code-${id}` });
  const smsCaptcha = useCaptcha();
  const button = useRef<HTMLButtonElement>(null);
  const statusId = useId();
  const [until, setUntil] = useState<number | null>(() => (codeSent ? Date.now() + codeSent.expiresInMs : null));
  const [now, setNow] = useState(() => Date.now());
  const [announce, setAnnounce] = useState(false);
  const handled = useRef<string | null>(null);

  const counting = until !== null && secondsLeft(until, now) > 0;

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsLeft(until, current) === 0) {
        clearInterval(timer);
        setUntil(null);
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [until]);

  // The resource route's answer.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result.id) return;
    handled.current = result.id;
    smsCaptcha.reset();
    if (result.ok) {
      onMobileErrors({});
      const expires = result.expiresInMs > 0 ? result.expiresInMs : COUNTDOWN_FALLBACK_MS;
      setNow(Date.now());
      setUntil(Date.now() + expires);
      setAnnounce(true);
    } else {
      onMobileErrors(result.fieldErrors);
      if (result.notice) onNotice(result.notice);
    }
  }, [fetcher.state, fetcher.data, onMobileErrors, onNotice, smsCaptcha]);

  const send = useCallback(
    async (event: MouseEvent<HTMLButtonElement>) => {
      event.preventDefault();
      if (fetcher.state !== "idle" || counting) return;
      const form = button.current?.form;
      if (!form) return;
      const fields = new FormData(form);
      const countryDialingCode = String(fields.get("countryDialingCode") ?? "");
      const mobileNum = normalizeMobile(String(fields.get("mobileNum") ?? ""));
      if (!mobileNum) {
        onMobileErrors({ mobileNum: { key: "error_mobile_required" } });
        form.querySelector<HTMLInputElement>('input[name="mobileNum"]')?.focus();
        return;
      }
      if (sendByFirebase) {
        if (firebaseSending || !recaptcha.current) return;
        setFirebaseSending(true);
        try {
          await sendByFirebase(wireMobile(countryDialingCode, mobileNum), recaptcha.current);
          onMobileErrors({});
          // Firebase gives no expiry: the countdown's fallback.
          setNow(Date.now());
          setUntil(Date.now() + COUNTDOWN_FALLBACK_MS);
          setAnnounce(true);
        } catch (error) {
          const shown = await firebaseErrorShown(error, t);
          if (shown?.field === "mobileNum") onMobileErrors({ mobileNum: { key: shown.key } });
          else if (shown) onNotice({ text: shown.text });
        } finally {
          setFirebaseSending(false);
        }
        return;
      }
      if (!(await smsCaptcha.ensureVerified())) return;
      fetcher.submit({ countryDialingCode, mobileNum, ...(smsCaptcha.values() ?? {}) }, { method: "post", action: "/m/sms-code" });
    },
    [fetcher, counting, onMobileErrors, onNotice, smsCaptcha, sendByFirebase, firebaseSending, t],
  );

  const sending = fetcher.state !== "idle" || firebaseSending;
  const addon = counting ? (
    <span className="sms-code__countdown" role="timer" aria-live="off">
      {t("resend_in_seconds", { seconds: secondsLeft(until!, now) })}
    </span>
  ) : (
    <button
      ref={button}
      type="submit"
      name="intent"
      value={sendIntent}
      formNoValidate
      className="button button--secondary sms-code__send"
      onClick={send}
      disabled={sending}
      aria-busy={sending || undefined}
    >
      {t("send_code")}
    </button>
  );

  return (
    <>
      <TextField
        ref={ref}
        id={id}
        name="verificationCode"
        label={label}
        {...CODE_INPUT}
        defaultValue={defaultValue}
        error={error}
        addon={addon}
        className="sms-code"
      />
      <p id={statusId} className="visually-hidden" role="status">
        {announce || codeSent ? t("code_sent") : ""}
      </p>
      {/* The SMS captcha opens from "Send code"; its own box shows only problems (the login captcha has the main one). */}
      {sendByFirebase ? (
        // Firebase's invisible reCAPTCHA (a badge only when it must ask).
        <div ref={recaptcha} className="sms-code__recaptcha" />
      ) : (
        <div className="sms-code__captcha">
          <CaptchaField ref={smsCaptcha.ref} product="sms" {...captcha} />
        </div>
      )}
    </>
  );
});
