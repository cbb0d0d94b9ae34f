import { useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/translate";
import { currentToasts, dismissToast, serverToasts, subscribeToasts } from "~/shell/network/toasts";

/** The shell's one toast region: a polite status region, always in the page so screen readers announce what enters it. */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, serverToasts);
  return (
    <div className="mc-toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="mc-toast">
          <span className="mc-toast__body">
            <span>{t(toast.key, toast.values)}</span>
            {toast.link ? (
              <a className="mc-toast__link" href={toast.link.href}>
                {t(toast.link.key, toast.link.values)}
              </a>
            ) : null}
          </span>
          {toast.expiresAt === null ? (
            <button type="button" className="mc-toast__close" aria-label={t("close")} onClick={() => dismissToast(toast.id)}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
