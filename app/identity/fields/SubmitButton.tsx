import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translate";

/** After this long a submit that is still going says so, in a toast (docs/behaviour/identity.md#still-working). */
export const STILL_WORKING_AFTER_MS = 5_000;

const toasts = () => import("~/shell/network/toasts");

/**
 * The primary submit button of the identity forms: "please wait" while busy, and the loading toast once the platform
 * has been slow for 5 s, so a player on a slow network knows the tap was taken. The toast goes when the answer comes.
 * Its code loads only then: the toasts are the shell's, which loads once the page is idle.
 */
export function SubmitButton({ busy, name, value, children }: { busy: boolean; name?: string; value?: string; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!busy) return;
    let live = true;
    let shown: number | null = null;
    const timer = setTimeout(() => {
      void toasts().then(({ showToast }) => {
        if (live) shown = showToast({ key: "still_working", error: false, durationMs: null });
      });
    }, STILL_WORKING_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
      const id = shown;
      if (id !== null) void toasts().then(({ dismissToast }) => dismissToast(id));
    };
  }, [busy]);
  return (
    <button type="submit" name={name} value={value} className="button button--primary button--block" aria-busy={busy || undefined}>
      {busy ? t("in_please_wait") : children}
    </button>
  );
}
