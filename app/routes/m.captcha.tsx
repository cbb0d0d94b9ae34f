import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { CAPTCHA_PRODUCTS, getCaptchaChallenge } from "~/captcha/captcha.server";

// Resource route for the captcha loader (app/captcha): GET /m/captcha?product=login|register|sms answers
// {ok:true, version:"v3", gt, challenge, new_captcha, offline} or {ok:true, version:"v4", captchaId},
// else {ok:false, message, messageKey}. A v3 challenge is single-use, so nothing here is cached.

const querySchema = z.object({ product: z.enum(CAPTCHA_PRODUCTS) });
const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    return Response.json({ ok: false, message: null, messageKey: "captcha_error" }, { status: 400, headers: NO_STORE });
  }
  const result = await getCaptchaChallenge(context.platform, query.data.product);
  if (!result.ok) return Response.json({ ok: false, ...result.failure }, { status: 502, headers: NO_STORE });
  return Response.json({ ok: true, ...result.challenge }, { headers: NO_STORE });
}
