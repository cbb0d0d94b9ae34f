import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { withTrackingParams } from "~/navigation/tracking-params";

// "/" and "/m/" are home paths: send them to /m/home, keeping the campaign parameters.
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(withTrackingParams("/m/home", new URL(request.url).searchParams));
}
