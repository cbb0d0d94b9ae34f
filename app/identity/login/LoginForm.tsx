import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CaptchaField, useCaptcha } from "~/captcha";
import { useTranslation } from "~/i18n/translate";
import { useTrackedPath } from "~/shell/root-data";
import { PasswordField } from "../fields/PasswordField";
import { DeviceFields } from "../fields/DeviceFields";
import { MobileCodeFields } from "../fields/MobileCodeFieldsOnNeed";
import { TextField } from "../fields/TextField";
import type { LoginActionData, LoginField, LoginPageData, Message } from "./types";
import { useMessageText } from "../fields/use-message-text";
import { SubmitButton } from "../fields/SubmitButton";
import { useFocusFirstError, type FieldIds } from "../fields/use-focus-first-error";
import { useSubmitLock } from "../fields/use-submit-lock";
import { wireMobile } from "../phone";
import { useRootData } from "~/shell/root-data";

const FIELD_IDS: FieldIds<LoginField> = {
  username: "login-username",
  password: "login-password",
  countryDialingCode: "login-sms-country",
  mobileNum: "login-sms-mobile",
  verificationCode: "login-code",
};

type LoginFormProps = {
  page: LoginPageData;
  result: LoginActionData | undefined;
  panelId: string;
  onNotice: (notice: Message) => void;
  /** Logging in links this identity (its provider's name shown) to the account (docs/behaviour/firebase.md#new-identity). */
  linking?: string | null;
};

