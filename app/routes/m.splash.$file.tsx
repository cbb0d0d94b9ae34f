import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { splashResponse } from "~/shell/install/manifest.server";
import { parseSplashFile } from "~/shell/install/assets";

// /m/splash/<width>x<height>.png: the iOS launch image for one of ten iPhone screens (docs/decisions/0017).
export function loader({ request, params, context }: LoaderFunctionArgs) {
  const size = parseSplashFile(params.file ?? "");
  if (!size) throw new Response("Not found", { status: 404 });
  return splashResponse(request, context.merchant, size.width, size.height, (p) => context.cloudflare.ctx.waitUntil(p));
}
