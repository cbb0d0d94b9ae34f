import { Form, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from "react";
import { Dialog } from "~/ui/Dialog";
import { useTranslation } from "~/i18n/translate";
import type { TranslationKey } from "~/i18n/i18n-instance";
import { DeviceFields } from "../fields/DeviceFields";
import type { CaptchaSetupData, TwoFactorState, TwoFactorValues } from "../login/types";
import type { Country, Message } from "../types";
import { useDialogClose } from "../../ui/use-dialog-close";
import { useFocusFirstError } from "../fields/use-focus-first-error";
import { useSubmitLock } from "../fields/use-submit-lock";
import { SubmitButton } from "../fields/SubmitButton";
import { submittedFields } from "../fields/submitted-fields";
import { fieldToFocus, validateTwoFactor, type TwoFactorField, type TwoFactorMethod } from "./methods";
import { TWO_FACTOR_FIELD_IDS, TwoFactorFields } from "./TwoFactorFields";

/** The post-login action runs 0.5 s after 'login_2fa_pass' (docs/behaviour/identity.md#two-factor-methods). */
export const TWO_FACTOR_SUCCESS_DELAY_MS = 500;

const TAB_LABELS: Record<TwoFactorMethod, TranslationKey> = {
  payeeName: "two_factor_tab_payee_name",
  sms: "two_factor_tab_sms",
  ga: "two_factor_tab_ga",
  email: "two_factor_tab_email",
};

type TwoFactorProps = {
  /** The action answer's id: a new one means new errors, values and focus from the server. */
  answerId: string;
  state: TwoFactorState;
  countries: Country[] | null;
  defaultDialingCode: string;
  captchaSms: CaptchaSetupData;
  /** A modal (JavaScript) or a section in the page (no JavaScript). */
  modal: boolean;
  onClose: () => void;
  onNotice: (notice: Message) => void;
};

type View = {
  active: TwoFactorMethod;
  values: TwoFactorValues;
  errors: Partial<Record<TwoFactorField, Message>>;
  focus: TwoFactorField | null;
  version: number;
};

function viewFrom(state: TwoFactorState, version: number): View {
  return { active: state.active, values: state.values, errors: state.errors, focus: state.focus, version };
}

/** The two-factor step (docs/behaviour/identity.md#two-factor-methods): a tab per required method, in a fixed order. */
export function TwoFactor({ answerId, state, countries, defaultDialingCode, captchaSms, modal, onClose, onNotice }: TwoFactorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const lock = useSubmitLock(navigation.state !== "idle");
  const [view, setView] = useState<View>(() => viewFrom(state, 0));
  const tabs = useRef<Partial<Record<TwoFactorMethod, HTMLButtonElement | null>>>({});
  const seen = useRef(answerId);
  const onDialogClose = useDialogClose("two-factor-title", onClose);

  // A new answer from the server: its tab, kept values (email, code and authenticator inputs are cleared) and focus.
  useEffect(() => {
    if (seen.current === answerId) return;
    seen.current = answerId;
    setView((v) => viewFrom(state, v.version + 1));
  }, [answerId, state]);

  // `focus` is set by an answer or a failed check (never by a tab switch): its first invalid input, else the input
  // to type into next (fieldToFocus, the rule the action applies too).
  useFocusFirstError(TWO_FACTOR_FIELD_IDS, view.focus ? view.errors : null, view.focus);

  // Verified: the message shows, and 0.5 s later the member moves on. The delay counts from the end of the action's
  // revalidation: a navigation started while it runs would cancel it, and the page would keep the visitor's header.
  const settled = navigation.state === "idle";
  useEffect(() => {
    if (!state.passed || !settled) return;
    const location = state.passed.location;
    const timer = setTimeout(() => {
      if (/^https?:\/\//i.test(location)) window.location.assign(location);
      else navigate(location, { replace: true });
    }, TWO_FACTOR_SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.passed, settled, navigate]);

  const switchTo = useCallback((method: TwoFactorMethod) => {
    // Switching tabs clears inputs.
    setView((v) => ({ active: method, values: {}, errors: {}, focus: null, version: v.version + 1 }));
  }, []);

  const onTabClick = useCallback(
    (event: MouseEvent<HTMLButtonElement>, method: TwoFactorMethod) => {
      event.preventDefault();
      if (method !== view.active) switchTo(method);
    },
    [switchTo, view.active],
  );

  const onTabKey = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      const rtl = document.documentElement.dir === "rtl";
      const step = (event.key === "ArrowRight") !== rtl ? 1 : -1;
      const index = state.methods.indexOf(view.active);
      const next = state.methods[(index + step + state.methods.length) % state.methods.length]!;
      switchTo(next);
      requestAnimationFrame(() => tabs.current[next]?.focus());
    },
    [state.methods, view.active, switchTo],
  );

  const onMobileErrors = useCallback(
    (errors: Partial<Record<"countryDialingCode" | "mobileNum", Message>>) =>
      setView((v) => {
        const { mobileNum: _dropped, ...rest } = v.errors;
        const message = errors.mobileNum ?? errors.countryDialingCode;
        return { ...v, errors: message ? { ...rest, mobileNum: message } : rest, focus: message ? "mobileNum" : null };
      }),
    [],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const fields = submittedFields(event);
      // Checked here first: an empty field gets error styling and focus without a round trip.
      const { errors } = validateTwoFactor(view.active, Object.fromEntries([...fields].map(([k, v]) => [k, String(v)])));
      if (Object.keys(errors).length > 0) {
        const messages = Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, { key }])) as View["errors"];
        setView((v) => ({ ...v, errors: messages, focus: fieldToFocus(v.active, errors) }));
        return;
      }
      if (!lock.acquire()) return;
      fields.set("intent", "verify");
      submit(fields, { method: "post" });
    },
    [view.active, lock, submit],
  );

  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const fieldsKey = `${view.active}-${view.version}`;

  const content = (
    <>
      <h2 id="two-factor-title" className="dialog__title">
        {t("two_factor_title")}
      </h2>
      {state.passed ? (
        <p className="two-factor__passed" role="status">
          {t("login_2fa_pass")}
        </p>
      ) : (
        <Form method="post" noValidate onSubmit={onSubmit} className="two-factor">
          <button type="submit" name="intent" value="verify" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
          <p className="dialog__body">{t("two_factor_intro")}</p>
          <input type="hidden" name="method" value={view.active} />
          <DeviceFields />
          {state.methods.length > 1 ? (
            <div className="two-factor__tabs" role="tablist" aria-label={t("two_factor_methods")} onKeyDown={onTabKey}>
              {state.methods.map((method) => (
                <button
                  key={method}
                  ref={(el) => {
                    tabs.current[method] = el;
                  }}
                  type="submit"
                  name="switchTo"
                  value={method}
                  formNoValidate
                  role="tab"
                  id={`tf-tab-${method}`}
                  aria-selected={view.active === method}
                  aria-controls="tf-panel"
                  tabIndex={view.active === method ? 0 : -1}
                  className="two-factor__tab"
                  onClick={(event) => onTabClick(event, method)}
                >
                  {t(TAB_LABELS[method])}
                </button>
              ))}
            </div>
          ) : null}
          <div
            id="tf-panel"
            role={state.methods.length > 1 ? "tabpanel" : undefined}
            aria-labelledby={state.methods.length > 1 ? `tf-tab-${view.active}` : undefined}
            className="two-factor__panel"
            key={fieldsKey}
          >
            <TwoFactorFields
              method={view.active}
              values={view.values}
              errors={view.errors}
              maskedMobile={state.maskedMobile}
              countries={countries}
              defaultDialingCode={defaultDialingCode}
              captchaSms={captchaSms}
              codeSent={view.version === 0 || view.active === state.active ? state.codeSent : null}
              onMobileErrors={onMobileErrors}
              onNotice={onNotice}
            />
          </div>
          <div className="dialog__actions">
            <SubmitButton busy={busy} name="intent" value="verify">
              {t("verify")}
            </SubmitButton>
            {modal ? (
              <button type="button" className="button button--secondary button--block" onClick={onClose}>
                {t("close")}
              </button>
            ) : null}
          </div>
        </Form>
      )}
    </>
  );

  if (modal) {
    return (
      <Dialog titleId="two-factor-title" onClose={onDialogClose}>
        {content}
      </Dialog>
    );
  }
  return (
    <section className="two-factor-page" aria-labelledby="two-factor-title">
      {content}
    </section>
  );
}
