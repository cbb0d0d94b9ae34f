import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import type { TranslationKey } from "~/i18n/i18n-instance";
import type { GameCard, Lane } from "./lanes";

/** Cards a lane shows on home; /m/game shows them all. */
export const HOME_LANE_CARDS = 8;

/** Translated titles of the category codes the platform uses; other codes show the platform's own name. */
const LANE_TITLES: Record<string, TranslationKey> = {
  LOTTERY: "home_lane_lottery",
  VN_LOTTERY: "home_lane_vn_lottery",
  SLOTS: "home_lane_slots",
  CARDS: "home_lane_cards",
  FISHING: "home_lane_fishing",
  LIVE: "home_lane_live",
  SPORTS: "home_lane_sports",
};

export function useLaneTitle(): (lane: Pick<Lane, "code" | "platformName">) => string {
  const { t } = useTranslation();
  return (lane) => {
    const key = LANE_TITLES[lane.code.toUpperCase()];
    return key ? t(key) : (lane.platformName ?? t("home_lane_other"));
  };
}

function LaneIcon({ lottery }: { lottery: boolean }) {
  return (
    <svg className="game-card__icon" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      {lottery ? (
        <>
          <circle cx="16" cy="16" r="13" fill="currentColor" opacity="0.18" />
          <circle cx="16" cy="16" r="8" fill="currentColor" />
          <text x="16" y="20" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
            7
          </text>
        </>
      ) : (
        <>
          <rect x="5" y="7" width="22" height="18" rx="4" fill="currentColor" opacity="0.18" />
          <path d="M13 11l8 5-8 5z" fill="currentColor" />
        </>
      )}
    </svg>
  );
}

function Card({ card, lottery }: { card: GameCard; lottery: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="game-card">
      <Link className="game-card__link" to={card.href}>
        <LaneIcon lottery={lottery} />
        <span className="game-card__name">{card.name}</span>
        <span className="game-card__count">{t("home_game_count", { count: card.gameCount })}</span>
      </Link>
      {/* A visitor's free play (docs/behaviour/game-launch.md#trial): a plain link, so it works without JavaScript. */}
      {card.tryHref ? (
        <a className="game-card__try" href={card.tryHref} aria-label={t("game_try_label", { name: card.name })}>
          {t("game_try")}
        </a>
      ) : null}
    </li>
  );
}

/** One lane: its title, its cards and (on home) a "see all" link to /m/game?category=<code>. */
export function GameLane({ lane, full, headingLevel }: { lane: Lane; full: boolean; headingLevel: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  const title = useLaneTitle()(lane);
  const Heading = (["h1", "h2", "h3"] as const)[headingLevel - 1]!;
  const id = `lane-${lane.code}`;
  const cards = full ? lane.cards : lane.cards.slice(0, HOME_LANE_CARDS);
  return (
    <section className={full ? "lane lane--full" : "lane"} aria-labelledby={id} data-ordinal={lane.ordinal}>
      <div className="lane__head">
        <Heading id={id} className="lane__title">
          {title}
        </Heading>
        {full ? null : (
          <Link className="lane__all" to={`/m/game?category=${encodeURIComponent(lane.code)}`}>
            {t("home_see_all")}
            <span className="visually-hidden"> {title}</span>
          </Link>
        )}
      </div>
      <ul className="lane__cards">
        {cards.map((card, index) => (
          <Card key={`${card.vendor}-${index}`} card={card} lottery={lane.lottery} />
        ))}
      </ul>
    </section>
  );
}

/** The lanes of home (docs/behaviour/home.md#lanes). */
export function GameLanes({ lanes }: { lanes: readonly Lane[] }) {
  const { t } = useTranslation();
  return (
    <section className="lanes" aria-labelledby="lanes-title">
      <h2 id="lanes-title" className="lanes__title">
        {t("home_lanes_title")}
      </h2>
      {lanes.map((lane) => (
        <GameLane key={lane.code} lane={lane} full={false} headingLevel={3} />
      ))}
    </section>
  );
}
