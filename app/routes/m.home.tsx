import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { VisitorHome } from "~/home/VisitorHome";
import { loadPromotionStrip } from "~/promotions/home-strip.server";
import { PromotionStrip } from "~/promotions/PromotionStrip";

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).

/** One small loader function per home section, run side by side; each one leaves its section out when it fails. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [promotions] = await Promise.all([loadPromotionStrip(context, request)]);
  return { promotions };
}

export default function HomeRoute() {
  const { promotions } = useLoaderData<typeof loader>();
  return (
    <>
      <VisitorHome />
      <PromotionStrip promotions={promotions} />
    </>
  );
}
