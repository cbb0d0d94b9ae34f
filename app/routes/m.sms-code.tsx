import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { SendCodeResult } from "~/identity/login/types";
import { newId } from "~/identity/messages.server";
import { sendSmsCode } from "~/identity/send-code.server";

// Resource route for <SmsCodeField> with JavaScript: POST countryDialingCode, mobileNum (national number) and the
// SMS captcha fields → /wps/verification/sms/noLogin with '+' + code + number. Without JavaScript the same
// button posts the page's own form (intent=send-code), handled by that page's action.

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const sent = await sendSmsCode(context, fields);
  const body: SendCodeResult = sent.ok
    ? { ok: true, id: newId(), expiresInMs: sent.expiresInMs }
    : { ok: false, id: newId(), fieldErrors: sent.errors, notice: sent.notice };
  // A Response of its own: single fetch keeps a resource route's data() status at 200, and a 503 must say the outage.
  return Response.json(body, { status: sent.ok ? 200 : sent.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return redirect("/m/login");
}
