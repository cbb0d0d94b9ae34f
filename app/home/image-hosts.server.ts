import type { AppContext } from "~/lib/context.server";
import { getSiteSettings } from "~/.server/platform/site";
import { imageCdnOrigins } from "./image-hosts";

/** The https origins of the site settings' imageCDNs, for the page's CSP (docs/behaviour/home.md#image-hosts). */
export async function imageCdnOriginsOf(context: AppContext): Promise<string[]> {
  const settings = await getSiteSettings(context.platform).catch(() => null);
  return settings?.ok ? imageCdnOrigins(settings.value.imageCDNs) : [];
}
