// /wps/verification/sms/noLogin: sends (simulates) an SMS verification code.
// Nothing is sent: the code is readable through GET /__sandbox/sms.
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, ok } from "../http";
import { MESSAGES } from "../identity-rules";
import { parseMobile } from "../phone";
import { sendCode } from "../sms";
import { d1SmsStore } from "../sms-store";
import { readJson } from "../validation";
import { captchaFieldShape, checkCaptcha } from "./captcha";

const sendSchema = z.object({
  countryDialingCode: z.string().max(8).nullish(),
  mobileNum: z.string().max(32).nullish(),
  ...captchaFieldShape,
});

async function sendSmsCode(ctx: WpsContext): Promise<Response> {
  const parsed = await readJson(ctx.request, sendSchema);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const mobile = body.mobileNum === undefined || body.mobileNum === null ? null : parseMobile(body.mobileNum, body.countryDialingCode);
  if (mobile === null) return fail("mobile.invalid", MESSAGES.mobileInvalid);
  const captcha = await checkCaptcha(ctx, ctx.merchant.captcha.sms, body);
  if (captcha !== null) return captcha;
  const sent = await sendCode(d1SmsStore(ctx.env.DB), ctx.merchant.code, mobile.mobileNum, Date.now());
  if (!sent.ok) return fail(sent.errorCode, MESSAGES.tooManySms(sent.retryAfterSeconds));
  return ok({ expirationTime: sent.code.expiresAt });
}

export const verificationRoutes: WpsRoute[] = [{ method: "POST", path: "/wps/verification/sms/noLogin", handle: sendSmsCode }];
