import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PROMOTION_ROUTES } from "~/promotions/go-to";
import { claimAction, loadPromotionPage } from "~/promotions/detail.server";
import { PromotionPage, revalidateAfterClaim } from "~/promotions/PromotionPage";

// A protected promotion page (docs/behaviour/promotions.md#promotion-pages; types in docs/decisions/0039) and its claim
// (docs/behaviour/promotions.md#claims).

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadPromotionPage(context, request, PROMOTION_ROUTES.leaderBoard);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return claimAction(context, request, PROMOTION_ROUTES.leaderBoard);
}

export const shouldRevalidate = revalidateAfterClaim;

export default function LeaderBoardRoute() {
  return <PromotionPage titleKey="promo_leaderboard_title" data={useLoaderData<typeof loader>()} />;
}
