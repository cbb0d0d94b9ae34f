import { forwardRef, useState } from "react";
import { useTranslation } from "~/i18n/translate";
import { CountryPicker } from "./CountryPicker";
import { TextField } from "./TextField";
import type { Country } from "../types";

type MobileFieldProps = {
  idPrefix: string;
  /** The picker's list, or null when the merchant shows no picker (the default code is posted as is). */
  countries: Country[] | null;
  defaultDialingCode: string;
  dialingCode?: string;
  mobileNum?: string;
  error?: string;
  hint?: string;
  autoFocus?: boolean;
};

/** Dialling code (picker or fixed) + national number; posts countryDialingCode and mobileNum. */
export const MobileField = forwardRef<HTMLInputElement, MobileFieldProps>(function MobileField(
  { idPrefix, countries, defaultDialingCode, dialingCode, mobileNum, error, hint, autoFocus },
  ref,
) {
  const { t } = useTranslation();
  const [code, setCode] = useState(dialingCode || defaultDialingCode);
  const before =
    countries && countries.length > 0 ? (
      <CountryPicker id={`${idPrefix}-country`} countries={countries} value={code} onChange={setCode} />
    ) : (
      <>
        <input type="hidden" name="countryDialingCode" value={code} />
        {code ? (
          <span className="field__prefix" aria-hidden="true">
            +{code}
          </span>
        ) : null}
      </>
    );
  return (
    <TextField
      ref={ref}
      id={`${idPrefix}-mobile`}
      name="mobileNum"
      label={t("mobile_number")}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={20}
      defaultValue={mobileNum}
      error={error}
      hint={hint}
      before={before}
      autoFocus={autoFocus}
    />
  );
});
