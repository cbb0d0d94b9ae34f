import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Dialog } from "~/ui/Dialog";
import { Flag } from "~/ui/Flag";
import { htmlLang } from "~/i18n/languages";
import { useTranslation } from "~/i18n/translate";
import type { Country } from "../types";
import { useDialogClose } from "../../ui/use-dialog-close";
import { useHydrated } from "../../ui/use-hydrated";

type CountryPickerProps = {
  /** The input's id: the mobile number's label can point at the picker's button. */
  id: string;
  name?: string;
  countries: Country[];
  value: string;
  onChange: (dialingCode: string) => void;
};

function useRegionNames(language: string) {
  return useMemo(() => {
    try {
      const names = new Intl.DisplayNames([language], { type: "region" });
      return (code: string) => names.of(code) ?? code;
    } catch {
      return (code: string) => code;
    }
  }, [language]);
}

/**
 * The dialling-code picker (docs/behaviour/identity.md#country-picker): a button with the flag and "+code" that opens a
 * slide-up list of flags and codes. Keyboard: Enter/Space opens, arrows move, Enter picks, Escape closes. Without
 * JavaScript: a plain <select>.
 */
export function CountryPicker({ id, name = "countryDialingCode", countries, value, onChange }: CountryPickerProps) {
  const { t, language } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const regionName = useRegionNames(htmlLang(language));
  const current = countries.find((c) => c.countryDialingCode === value) ?? countries[0];

  const close = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);

  const onDialogClose = useDialogClose(titleId, close);

  const pick = useCallback(
    (code: string) => {
      onChange(code);
      close();
    },
    [onChange, close],
  );

  // The chosen country gets focus when the list opens.
  useEffect(() => {
    if (!open) return;
    const selected = list.current?.querySelector<HTMLButtonElement>('[aria-current="true"]') ?? list.current?.querySelector("button");
    selected?.focus();
    selected?.scrollIntoView({ block: "center" });
  }, [open]);

  const onListKey = useCallback((event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next = -1;
    if (event.key === "ArrowDown") next = Math.min(buttons.length - 1, index + 1);
    else if (event.key === "ArrowUp") next = Math.max(0, index - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next >= 0) {
      event.preventDefault();
      buttons[next]?.focus();
    }
  }, []);

  if (!hydrated) {
    return (
      <select id={id} name={name} className="country-select" defaultValue={value} aria-label={t("country_code")}>
        {countries.map((c) => (
          <option key={`${c.countryCode}-${c.countryDialingCode}`} value={c.countryDialingCode}>
            {`+${c.countryDialingCode} ${c.countryCode}`}
          </option>
        ))}
      </select>
    );
  }

  return (
    <>
      <input type="hidden" name={name} value={current?.countryDialingCode ?? value} />
      <button
        ref={trigger}
        id={id}
        type="button"
        className="country-picker"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${t("country_code")}: ${current ? `${regionName(current.countryCode)} +${current.countryDialingCode}` : ""}`}
        onClick={() => setOpen(true)}
      >
        {current ? <Flag country={current.countryCode} className="country-picker__flag" /> : null}
        <span aria-hidden="true">+{current?.countryDialingCode ?? value}</span>
        <span aria-hidden="true" className="country-picker__caret">
          ▾
        </span>
      </button>
      {open ? (
        <Dialog titleId={titleId} onClose={onDialogClose}>
          <div className="sheet">
            <div className="sheet__head">
              <h2 id={titleId} className="dialog__title">
                {t("choose_country_code")}
              </h2>
              <button type="button" className="sheet__close" aria-label={t("close")} onClick={close}>
                ×
              </button>
            </div>
            <ul ref={list} className="sheet__list" onKeyDown={onListKey}>
              {countries.map((c) => {
                const selected = c.countryDialingCode === (current?.countryDialingCode ?? value);
                return (
                  <li key={`${c.countryCode}-${c.countryDialingCode}`}>
                    <button
                      type="button"
                      className="sheet__option"
                      aria-current={selected ? "true" : undefined}
                      onClick={() => pick(c.countryDialingCode)}
                    >
                      <Flag country={c.countryCode} className="sheet__flag" />
                      <span className="sheet__name">{regionName(c.countryCode)}</span>
                      <span className="sheet__code">+{c.countryDialingCode}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
