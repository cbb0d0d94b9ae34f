import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PROMOTION_ROUTES } from "~/promotions/go-to";
import { loadRoutePromotions } from "~/promotions/promotions.server";
import { MemberPromotionPage } from "~/promotions/PromotionViews";

// A protected promotion route (docs/behaviour/promotions.md#promotion-routes; types in docs/decisions/0039).

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadRoutePromotions(context, request, PROMOTION_ROUTES.signIn);
}

export default function SignInRoute() {
  const { promotions } = useLoaderData<typeof loader>();
  return <MemberPromotionPage titleKey="promo_signin_title" promotions={promotions} />;
}
