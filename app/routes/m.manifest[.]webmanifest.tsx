import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { manifestResponse } from "~/shell/install/manifest.server";

// /m/manifest.webmanifest: the merchant's web app manifest (docs/behaviour/install.md#manifest; docs/decisions/0017).
export function loader({ request, context }: LoaderFunctionArgs) {
  return manifestResponse(request, context.merchant);
}
