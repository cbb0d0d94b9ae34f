// The home page's promotions strip (docs/behaviour/promotions.md#home-strip): the first few promotions this viewer
// sees (public for visitors, the member's own for members); null when the platform failed (the strip is left out).
import type { AppContext } from "../lib/context.server";
import { loadPromotions, type PromotionView } from "./promotions.server";

export const HOME_STRIP_SIZE = 4;

export async function loadPromotionStrip(context: AppContext, request: Request): Promise<PromotionView[] | null> {
  try {
    const { list } = await loadPromotions(context, request);
    return list === null ? null : list.slice(0, HOME_STRIP_SIZE);
  } catch (error) {
    // A redirect (the session ended) is the page's business; anything else only hides the strip.
    if (error instanceof Response) throw error;
    console.error("[promotions] home strip failed", error);
    return null;
  }
}
