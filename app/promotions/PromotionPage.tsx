// The protected promotion pages (docs/behaviour/promotions.md#promotion-pages): each of the member's promotions of the
// page's types with what its type is about (sign-in calendar, tasks, rescue, vouchers, ranking, VIP tiers) and its
// claim. A claim is a plain form post to the page (docs/behaviour/promotions.md#claims); with JavaScript a fetcher
// sends it and the page's data is read again, so the new state shows without a reload.
import type { ReactNode } from "react";
import { Link, useActionData, useFetcher, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import type { TranslationKey } from "~/i18n/i18n-instance";
import type { Message } from "~/identity/types";
import type { ClaimResult, DetailPanel, MemberTier, PromotionPageItem } from "./detail.server";
import { PromotionFacts, PromotionNotice } from "./PromotionViews";

function CheckIcon() {
  return (
    <svg className="promo-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.1 8.4 18.7 7z" />
    </svg>
  );
}

function MissIcon() {
  return (
    <svg className="promo-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M6 11h12v2H6z" />
    </svg>
  );
}

function DotIcon() {
  return (
    <svg className="promo-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" fill="currentColor" />
    </svg>
  );
}

/**
 * A claim's message as text: a translated key, or the platform's own words. Not the identity forms' hook: sharing it
 * would split it into a chunk of its own that the login page would then load (docs/decisions/0057).
 */
function useClaimText(): (message: Message) => string {
  const { t } = useTranslation();
  return (message) => ("key" in message ? t(message.key, message.values) : message.text);
}

/**
 * A refused claim (409: claimed already, not allowed) reads the page again too, explicitly: the state changed somewhere
 * else (another tab), and the page must show it (docs/behaviour/promotions.md#claims).
 */
export const revalidateAfterClaim: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

const claimKey = (promotionId: string) => `promo-claim-${promotionId}`;

/** One claim: a form posting to the page; with JavaScript, through the promotion's fetcher. */
function ClaimForm({ promotionId, target, children }: { promotionId: string; target?: string; children: ReactNode }) {
  const fetcher = useFetcher<ClaimResult>({ key: claimKey(promotionId) });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="promo-claim" preventScrollReset>
      <input type="hidden" name="promotionId" value={promotionId} />
      {target ? <input type="hidden" name="target" value={target} /> : null}
      <button type="submit" className="button button--primary promo-claim__button" disabled={busy} aria-disabled={busy}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/** What the last claim of this promotion said: from the fetcher, or from the page a plain form post rendered. */
function ClaimNotice({ promotionId }: { promotionId: string }) {
  const text = useClaimText();
  const fetcher = useFetcher<ClaimResult>({ key: claimKey(promotionId) });
  const posted = useActionData<ClaimResult>();
  const result = fetcher.data ?? (posted?.promotionId === promotionId ? posted : undefined);
  return (
    <p
      className={`promo-claim__notice${result ? (result.ok ? " promo-claim__notice--ok" : " promo-claim__notice--refused") : ""}`}
      role="status"
    >
      {result ? text(result.message) : null}
    </p>
  );
}

const DAY_STATE: Record<string, TranslationKey> = {
  signed: "promo_signin_signed",
  "today-signed": "promo_signin_signed",
  missed: "promo_signin_missed",
  "today-open": "promo_signin_today_open",
  upcoming: "promo_signin_upcoming",
};

function SignInPanel({ panel, promotionId }: { panel: Extract<DetailPanel, { kind: "signIn" }>; promotionId: string }) {
  const { t } = useTranslation();
  return (
    <div className="promo-panel">
      <h3 className="promo-panel__title">{t("promo_signin_calendar")}</h3>
      <ol className="promo-calendar">
        {panel.days.map((day) => (
          <li
            key={day.date}
            className={`promo-calendar__day promo-calendar__day--${day.state}`}
            aria-current={day.state.startsWith("today") ? "date" : undefined}
          >
            <span className="promo-calendar__name">{t("promo_signin_day", { day: String(day.day) })}</span>
            <time className="promo-calendar__date" dateTime={day.date}>
              {day.label}
            </time>
            {day.state === "signed" || day.state === "today-signed" ? <CheckIcon /> : day.state === "missed" ? <MissIcon /> : <DotIcon />}
            <span className="promo-calendar__state">{t(DAY_STATE[day.state] ?? "promo_signin_upcoming")}</span>
            {day.reward ? <bdi className="promo-calendar__reward">{day.reward}</bdi> : null}
          </li>
        ))}
      </ol>
      {panel.canSignIn ? (
        <ClaimForm promotionId={promotionId}>
          {t("promo_signin_today")}
          {panel.todayReward ? (
            <>
              {" "}
              (<bdi>{panel.todayReward}</bdi>)
            </>
          ) : null}
        </ClaimForm>
      ) : panel.todaySigned ? (
        <p className="promo-panel__state">{t("promo_signin_done_today")}</p>
      ) : null}
    </div>
  );
}

function TasksPanel({ panel, promotionId }: { panel: Extract<DetailPanel, { kind: "tasks" }>; promotionId: string }) {
  const { t } = useTranslation();
  return (
    <div className="promo-panel">
      <h3 className="promo-panel__title">{t("promo_tasks")}</h3>
      <ul className="promo-tasks">
        {panel.tasks.map((task) => (
          <li key={task.id} className={`promo-task promo-task--${task.state}`}>
            <span className="promo-task__name" dir="auto">
              {task.name}
            </span>
            <progress className="promo-task__bar" max={task.target} value={task.progress} aria-hidden="true" />
            <span className="promo-task__progress">
              {t("promo_task_progress", { done: String(task.progress), total: String(task.target) })}
            </span>
            <span className="promo-task__reward">
              {t("promo_reward")}: <bdi>{task.reward}</bdi>
            </span>
            {task.state === "claimable" ? (
              <ClaimForm promotionId={promotionId} target={task.id}>
                {t("promo_claim")}
              </ClaimForm>
            ) : task.state === "claimed" ? (
              <span className="promo-task__claimed">
                <CheckIcon /> {t("promo_claimed")}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RescuePanel({ panel, promotionId }: { panel: Extract<DetailPanel, { kind: "rescue" }>; promotionId: string }) {
  const { t } = useTranslation();
  return (
    <div className="promo-panel">
      <dl className="promo-detail__facts">
        <dt>{t("promo_rescue_loss", { date: panel.lossDate ?? "" })}</dt>
        <dd>
          <bdi>{panel.lossAmount}</bdi>
        </dd>
        <dt>{t("promo_rescue_amount", { rate: String(panel.rate) })}</dt>
        <dd className="promo-panel__amount">
          <bdi>{panel.amount}</bdi>
        </dd>
      </dl>
      {panel.state === "claimable" ? (
        <ClaimForm promotionId={promotionId}>{t("promo_rescue_claim")}</ClaimForm>
      ) : (
        <p className="promo-panel__state">
          {panel.state === "claimed" ? (
            <>
              <CheckIcon /> {t("promo_rescue_claimed")}
            </>
          ) : (
            t("promo_rescue_none")
          )}
        </p>
      )}
    </div>
  );
}

const VOUCHER_STATE: Record<string, TranslationKey> = {
  usable: "promo_voucher_usable",
  redeemed: "promo_voucher_redeemed",
  expired: "promo_voucher_expired",
};

function VouchersPanel({ panel, promotionId }: { panel: Extract<DetailPanel, { kind: "vouchers" }>; promotionId: string }) {
  const { t } = useTranslation();
  return (
    <div className="promo-panel">
      <h3 className="promo-panel__title">{t("promo_vouchers")}</h3>
      {panel.vouchers.length === 0 ? (
        <p className="promo-panel__state">{t("promo_vouchers_none")}</p>
      ) : (
        <ul className="promo-vouchers">
          {panel.vouchers.map((voucher) => (
            <li key={voucher.id} className={`promo-voucher promo-voucher--${voucher.state}`}>
              <bdi className="promo-voucher__amount">{voucher.amount}</bdi>
              <span className="promo-voucher__state">{t(VOUCHER_STATE[voucher.state] ?? "promo_voucher_usable")}</span>
              {voucher.expires ? (
                <span className="promo-voucher__expiry">
                  {t("promo_voucher_expires")}: <time dateTime={voucher.expiresIso ?? undefined}>{voucher.expires}</time>
                </span>
              ) : null}
              {voucher.state === "usable" ? (
                <ClaimForm promotionId={promotionId} target={voucher.id}>
                  {t("promo_voucher_redeem")}
                </ClaimForm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RankingPanel({ panel }: { panel: Extract<DetailPanel, { kind: "ranking" }> }) {
  const { t } = useTranslation();
  return (
    <div className="promo-panel">
      <table className="promo-ranking">
        <caption className="promo-panel__title">{t("promo_ranking")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("promo_rank")}</th>
            <th scope="col">{t("promo_player")}</th>
            <th scope="col">{t("promo_score")}</th>
          </tr>
        </thead>
        <tbody>
          {panel.entries.map((entry) => (
            <tr key={entry.rank}>
              <td>{entry.rank}</td>
              <td>
                <bdi>{entry.name}</bdi>
              </td>
              <td>{entry.score}</td>
            </tr>
          ))}
        </tbody>
        {panel.own ? (
          <tfoot>
            <tr className="promo-ranking__own">
              <td>{panel.own.rank}</td>
              <td>
                {t("promo_ranking_you")} (<bdi>{panel.own.name}</bdi>)
              </td>
              <td>{panel.own.score}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function TiersPanel({ panel }: { panel: Extract<DetailPanel, { kind: "tiers" }> }) {
  const { t } = useTranslation();
  return (
    <div className="promo-panel">
      <h3 className="promo-panel__title">{t("promo_vip_levels")}</h3>
      <ol className="promo-tiers">
        {panel.tiers.map((tier) => (
          <li
            key={tier.rankLevel}
            className={`promo-tier${tier.current ? " promo-tier--current" : ""}`}
            aria-current={tier.current ? "true" : undefined}
          >
            <p className="promo-tier__name">
              <bdi>{tier.name}</bdi>
              {tier.current ? <span className="promo-tier__badge">{t("promo_vip_current")}</span> : null}
            </p>
            <dl className="promo-detail__facts">
              <dt>{t("promo_vip_upgrade_bonus")}</dt>
              <dd>
                <bdi>{tier.upgradeBonus}</bdi>
              </dd>
              <dt>{t("promo_vip_rebate")}</dt>
              <dd>
                <bdi>{tier.rebatePercent}%</bdi>
              </dd>
              <dt>{t("promo_vip_withdrawals")}</dt>
              <dd>{tier.dailyWithdrawals}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Panel({ panel, promotionId }: { panel: DetailPanel; promotionId: string }) {
  const { t } = useTranslation();
  switch (panel.kind) {
    case "signIn":
      return <SignInPanel panel={panel} promotionId={promotionId} />;
    case "tasks":
      return <TasksPanel panel={panel} promotionId={promotionId} />;
    case "rescue":
      return <RescuePanel panel={panel} promotionId={promotionId} />;
    case "vouchers":
      return <VouchersPanel panel={panel} promotionId={promotionId} />;
    case "ranking":
      return <RankingPanel panel={panel} />;
    case "tiers":
      return <TiersPanel panel={panel} />;
    case "failed":
      return <PromotionNotice tone="warning">{t("promo_detail_unavailable")}</PromotionNotice>;
    case "none":
      return null;
  }
}

function PromotionSection({ item }: { item: PromotionPageItem }) {
  const { t } = useTranslation();
  const { promotion, panel } = item;
  const titleId = `promo-${promotion.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return (
    <article className="card promo-detail" aria-labelledby={titleId}>
      <h2 id={titleId} className="promo-detail__title" dir="auto">
        {promotion.title}
      </h2>
      {promotion.summary ? (
        <p className="promo-card__summary" dir="auto">
          {promotion.summary}
        </p>
      ) : null}
      <PromotionFacts promotion={promotion} />
      <Panel panel={panel} promotionId={promotion.id} />
      <ClaimNotice promotionId={promotion.id} />
      {promotion.goTo ? (
        <Link to={promotion.goTo} className="button button--secondary button--block promo-detail__go">
          {t("promo_go")}
        </Link>
      ) : null}
      <p className="promo-page__more">
        <Link to={promotion.href}>{t("promo_rules")}</Link>
      </p>
    </article>
  );
}

export type PromotionPageData = { items: PromotionPageItem[] | null; vipBenefits: boolean; tier: MemberTier | null };

/** A protected promotion page: its title, a note (VIP benefits), and each promotion of its types. */
export function PromotionPage({ titleKey, data, note }: { titleKey: TranslationKey; data: PromotionPageData; note?: ReactNode }) {
  const { t } = useTranslation();
  const text = useClaimText();
  const posted = useActionData<ClaimResult>();
  // A refused post for no promotion of this page has no section to speak in: it speaks at the top.
  const stray = posted && !data.items?.some((item) => item.promotion.id === posted.promotionId) ? posted : null;
  return (
    <section className="promo-page" aria-labelledby="promo-page-title">
      <h1 id="promo-page-title" className="page-title">
        {t(titleKey)}
      </h1>
      {note}
      {stray ? <PromotionNotice tone="warning">{text(stray.message)}</PromotionNotice> : null}
      {data.items === null ? (
        <PromotionNotice tone="warning">{t("promo_unavailable")}</PromotionNotice>
      ) : data.items.length === 0 ? (
        <PromotionNotice>{t("promo_route_empty")}</PromotionNotice>
      ) : (
        data.items.map((item) => <PromotionSection key={item.promotion.id} item={item} />)
      )}
      <p className="promo-page__back">
        <Link to="/m/activity">{t("promo_all")}</Link>
      </p>
    </section>
  );
}
