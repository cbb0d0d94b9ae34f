// The promotions' views (docs/behaviour/promotions.md): the list, one promotion's detail and the notices that stand in
// for a list the platform could not give (the protected pages are PromotionPage.tsx). Texts from the platform
// are plain text here (the edge turned their HTML into paragraphs): never rendered as HTML.
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import type { PromotionView } from "./promotions.server";

function GiftIcon() {
  return (
    <svg className="promo-card__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M20 7h-2.2A3 3 0 0 0 12 4.2 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1h1v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7h1a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-1a1 1 0 1 1 0 2h-2V7a1 1 0 0 1 2-1ZM9 6a1 1 0 0 1 1 1v1H8a1 1 0 0 1 1-2Zm-4 3h6v1H5Zm2 3h4v7H7Zm10 7h-4v-7h4Zm2-9h-6V9h6Z"
      />
    </svg>
  );
}

/** A notice in the page (the platform failed, nothing to show, the rewards centre is off). */
export function PromotionNotice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "warning" }) {
  return (
    <p className={`promo-notice promo-notice--${tone}`} role={tone === "warning" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** The promotion's period and, where it has one, its largest bonus. */
export function PromotionFacts({ promotion }: { promotion: Parameters<typeof Period>[0]["promotion"] & { maxBonus?: string | null } }) {
  const { t } = useTranslation();
  return (
    <dl className="promo-detail__facts">
      <Period promotion={promotion} />
      {promotion.maxBonus ? (
        <>
          <dt>{t("promo_max_bonus")}</dt>
          <dd>
            <bdi>{promotion.maxBonus}</bdi>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function Period({ promotion }: { promotion: PromotionView }) {
  const { t } = useTranslation();
  const { start, end, startIso, endIso } = promotion.period;
  if (!start) return null;
  const startTime = <time dateTime={startIso ?? undefined}>{start}</time>;
  return (
    <>
      <dt>{t("promo_period")}</dt>
      <dd>
        {end ? (
          <>
            {startTime} – <time dateTime={endIso ?? undefined}>{end}</time>
          </>
        ) : (
          t("promo_period_open", { start })
        )}
      </dd>
    </>
  );
}

export function PromotionCard({ promotion, headingLevel = 2 }: { promotion: PromotionView; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="promo-card">
      <GiftIcon />
      <div className="promo-card__body">
        <Heading className="promo-card__title">
          <Link to={promotion.href} className="promo-card__link" dir="auto">
            {promotion.title}
          </Link>
        </Heading>
        {promotion.summary ? (
          <p className="promo-card__summary" dir="auto">
            {promotion.summary}
          </p>
        ) : null}
        {promotion.maxBonus ? (
          <p className="promo-card__bonus">
            {t("promo_max_bonus")}: <bdi>{promotion.maxBonus}</bdi>
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function PromotionList({ promotions, headingLevel = 2 }: { promotions: PromotionView[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="promo-list">
      {promotions.map((promotion) => (
        <PromotionCard key={promotion.id} promotion={promotion} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

/** One promotion: title, period, maximum bonus, text, and the go-to-promotion button when the rules allow it. */
export function PromotionDetail({
  promotion,
  loginHref,
  headingLevel = 1,
}: {
  promotion: PromotionView;
  /** For visitors: log in and come back to this promotion. */
  loginHref: string | null;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const titleId = `promo-${promotion.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return (
    <article className="card promo-detail" aria-labelledby={titleId}>
      <Heading id={titleId} className="promo-detail__title" dir="auto">
        {promotion.title}
      </Heading>
      <PromotionFacts promotion={promotion} />
      <div className="promo-detail__text">
        {promotion.paragraphs.map((paragraph, i) => (
          <p key={i} dir="auto">
            {paragraph}
          </p>
        ))}
      </div>
      {promotion.goTo ? (
        <Link to={promotion.goTo} className="button button--primary button--block promo-detail__go">
          {t("promo_go")}
        </Link>
      ) : loginHref ? (
        <Link to={loginHref} className="button button--secondary button--block promo-detail__go">
          {t("promo_login_to_join")}
        </Link>
      ) : null}
    </article>
  );
}
