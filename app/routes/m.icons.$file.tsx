import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { configuredIcon, iconResponse } from "~/shell/install/manifest.server";
import { parseIconFile } from "~/shell/install/assets";

// /m/icons/<size>.png and /m/icons/maskable-<size>.png: the home-screen icon drawn for the merchant, unless its
// config names its own icon of that size (docs/decisions/0017).
export function loader({ request, params, context }: LoaderFunctionArgs) {
  const icon = parseIconFile(params.file ?? "");
  if (!icon) throw new Response("Not found", { status: 404 });
  const own = icon.maskable ? null : configuredIcon(context.merchant.brand, icon.size);
  if (own) return redirect(own, { headers: { "Cache-Control": "public, max-age=86400" } });
  return iconResponse(request, context.merchant, icon.size, icon.maskable, (p) => context.cloudflare.ctx.waitUntil(p));
}
