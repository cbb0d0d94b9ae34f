import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { LANGUAGES, type LanguageCode } from "~/i18n/languages";
import { Flag } from "~/ui/Flag";

/**
 * A plain form: works with JavaScript off (Apply), submits on change with it. The flag of the language's country
 * (docs/behaviour/shell.md#language-flags) stands beside the list; the root loader says which.
 */
export function LanguageSwitcher({ current, flagCountry }: { current: LanguageCode; flagCountry?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  return (
    <Form method="post" action="/m/language" className="language-switcher" onChange={(event) => submit(event.currentTarget)}>
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {flagCountry ? <Flag country={flagCountry} className="language-switcher__flag" /> : null}
      <label htmlFor="language-select" className="visually-hidden">
        {t("language")}
      </label>
      <select id="language-select" name="language" defaultValue={current} key={current}>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.tag}>
            {language.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          {t("apply")}
        </button>
      </noscript>
    </Form>
  );
}
