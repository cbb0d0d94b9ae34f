import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AnnouncementPopup } from "~/announcements/AnnouncementPopup";
import { loadAnnouncementPopup } from "~/announcements/popup.server";
import { BannerCarousel } from "~/home/BannerCarousel";
import { GameLanes } from "~/home/GameLanes";
import { HomeHero } from "~/home/HomeHero";
import { Marquee } from "~/home/Marquee";
import { loadBanners } from "~/home/banners.server";
import { loadGameLanes } from "~/home/lanes.server";
import { loadMarquee } from "~/home/marquee.server";
import { PromotionStrip } from "~/promotions/PromotionStrip";
import { loadPromotionStrip } from "~/promotions/home-strip.server";

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).
// The home catalogue (docs/behaviour/home.md): one small loader per section, run in parallel. Each answers null when
// its platform call fails, and the page renders without that section. A new section adds one line here.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [banners, marquee, lanes, announcements, promotions] = await Promise.all([
    loadBanners(context),
    loadMarquee(context),
    loadGameLanes(context),
    loadAnnouncementPopup(context, request),
    loadPromotionStrip(context, request),
  ]);
  return { banners, marquee, lanes, announcements, promotions };
}

export default function HomeRoute() {
  const { banners, marquee, lanes, announcements, promotions } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      {/* Without scripts the announcements are a section at the top; with them, a dialog (docs/behaviour/announcements.md). */}
      {announcements ? <AnnouncementPopup data={announcements} /> : null}
      {banners ? <BannerCarousel banners={banners} /> : null}
      {marquee ? <Marquee marquee={marquee} /> : null}
      <HomeHero />
      <PromotionStrip promotions={promotions} />
      {lanes ? <GameLanes lanes={lanes} /> : null}
    </div>
  );
}
