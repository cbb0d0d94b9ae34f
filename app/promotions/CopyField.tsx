import { useState } from "react";
import { useTranslation } from "~/i18n/translate";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * A value the player copies (docs/behaviour/promotions.md#invite-friends): selectable read-only text, and with
 * JavaScript a copy button that says when it worked.
 */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard permission: select the text so the player can copy it by hand.
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.select();
    }
  };
  return (
    <div className="promo-copy">
      <label htmlFor={id} className="promo-copy__label">
        {label}
      </label>
      <div className="promo-copy__row">
        <input
          id={id}
          className="promo-copy__value"
          type="text"
          readOnly
          value={value}
          dir="ltr"
          onFocus={(e) => e.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            className="button button--secondary promo-copy__button"
            onClick={() => void copy()}
            aria-describedby={`${id}-status`}
          >
            {t("promo_copy")}
          </button>
        ) : null}
      </div>
      <span id={`${id}-status`} className="promo-copy__status" role="status">
        {copied ? t("promo_copied") : ""}
      </span>
    </div>
  );
}
