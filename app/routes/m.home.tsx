import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BannerCarousel } from "~/home/BannerCarousel";
import { GameLanes } from "~/home/GameLanes";
import { HomeHero } from "~/home/HomeHero";
import { Marquee } from "~/home/Marquee";
import { loadBanners } from "~/home/banners.server";
import { loadGameLanes } from "~/home/lanes.server";
import { loadMarquee } from "~/home/marquee.server";

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).
// The home catalogue (docs/behaviour/home.md): one small loader per section, run in parallel. Each answers null when
// its platform call fails, and the page renders without that section. A new section adds one line here.

export async function loader({ context }: LoaderFunctionArgs) {
  const [banners, marquee, lanes] = await Promise.all([
    loadBanners(context),
    loadMarquee(context),
    loadGameLanes(context),
    // the promotions strip and the announcement popup add their loaders here
  ]);
  return { banners, marquee, lanes };
}

export default function HomeRoute() {
  const { banners, marquee, lanes } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      {banners ? <BannerCarousel banners={banners} /> : null}
      {marquee ? <Marquee marquee={marquee} /> : null}
      <HomeHero />
      {/* the promotions strip goes here */}
      {lanes ? <GameLanes lanes={lanes} /> : null}
    </div>
  );
}
