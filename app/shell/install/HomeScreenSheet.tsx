import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/translate";
import { iconPath } from "~/shell/install/assets";
import type { SheetVariant } from "~/shell/install/conditions";

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** iOS's share glyph (a box with an arrow up). */
function ShareIcon({ label }: { label: string }) {
  return (
    <svg className="a2hs-sheet__glyph" viewBox="0 0 24 24" width="22" height="22" role="img" aria-label={label}>
      <path
        d="M12 3v12M7.5 7.5 12 3l4.5 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/** iOS's "Add to Home Screen" glyph (a rounded square with a plus). */
function AddIcon() {
  return (
    <svg className="a2hs-sheet__glyph" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect x="4" y="4" width="16" height="16" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 8.5v7M8.5 12h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The add-to-home-screen footer sheet for iOS (docs/behaviour/install.md#home-screen-sheet): share instructions, legacy
 * tips below iOS 12.2, and the configuration-profile download when the merchant has one. Not a <dialog>: iOS Safari
 * before 15.4 has none, so it keeps focus inside itself and closes on Escape by hand.
 */
export function HomeScreenSheet({
  brand,
  variant,
  profileHref,
  onClose,
}: {
  brand: string;
  variant: SheetVariant;
  profileHref: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sheet = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const node = sheet.current;
    if (!node) return;
    const before = document.activeElement as HTMLElement | null;
    node.querySelector<HTMLElement>(".a2hs-sheet__close")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      before?.focus?.();
    };
  }, []);

  return (
    <div className="a2hs-backdrop" onClick={onClose}>
      <div
        ref={sheet}
        className="a2hs-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="a2hs-title"
        data-variant={variant}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="a2hs-sheet__head">
          <img className="a2hs-sheet__icon" src={iconPath(192)} alt="" width={48} height={48} />
          <h2 id="a2hs-title" className="a2hs-sheet__title">
            {t("a2hs_title", { brand })}
          </h2>
          <button type="button" className="a2hs-sheet__close" aria-label={t("close")} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {variant === "legacy" ? (
          <div className="a2hs-sheet__legacy">
            <p>{t("a2hs_legacy_intro")}</p>
            <ul>
              <li>{t("a2hs_legacy_restart")}</li>
              <li>{t("a2hs_legacy_links")}</li>
              <li>{t("a2hs_legacy_update")}</li>
            </ul>
          </div>
        ) : null}
        <ol className="a2hs-sheet__steps">
          <li>
            <ShareIcon label={t("a2hs_share_icon")} />
            <span>{t("a2hs_step_share")}</span>
          </li>
          <li>
            <AddIcon />
            <span>{t("a2hs_step_add")}</span>
          </li>
          <li>
            <span className="a2hs-sheet__glyph a2hs-sheet__glyph--text" aria-hidden="true">
              ✓
            </span>
            <span>{t("a2hs_step_confirm", { brand })}</span>
          </li>
        </ol>
        {profileHref ? (
          <div className="a2hs-sheet__profile">
            <p>{t("a2hs_profile_text", { brand })}</p>
            <a className="button button--secondary button--block" href={profileHref}>
              {t("a2hs_profile_button")}
            </a>
          </div>
        ) : null}
        <span className="a2hs-sheet__pointer" aria-hidden="true" />
      </div>
    </div>
  );
}
