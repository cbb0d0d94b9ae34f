import { useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Dialog } from "~/ui/Dialog";
import { NoticeDialog } from "~/ui/NoticeDialog";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";
import { useHydrated } from "../../ui/use-hydrated";
import { useMessageText } from "../fields/use-message-text";
import { RegisterForm } from "./RegisterForm";
import { RegisterTabs } from "./RegisterTabs";
import type { Message, RegisterSuccess } from "./types";
import type { action, loader } from "~/routes/m.register";

/** How long the success alert stays before the member is taken on (docs/behaviour/registration.md#register-success). */
export const REGISTER_SUCCESS_DELAY_MS = 1500;

/**
 * The success alert: "registration succeeded, logging in shortly", then on to home (or change password).
 * It moves on after the delay or on Confirm, but never before the session's page data has been reloaded (a
 * navigation would cancel that reload and leave the page showing a visitor).
 */
function SuccessDialog({ success }: { success: RegisterSuccess }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [ready, setReady] = useState(false);
  const gone = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), REGISTER_SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!ready || navigation.state !== "idle" || gone.current) return;
    gone.current = true;
    navigate(success.location, { replace: true });
  }, [ready, navigation.state, navigate, success.location]);

  const confirm = useCallback(() => setReady(true), []);

  return (
    <Dialog titleId="register-success-title" role="alertdialog" onClose={confirm}>
      <h2 id="register-success-title" className="dialog__title">
        {t("notice")}
      </h2>
      <p className="dialog__body register-success" role="status">
        {t(success.message)}
      </p>
      <form method="dialog" className="dialog__actions">
        <button type="submit" className="button button--primary" autoFocus>
          {t("confirm")}
        </button>
      </form>
    </Dialog>
  );
}

/** /m/register: username or mobile-number registration with referral and affiliate codes and the captcha. */
export function RegisterPage() {
  const { t } = useTranslation();
  const text = useMessageText();
  const root = useRootData();
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [notice, setNotice] = useState<{ id: string; message: Message } | null>(null);

  const failure = result && !result.ok ? result : undefined;
  const success = result?.ok ? result : undefined;

  // Each failed answer may carry a notice: the platform's message, or a translated one.
  useEffect(() => {
    if (failure) setNotice(failure.notice ? { id: failure.id, message: failure.notice } : null);
  }, [failure]);

  const showNotice = useCallback((message: Message) => setNotice({ id: crypto.randomUUID(), message }), []);

  // Before hydration (and with JavaScript off) the notice comes straight from the action's answer.
  const shownNotice = hydrated ? notice : failure?.notice ? { id: failure.id, message: failure.notice } : null;
  const mode = failure?.values.mode ?? page.mode;

  return (
    <div className="login register">
      <section className="card" aria-labelledby="register-title">
        <h1 id="register-title" className="login__title">
          {t("register_title", { brand: root?.brand.name ?? "" })}
        </h1>
        {page.mobileAllowed ? <RegisterTabs mode={mode} /> : null}
        <RegisterForm key={mode} page={page} mode={mode} result={failure} onNotice={showNotice} />
      </section>
      {shownNotice && !success ? <NoticeDialog key={shownNotice.id} notice={{ message: text(shownNotice.message) ?? "" }} /> : null}
      {success ? <SuccessDialog key={success.id} success={success} /> : null}
    </div>
  );
}