export function LoginForm({ page, result, panelId, onNotice, linking = null }: LoginFormProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const submit = useSubmit();
  const navigation = useNavigation();
  const loginCaptcha = useCaptcha();
  const busy =
    navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/m/login") === true;
  const lock = useSubmitLock(navigation.state !== "idle");
  const [mobileErrors, setMobileErrors] = useState<Partial<Record<LoginField, Message>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const firebase = useRootData()?.firebase ?? null;
  const firebaseSms = page.settings.smsByFirebase && firebase ? firebase : null;
  const sendByFirebase = useCallback(
    // Its code comes with the SMS fields' (which call this), not with the page's.
    (phone: string, recaptcha: HTMLElement) =>
      import("../firebase/firebase-sms").then(({ sendCodeByFirebase }) => sendCodeByFirebase(firebaseSms!, phone, recaptcha)),
    [firebaseSms],
  );

  const mode = result?.mode ?? page.mode;
  const values = result?.values;
  const errors: Partial<Record<LoginField, Message>> = { ...(result?.fieldErrors ?? {}), ...mobileErrors };

  // A new answer from the action: focus goes to its first invalid field, its errors replace the send-code ones, and
  // a used captcha result is dropped.
  useFocusFirstError(FIELD_IDS, result?.fieldErrors);
  useEffect(() => {
    setMobileErrors({});
    if (!result) return;
    if (result.notice || Object.keys(result.fieldErrors).length > 0) loginCaptcha.reset();
  }, [result, loginCaptcha]);

  const onMobileErrors = useCallback((next: Partial<Record<"countryDialingCode" | "mobileNum", Message>>) => setMobileErrors(next), []);

  /** The code typed, checked by Firebase: the ID token, or null with the error shown. */
  const firebaseIdToken = useCallback(
    async (fields: FormData): Promise<string | null> => {
      const phone = wireMobile(String(fields.get("countryDialingCode") ?? ""), String(fields.get("mobileNum") ?? ""));
      const code = String(fields.get("verificationCode") ?? "").trim();
      if (!code) {
        setMobileErrors({ verificationCode: { key: "error_code_required" } });
        return null;
      }
      // Already loaded: the SMS fields on screen use it.
      const { confirmCodeByFirebase, firebaseErrorShown } = await import("../firebase/firebase-sms");
      try {
        return await confirmCodeByFirebase(phone, code);
      } catch (error) {
        const shown = await firebaseErrorShown(error, t);
        if (shown?.field) setMobileErrors({ [shown.field]: { key: shown.key } });
        else if (shown) onNotice({ text: shown.text });
        return null;
      }
    },
    [onNotice, t],
  );

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!lock.acquire()) return;
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      const fields = new FormData(form, submitter);
      // SMS codes by Firebase: Firebase checks the code, and its ID token logs in (type firebase).
      if (firebaseSms && mode === "sms" && fields.get("intent") !== "send-code") {
        const idToken = await firebaseIdToken(fields);
        if (!idToken) {
          lock.release();
          return;
        }
        fields.set("intent", "firebase");
        fields.set("firebaseChannel", "phone");
        fields.set("firebaseIdToken", idToken);
        fields.delete("verificationCode");
        submit(fields, { method: "post" });
        return;
      }
      // Two captcha widgets may share this form (login and SMS): only the login result goes with the login.
      if (!(await loginCaptcha.attachResult(fields))) {
        lock.release();
        return;
      }
      submit(fields, { method: "post" });
    },
    [lock, loginCaptcha, submit, firebaseSms, mode, firebaseIdToken],
  );

  const remember = values?.remember ?? page.prefill.remember;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="login-form"
      id={panelId}
      role={page.settings.smsEnabled ? "tabpanel" : undefined}
      aria-labelledby={page.settings.smsEnabled ? `login-tab-${mode}` : undefined}
    >
      {/* The form's default button: Enter in any field logs in (not "Send code", which comes first in SMS mode). */}
      <button type="submit" name="intent" value="login" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="mode" value={mode} />
      {page.redirectUrl ? <input type="hidden" name="redirectUrl" value={page.redirectUrl} /> : null}
      {linking ? (
        <>
          <input type="hidden" name="linkIdentity" value="1" />
          <p className="login-form__linking" role="status">
            {t("identity_linking", { provider: linking })}
          </p>
        </>
      ) : null}
      <DeviceFields />

      {mode === "username" ? (
        <>
          <TextField
            id={FIELD_IDS.username}
            name="username"
            label={t("username")}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            defaultValue={values?.username ?? page.prefill.username}
            error={text(errors.username)}
          />
          <PasswordField
            id={FIELD_IDS.password}
            name="password"
            label={t("password")}
            autoComplete="current-password"
            maxLength={128}
            error={text(errors.password)}
          />
        </>
      ) : (
        <MobileCodeFields
          idPrefix="login-sms"
          codeFieldId={FIELD_IDS.verificationCode}
          countries={page.settings.countries}
          defaultDialingCode={page.settings.defaultDialingCode}
          values={{
            countryDialingCode: values?.countryDialingCode ?? page.prefill.countryDialingCode,
            mobileNum: values?.mobileNum ?? page.prefill.mobileNum,
            verificationCode: values?.verificationCode,
          }}
          mobileError={text(errors.mobileNum ?? errors.countryDialingCode)}
          codeError={text(errors.verificationCode)}
          captcha={page.captcha.sms}
          codeSent={result?.codeSent}
          onMobileErrors={onMobileErrors}
          onNotice={onNotice}
          sendByFirebase={firebaseSms ? sendByFirebase : undefined}
        />
      )}
      {firebaseSms && mode === "sms" ? (
        <noscript>
          <p className="login-form__note">{t("sms_needs_javascript")}</p>
        </noscript>
      ) : null}

      <label className="checkbox">
        <input type="checkbox" name="remember" defaultChecked={remember} />
        <span>{t("remember_me")}</span>
      </label>

      <CaptchaField ref={loginCaptcha.ref} product="login" {...page.captcha.login} />

      <SubmitButton busy={busy} name="intent" value="login">
        {t("login")}
      </SubmitButton>
      <p className="login-form__register">
        {t("no_account")} <Link to={useTrackedPath("/m/register")}>{t("register")}</Link>
      </p>
    </Form>
  );
}
