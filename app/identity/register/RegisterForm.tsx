import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CaptchaField, useCaptcha } from "~/captcha";
import type { TranslationKey } from "~/i18n/i18n-instance";
import { useTranslation } from "~/i18n/translate";
import { NewPasswordField } from "../fields/PasswordField";
import { DeviceFields } from "../fields/DeviceFields";
import { LoginOrRegisterLink } from "../fields/LoginOrRegisterLink";
import { MobileCodeFields } from "../fields/MobileCodeFieldsOnNeed";
import { OptionalCodeField } from "../fields/OptionalCodeField";
import { UsernameField } from "../fields/UsernameField";
import { useMessageText } from "../fields/use-message-text";
import { useFocusFirstError, type FieldIds } from "../fields/use-focus-first-error";
import { useSubmitLock } from "../fields/use-submit-lock";
import { submittedFields } from "../fields/submitted-fields";
import { postWithIdToken, useSendByFirebase } from "../firebase/use-firebase-sms";
import { validateRegistration, type RegisterField, type RegisterMode } from "./register-form";
import { SubmitButton } from "../fields/SubmitButton";
import type { Message } from "../types";
import type { RegisterFailure, RegisterPageData } from "./types";
import { wireMobile } from "../phone";

const FIELD_IDS: FieldIds<RegisterField> = {
  username: "register-username",
  countryDialingCode: "register-country",
  mobileNum: "register-mobile",
  verificationCode: "register-code",
  password: "register-password",
  referralCode: "register-referral",
  affiliateCode: "register-affiliate",
};

/** The optional codes (docs/behaviour/registration.md#referral-codes), prefilled by the page. */
const CODE_FIELDS = [
  ["referralCode", "referral_code"],
  ["affiliateCode", "affiliate_code"],
] as const satisfies readonly (readonly [RegisterField & keyof RegisterPageData, TranslationKey])[];

type Errors = Partial<Record<RegisterField, Message>>;

type RegisterFormProps = {
  page: RegisterPageData;
  mode: RegisterMode;
  /** The action's last failure (a success never renders the form again). */
  result: RegisterFailure | undefined;
  onNotice: (notice: Message) => void;
};

/**
 * The registration form (docs/behaviour/registration.md): a plain post without JavaScript; with it, rules checked first,
 * the submit lock (released 500 ms after the answer), and the captcha before the post.
 */
