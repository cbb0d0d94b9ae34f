import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { offlinePage } from "~/.server/pages/offline-page";

// The offline page the service worker keeps (app/.server/pages/offline-page.tsx, docs/decisions/0016-service-worker.md).
export function loader({ context }: LoaderFunctionArgs) {
  return offlinePage(context.merchant.brand, context.language);
}
