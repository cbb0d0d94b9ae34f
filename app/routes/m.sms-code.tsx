import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { SendCodeResult } from "~/identity/login/types";
import { newId } from "~/identity/messages.server";
import { sendCodeStatus, sendSmsCode } from "~/identity/send-code.server";

// Resource route for <SmsCodeField> with JavaScript: POST countryDialingCode, mobileNum (national number) and the
// SMS captcha fields → /wps/verification/sms/noLogin with '+' + code + number. Without JavaScript the same
// button posts the page's own form (intent=send-code), handled by that page's action.

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const sent = await sendSmsCode(context, fields);
  const body: SendCodeResult = sent.ok
    ? { ok: true, id: newId(), expiresInMs: sent.expiresInMs }
    : { ok: false, id: newId(), fieldErrors: sent.errors, notice: sent.notice };
  // A Response, not data(): a resource route posted directly would answer data() with 200 whatever its status. A limit
  // reached is 429 and an outage 503, with the notice the page shows (docs/behaviour/identity.md#sms-codes).
  return Response.json(body, { status: sendCodeStatus(sent), headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return redirect("/m/login");
}
