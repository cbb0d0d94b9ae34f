// The change-password page (docs/behaviour/identity.md#change-password): a forced change (default or expired password,
// a first login) or the member's own; works as a plain form post and with JavaScript alike.
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback } from "react";
import { Dialog } from "~/ui/Dialog";
import { CurrentPasswordField, NewPasswordField } from "~/identity/fields/PasswordField";
import type { TranslationKey } from "~/i18n/i18n-instance";
import { useTranslation } from "~/i18n/translate";
import { useMessageText } from "~/identity/fields/use-message-text";
import { useFocusFirstError, type FieldIds } from "~/identity/fields/use-focus-first-error";
import { useSubmitLock } from "~/identity/fields/use-submit-lock";
import { useDialogClose } from "~/ui/use-dialog-close";
import { NoticeDialog } from "~/ui/NoticeDialog";
import type { ChangePasswordField, UpdateReason } from "./change-password.server";
import { SubmitButton } from "~/identity/fields/SubmitButton";
import type { action, loader } from "~/routes/m.changePsw";

const REASON_TEXT: Record<UpdateReason, TranslationKey> = {
  default: "update_password_default",
  expired: "update_password_expired",
  "first-login": "update_password_first_login",
};

const FIELD_IDS: FieldIds<ChangePasswordField> = { oldPassword: "cp-old", newPassword: "cp-new", confirmPassword: "cp-confirm" };

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const text = useMessageText();
  const { reason } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const lock = useSubmitLock(navigation.state !== "idle");
  const busy = navigation.state === "submitting";
  const askOld = reason !== "default" || result?.askOldPassword === true;
  const errors = result?.fieldErrors ?? {};
  useFocusFirstError(FIELD_IDS, result?.fieldErrors);

  const goHome = useDialogClose(
    "cp-done-title",
    useCallback(() => navigate("/m/home", { replace: true }), [navigate]),
  );

  return (
    <section className="card" aria-labelledby="cp-title">
      <h1 id="cp-title" className="page-title">
        {t("change_password")}
      </h1>
      {result?.changed ? (
        <p className="update-reason update-reason--done" role="status">
          {t("password_changed")}
        </p>
      ) : (
        <Form
          method="post"
          noValidate
          className="change-password"
          key={result?.id ?? "first"}
          onSubmit={(event) => {
            if (!lock.acquire()) event.preventDefault();
          }}
        >
          {reason ? <p className="update-reason">{t(REASON_TEXT[reason])}</p> : null}
          {askOld ? (
            <>
              <input type="hidden" name="askOld" value="1" />
              <CurrentPasswordField
                id={FIELD_IDS.oldPassword}
                name="oldPassword"
                revealable={false}
                label={t("old_password")}
                error={text(errors.oldPassword)}
              />
            </>
          ) : null}
          <NewPasswordField
            id={FIELD_IDS.newPassword}
            name="newPassword"
            revealable={false}
            label={t("new_password")}
            hint={t("password_rule_hint")}
            error={text(errors.newPassword)}
          />
          <NewPasswordField
            id={FIELD_IDS.confirmPassword}
            name="confirmPassword"
            revealable={false}
            label={t("confirm_password")}
            error={text(errors.confirmPassword)}
          />
          <SubmitButton busy={busy}>{t("change_password")}</SubmitButton>
        </Form>
      )}
      {result?.changed ? (
        <Dialog titleId="cp-done-title" role="alertdialog" onClose={goHome}>
          <h2 id="cp-done-title" className="dialog__title">
            {t("notice")}
          </h2>
          <p className="dialog__body">{t("password_changed")}</p>
          <div className="dialog__actions">
            <Link to="/m/home" replace className="button button--primary" autoFocus>
              {t("confirm")}
            </Link>
          </div>
        </Dialog>
      ) : null}
      {result?.notice ? <NoticeDialog key={result.id} notice={{ message: text(result.notice) ?? "" }} /> : null}
    </section>
  );
}
