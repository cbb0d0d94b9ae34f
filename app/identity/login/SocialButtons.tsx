import { useTranslation } from "~/i18n/translate";

const PROVIDERS = ["Google", "Facebook"] as const;

/** Social sign-in (identity provider): shown when the merchant configured one; wired up in a later issue. */
export function SocialButtons() {
  const { t } = useTranslation();
  return (
    <section className="social" aria-labelledby="social-title">
      <h2 id="social-title" className="social__title">
        {t("social_login")}
      </h2>
      <div className="social__buttons">
        {PROVIDERS.map((provider) => (
          <button key={provider} type="button" className="button button--secondary social__button" data-provider={provider.toLowerCase()}>
            {provider}
          </button>
        ))}
      </div>
    </section>
  );
}
