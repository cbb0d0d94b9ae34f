import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { LANGUAGES, type LanguageCode } from "~/i18n/languages";

/** A plain form: works with JavaScript off (Apply), submits on change with it. */
export function LanguageSwitcher({ current }: { current: LanguageCode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  return (
    <Form method="post" action="/m/language" className="language-switcher" onChange={(event) => submit(event.currentTarget)}>
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
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