export function RegisterForm({ page, mode, result, onNotice }: RegisterFormProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const submit = useSubmit();
  const navigation = useNavigation();
  const captcha = useCaptcha();
  const lock = useSubmitLock(navigation.state !== "idle");
  const [localErrors, setLocalErrors] = useState<Errors>({});
  const password = useRef<HTMLInputElement>(null);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/m/register") === true;

  const values = result?.values;
  const errors: Errors = { ...(result?.fieldErrors ?? {}), ...localErrors };
  const passwordOptional = mode === "mobile" && page.passwordOptionalForMobile;
  // Mobile registration by identity provider: Firebase sends and checks the code; no password, no platform captcha.
  const sendByFirebase = useSendByFirebase(mode === "mobile" && page.smsByFirebase);

  // A new answer: focus goes to its first invalid field, its errors replace the local ones, and a used captcha
  // result is dropped for a fresh challenge (docs/behaviour/captcha.md#single-use-result).
  const focusFirstError = useFocusFirstError(FIELD_IDS, result?.fieldErrors);
  useEffect(() => {
    setLocalErrors({});
    if (!result) return;
    // The password is never kept after an answer, as without JavaScript (the form is not rendered again here).
    if (password.current) password.current.value = "";
    if (result.notice || Object.keys(result.fieldErrors).length > 0) captcha.reset();
  }, [result, captcha]);

  /** The mobile number and code, the code checked by Firebase: the post with its ID token, or null with the error shown. */
  const firebasePost = useCallback(
    async (fields: FormData): Promise<FormData | null> => {
      const mobileNum = String(fields.get("mobileNum") ?? "").trim();
      const code = String(fields.get("verificationCode") ?? "").trim();
      const missing: Errors = {};
      if (!mobileNum) missing.mobileNum = { key: "error_mobile_required" };
      if (!code) missing.verificationCode = { key: "error_code_required" };
      if (Object.keys(missing).length > 0) {
        setLocalErrors(missing);
        focusFirstError(missing);
        return null;
      }
      const phone = wireMobile(String(fields.get("countryDialingCode") ?? ""), mobileNum);
      return postWithIdToken(fields, "identity-register", phone, code, t, setLocalErrors, onNotice);
    },
    [focusFirstError, onNotice, t],
  );

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!lock.acquire()) return;
      const fields = submittedFields(event);
      if (sendByFirebase) {
        const post = await firebasePost(fields);
        if (!post) {
          lock.release();
          return;
        }
        post.delete("password");
        submit(post, { method: "post" });
        return;
      }
      const checked = validateRegistration(fields, {
        mobileAllowed: page.mobileAllowed,
        passwordRequiredForMobile: !page.passwordOptionalForMobile,
      });
      if (!checked.ok) {
        const next: Errors = Object.fromEntries(Object.entries(checked.fieldErrors).map(([field, key]) => [field, { key }]));
        setLocalErrors(next);
        focusFirstError(next);
        lock.release();
        return;
      }
      setLocalErrors({});
      // Two captcha widgets may share this form (register and SMS): only the register result goes with the post.
      if (!(await captcha.attachResult(fields))) {
        lock.release();
        return;
      }
      submit(fields, { method: "post" });
    },
    [lock, captcha, submit, focusFirstError, page.mobileAllowed, page.passwordOptionalForMobile, sendByFirebase, firebasePost],
  );

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="login-form register-form" id="register-form">
      {/* The form's default button: Enter in any field registers (not "Send code", which comes first in mobile mode). */}
      <button type="submit" name="intent" value="register" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="mode" value={mode} />
      <DeviceFields />

      {mode === "username" ? (
        <UsernameField
          id={FIELD_IDS.username}
          maxLength={16}
          defaultValue={values?.username ?? page.suggestedUsername}
          // The rule's error says the same as its hint: one of them at a time.
          hint={errors.username ? undefined : page.suggestedUsername && !values ? t("username_suggested") : t("username_rule_hint")}
          error={text(errors.username)}
        />
      ) : (
        <MobileCodeFields
          idPrefix="register"
          codeFieldId={FIELD_IDS.verificationCode}
          countries={page.countries.length > 0 ? page.countries : null}
          defaultDialingCode={page.defaultDialingCode}
          values={values}
          mobileError={text(errors.mobileNum ?? errors.countryDialingCode)}
          codeError={text(errors.verificationCode)}
          captcha={page.smsCaptcha}
          codeSent={result?.codeSent}
          onMobileErrors={setLocalErrors}
          onNotice={onNotice}
          sendByFirebase={sendByFirebase}
        />
      )}
      {mode === "mobile" && page.smsByFirebase ? (
        <noscript>
          <p className="login-form__note">{t("sms_needs_javascript_register")}</p>
        </noscript>
      ) : null}

      {sendByFirebase ? null : (
        <NewPasswordField
          ref={password}
          id={FIELD_IDS.password}
          hint={errors.password ? undefined : passwordOptional ? t("register_password_optional_hint") : t("password_rule_hint")}
          error={text(errors.password)}
        />
      )}

      <div className="register-form__codes">
        {CODE_FIELDS.map(([field, label]) => (
          <OptionalCodeField
            key={field}
            id={FIELD_IDS[field]}
            name={field}
            label={t(label)}
            defaultValue={values?.[field] ?? page[field]}
            error={text(errors[field])}
          />
        ))}
      </div>

      {sendByFirebase ? null : <CaptchaField ref={captcha.ref} product="register" {...page.captcha} />}

      <SubmitButton busy={busy} name="intent" value="register">
        {t("register")}
      </SubmitButton>
      <LoginOrRegisterLink question={t("have_account")} link={t("login")} to="/m/login" />
    </Form>
  );
}
