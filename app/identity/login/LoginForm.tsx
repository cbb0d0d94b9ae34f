import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { CaptchaField, useCaptcha } from "~/captcha";
import { useTranslation } from "~/i18n/translate";
import { CurrentPasswordField } from "../fields/PasswordField";
import { DeviceFields } from "../fields/DeviceFields";
import { LoginOrRegisterLink } from "../fields/LoginOrRegisterLink";
import { MobileCodeFields } from "../fields/MobileCodeFieldsOnNeed";
import { UsernameField } from "../fields/UsernameField";
import { postWithIdToken, useSendByFirebase } from "../firebase/use-firebase-sms";
import type { Message } from "../types";
import type { LoginActionData, LoginField, LoginPageData } from "./types";
import { useMessageText } from "../fields/use-message-text";
import { SubmitButton } from "../fields/SubmitButton";
import { submittedFields } from "../fields/submitted-fields";
import { useFocusFirstError, type FieldIds } from "../fields/use-focus-first-error";
import { useSubmitLock } from "../fields/use-submit-lock";
import { wireMobile } from "../phone";

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
  const sendByFirebase = useSendByFirebase(page.settings.smsByFirebase);

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

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!lock.acquire()) return;
      const fields = submittedFields(event);
      // SMS codes by Firebase: Firebase checks the code, and its ID token logs in (type firebase).
      if (sendByFirebase && mode === "sms" && fields.get("intent") !== "send-code") {
        const code = String(fields.get("verificationCode") ?? "").trim();
        if (!code) setMobileErrors({ verificationCode: { key: "error_code_required" } });
        const phone = wireMobile(String(fields.get("countryDialingCode") ?? ""), String(fields.get("mobileNum") ?? ""));
        const post = code ? await postWithIdToken(fields, "firebase", phone, code, t, setMobileErrors, onNotice) : null;
        if (!post) {
          lock.release();
          return;
        }
        submit(post, { method: "post" });
        return;
      }
      // Two captcha widgets may share this form (login and SMS): only the login result goes with the login.
      if (!(await loginCaptcha.attachResult(fields))) {
        lock.release();
        return;
      }
      submit(fields, { method: "post" });
    },
    [lock, loginCaptcha, submit, sendByFirebase, mode, t, onNotice],
  );

  const remember = values?.remember ?? page.prefill.remember;
  return (
    <Form
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
          <UsernameField
            id={FIELD_IDS.username}
            maxLength={64}
            defaultValue={values?.username ?? page.prefill.username}
            error={text(errors.username)}
          />
          <CurrentPasswordField id={FIELD_IDS.password} error={text(errors.password)} />
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
          onMobileErrors={setMobileErrors}
          onNotice={onNotice}
          sendByFirebase={sendByFirebase}
        />
      )}
      {sendByFirebase && mode === "sms" ? (
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
      <LoginOrRegisterLink question={t("no_account")} link={t("register")} to="/m/register" />
    </Form>
  );
}
