import { useTranslation } from "~/i18n/translate";

type TrialOverProps = {
  /** The vendor's name as the vendor list gives it. */
  name: string;
  /** /m/login with the real launch as its redirectUrl. */
  loginHref: string;
  /** The same trial again. */
  tryAgainHref: string;
};

/**
 * Where a trial game's Back returns (docs/behaviour/game-launch.md#trial-over): the invitation to log in and play for
 * real, to register, or to try again. Plain links, so it works the same without JavaScript.
 */
export function TrialOver({ name, loginHref, tryAgainHref }: TrialOverProps) {
  const { t } = useTranslation();
  return (
    <section className="card card--centered launch" aria-labelledby="trial-over-title">
      <p className="launch__icon launch__icon--ok" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <rect x="3" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="8" cy="8" r="1.6" fill="currentColor" />
          <circle cx="12" cy="12" r="1.6" fill="currentColor" />
          <circle cx="16" cy="16" r="1.6" fill="currentColor" />
        </svg>
      </p>
      <h1 id="trial-over-title" className="launch__title">
        {t("game_trial_over_title")}
      </h1>
      <p className="launch__text">{t("game_trial_over_text", { name })}</p>
      <div className="launch__actions">
        <a className="button button--primary button--block" href={loginHref}>
          {t("game_trial_login")}
        </a>
        <a className="button button--secondary button--block" href="/m/register">
          {t("register")}
        </a>
        <a className="button button--secondary button--block" href={tryAgainHref}>
          {t("game_trial_again")}
        </a>
      </div>
    </section>
  );
}
