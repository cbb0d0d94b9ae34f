import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { chatEnabled, unreadCount } from "~/support/chat.server";

// GET /m/chat-unread: the member's unread chat count for the footer badge's refresh
// (docs/behaviour/support.md#unread-badge). Never cached; null for a visitor or when the platform fails.
export async function loader({ context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (!context.session.token || !(await chatEnabled(context))) return Response.json({ count: null }, { headers });
  return Response.json({ count: await unreadCount(context, { sessionEnd: "report" }) }, { headers });
}
