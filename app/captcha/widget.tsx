import { useEffect, useId, useRef } from "react";
import { useTranslation, type Translate } from "~/i18n/translate";
import type { CaptchaFailure, CaptchaPresentation, CaptchaState } from "./types";

// The captcha chunk's visible part (imported on demand by <CaptchaField>, with the engine): the widget's states
// (loading, waiting, success, error with a retry link; docs/behaviour/captcha.md#widget) and the 'verify first' notice
// (docs/behaviour/captcha.md#verify-before-posting). Only ever rendered in the browser, after hydration.

export { createBrowserCaptcha } from "./browser";

/** The platform's message, 'not setup', 'verify too fast', 'Network failure' (60204/60205), or the widget's error. */
export function failureText(failure: CaptchaFailure, t: Translate): string {
  switch (failure.kind) {
    case "not-working":
      return t("captcha_not_working");
    case "network":
      return `${t("network_failure")} (${failure.code})`;
    case "timeout":
      return t("captcha_timeout");
    case "challenge":
      return failure.message ?? t(failure.messageKey);
    case "provider":
      return `${failure.message ?? t("unknown_error")}${failure.code ? ` (${failure.code})` : ""}`;
  }
}

export function CaptchaStatus({
  state,
  presentation,
  onVerify,
  onRetry,
}: {
  state: CaptchaState;
  presentation: CaptchaPresentation;
  onVerify: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  switch (state.status) {
    case "idle":
    case "loading":
      return (
        <p className="captcha__line" role="status">
          <span className="captcha__spinner" aria-hidden="true" />
          {t("captcha_loading")}
        </p>
      );
    case "waiting":
    case "verifying":
      // The slider itself (in the form, below) is what the person uses.
      if (presentation === "slide") return null;
      return (
        <button
          type="button"
          className="captcha__verify"
          onClick={onVerify}
          aria-busy={state.status === "verifying"}
          disabled={state.status === "verifying"}
        >
          <span className="captcha__box" aria-hidden="true" />
          {state.status === "verifying" ? t("captcha_verifying") : t("captcha_waiting")}
        </button>
      );
    case "success":
      return (
        <p className="captcha__line captcha__line--success" role="status">
          <span className="captcha__check" aria-hidden="true">
            ✓
          </span>
          {t("captcha_success")}
        </p>
      );
    case "error":
      return (
        <p className="captcha__line captcha__line--error" role="alert">
          <span>{failureText(state.failure, t)}</span>
          {state.failure.kind === "not-working" ? null : (
            <button type="button" className="captcha__retry" onClick={onRetry}>
              {t("captcha_retry")}
            </button>
          )}
        </p>
      );
  }
}

/**
 * The alert for a closed captcha: "Notice", 'verify first', Confirm. A native modal <dialog> (focus kept
 * inside, Escape closes); a plain button, not <form method="dialog">, because it sits inside the page's form.
 */
export function VerifyFirstNotice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.addEventListener("close", onClose);
    if (!dialog.open) dialog.showModal();
    return () => dialog.removeEventListener("close", onClose);
  }, [onClose]);
  return (
    <dialog ref={ref} className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
      <h2 id={titleId} className="dialog__title">
        {t("notice")}
      </h2>
      <p className="dialog__body">{t("verify_first")}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={() => ref.current?.close()}>
          {t("confirm")}
        </button>
      </div>
    </dialog>
  );
}
