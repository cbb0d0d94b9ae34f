// POST /m/push: the push layer's calls to the platform (docs/behaviour/firebase.md#push-bind). The browser never holds
// the member's token: it posts the device's FCM token here and the edge calls the platform with the session.
// Same-origin only: the Worker's origin check refuses a post from another site before it gets here.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { bindPushToken, unsubscribePushToken } from "~/push/push.server";
import { registrationTokenSchema } from "~/push/registration-token";
import type { PushReply } from "~/push/rules";

const postSchema = z.object({
  intent: z.enum(["bind", "unsubscribe"]),
  registrationToken: registrationTokenSchema,
});

const NO_STORE = { "Cache-Control": "no-store" };

function reply(body: PushReply, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const post = postSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!post.success) return reply({ ok: false, reason: "invalid" }, 400);
  const { intent, registrationToken } = post.data;
  if (intent === "unsubscribe") {
    const result = await unsubscribePushToken(context.platform, registrationToken);
    return result.ok ? reply({ ok: true }) : reply({ ok: false, reason: "platform" }, 502);
  }
  if (!context.session.token) return reply({ ok: false, reason: "not-logged-in" }, 401);
  const result = await bindPushToken(context.platform, registrationToken);
  if (result.ok) return reply({ ok: true });
  if (result.failure.kind === "not-logged-in") return reply({ ok: false, reason: "not-logged-in" }, 401);
  console.warn("[push] the platform refused a bind", result.errorCode);
  return reply({ ok: false, reason: "platform" }, 502);
}

// A GET of the address (a typed URL) goes home.
export function loader() {
  return redirect("/m/home");
}
