// POST /m/announcements/dismiss: the announcement popup's close, hide-today and do-not-show-again as a plain form
// (docs/behaviour/announcements.md#no-javascript). The Worker refuses a cross-origin POST before it gets here.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { dismissAnnouncements } from "~/announcements/popup.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await dismissAnnouncements(context, request, await request.formData());
  if (!result.ok) return Response.json({ ok: false }, { status: 400 });
  if (result.js) return Response.json({ ok: true });
  // 303: the browser follows with a GET of the page it came from.
  return redirect(result.back, { status: 303 });
}

// A GET of the address (a typed URL, a crawler) goes home.
export function loader() {
  return redirect("/m/home");
}
