import { useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Dialog } from "~/ui/Dialog";
import { NoticeDialog } from "~/ui/NoticeDialog";
import { useTranslation } from "~/i18n/translate";
import { IdentityCard } from "../IdentityCard";
import { useIdentityPage } from "../use-identity-page";
import { RegisterForm } from "./RegisterForm";
import { RegisterTabs } from "./RegisterTabs";
import type { RegisterSuccess } from "./types";
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
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  const success = result?.ok ? result : undefined;
  // Each failed answer may carry a notice: the platform's message, or a translated one.
  const { notice, showNotice } = useIdentityPage(failure?.id, failure?.notice);
  const mode = failure?.values.mode ?? page.mode;

  return (
    <div className="login register">
      <IdentityCard name="register" titleKey="register_title" className="card">
        {page.mobileAllowed ? <RegisterTabs mode={mode} /> : null}
        <RegisterForm key={mode} page={page} mode={mode} result={failure} onNotice={showNotice} />
      </IdentityCard>
      {notice && !success ? <NoticeDialog key={notice.id} notice={{ message: notice.text }} /> : null}
      {success ? <SuccessDialog key={success.id} success={success} /> : null}
    </div>
  );
}
