import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translate";

/** After this long a submit that is still going says so: the platform may take up to 30 s on a slow day. */
export const STILL_WORKING_AFTER_MS = 5_000;

/**
 * The primary submit button of the identity forms: "please wait" while busy, and a polite status line once the
 * platform has been slow for a while, so a player on a slow network knows the tap was taken.
 */
export function SubmitButton({ busy, name, value, children }: { busy: boolean; name?: string; value?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), STILL_WORKING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <>
      <button type="submit" name={name} value={value} className="button button--primary button--block" aria-busy={busy || undefined}>
        {busy ? t("in_please_wait") : children}
      </button>
      <p className="still-working" role="status">
        {slow ? t("still_working") : null}
      </p>
    </>
  );
}
