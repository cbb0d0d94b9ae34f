import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { useRootData, useTrackedPath } from "~/shell/root-data";

/**
 * The brand heading of home. Visitors get the log-in and register actions; a member gets a short greeting with the
 * user name instead (docs/behaviour/home.md#visitor-and-member).
 */
export function HomeHero() {
  const { t } = useTranslation();
  const data = useRootData();
  const brand = data?.brand.name ?? "";
  const member = data?.member ?? null;
  const loginPath = useTrackedPath("/m/login");
  const registerPath = useTrackedPath("/m/register");
  return (
    <section className={member ? "hero hero--member" : "hero"} aria-labelledby="home-title">
      <div className="hero__art" aria-hidden="true">
        <span className="ball ball--1">7</span>
        <span className="ball ball--2">2</span>
        <span className="ball ball--3">9</span>
        <span className="ball ball--4">4</span>
      </div>
      <h1 id="home-title" className="hero__title">
        {t("welcome_title", { brand })}
      </h1>
      {member ? (
        <p className="hero__member">{t("home_greeting", { name: member.userName })}</p>
      ) : (
        <>
          <p className="hero__text">{t("welcome_text")}</p>
          <div className="hero__actions">
            <Link className="button button--primary button--block" to={loginPath}>
              {t("login")}
            </Link>
            <Link className="button button--secondary button--block" to={registerPath}>
              {t("register")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
