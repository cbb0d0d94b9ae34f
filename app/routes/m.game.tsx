import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GameLane } from "~/home/GameLanes";
import { buildLanes, parseCategory } from "~/home/lanes";
import { getGameVendors, toVendors } from "~/home/lanes.server";
import { useTranslation } from "~/i18n/translate";

// /m/game?category=<code>: one lane in full; without a category, every lane (docs/behaviour/home.md#game-page).
// An unknown category answers 404 with a translated message; a platform failure says the games cannot be shown.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("category");
  const category = raw === null || raw === "" ? null : parseCategory(raw);
  const reply = await getGameVendors(context);
  if (!reply.ok) return data({ state: "unavailable" as const, lanes: [] }, { status: 200 });
  const lanes = buildLanes(toVendors(reply.value), context.session.token !== null);
  if (raw === null || raw === "") return lanes.length > 0 ? { state: "all" as const, lanes } : { state: "unavailable" as const, lanes };
  const lane = category === null ? undefined : lanes.find((l) => l.code.toUpperCase() === category.toUpperCase());
  return lane ? { state: "one" as const, lanes: [lane] } : data({ state: "unknown" as const, lanes: [] }, { status: 404 });
}

export default function GamePage() {
  const { state, lanes } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="game-page">
      {state === "one" ? null : <h1 className="game-page__title">{t("home_games_title")}</h1>}
      {state === "unknown" || state === "unavailable" ? (
        <div className="game-page__message" role="status">
          <p>{state === "unknown" ? t("home_category_unknown") : t("home_games_unavailable")}</p>
          <Link className="button button--primary" to="/m/game">
            {t("home_all_games")}
          </Link>
        </div>
      ) : (
        lanes.map((lane) => <GameLane key={lane.code} lane={lane} full headingLevel={state === "one" ? 1 : 2} />)
      )}
      {state === "one" ? (
        <p>
          <Link to="/m/game">{t("home_all_games")}</Link>
        </p>
      ) : null}
    </div>
  );
}
