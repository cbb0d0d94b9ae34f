import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";

/** Home for visitors: brand, welcome, log in and register. Later issues add banners, lanes and promotions. */
export function VisitorHome() {
  const { t } = useTranslation();
  const data = useRootData();
  const brand = data?.brand.name ?? "";
  return (
    <section className="hero" aria-labelledby="home-title">
      <div className="hero__art" aria-hidden="true">
        <span className="ball ball--1">7</span>
        <span className="ball ball--2">2</span>
        <span className="ball ball--3">9</span>
        <span className="ball ball--4">4</span>
      </div>
      <h1 id="home-title" className="hero__title">
        {t("welcome_title", { brand })}
      </h1>
      <p className="hero__text">{t("welcome_text")}</p>
      {data?.member ? (
        <p className="hero__member">{data.member.userName}</p>
      ) : (
        <div className="hero__actions">
          <Link className="button button--primary button--block" to="/m/login">
            {t("login")}
          </Link>
          <Link className="button button--secondary button--block" to="/m/register">
            {t("register")}
          </Link>
        </div>
      )}
    </section>
  );
}
