// /wps/captcha/*: a captcha challenge in the merchant's Geetest version, and
// the solve endpoints that stand in for Geetest's own servers (the sandbox
// widget scripts call them when the person presses "I am human").
import { z } from "zod";
import { solveV3, solveV4, verifyCaptcha, issueChallenge, type CaptchaFields } from "../captcha";
import { d1CaptchaStore } from "../captcha-store";
import type { WpsContext, WpsRoute } from "../context";
import { fail, ok } from "../http";
import { MESSAGES } from "../identity-rules";
import { invalidRequest, readJson } from "../validation";

const productSchema = z.enum(["login", "register", "sms"]);

/** The geetest fields of a login, send-code or register body. */
export const captchaFieldShape = {
  geetestChallenge: z.string().max(200).nullish(),
  geetestValidate: z.string().max(200).nullish(),
  geetestSeccode: z.string().max(300).nullish(),
  geetestValidateV4: z.string().max(4000).nullish(),
};

/**
 * When `required` (the merchant's captcha flag for this call), checks and
 * consumes the captcha result: a platform-shaped geetest.required /
 * geetest.invalid failure, or null to go on.
 */
export async function checkCaptcha(ctx: WpsContext, required: boolean, fields: CaptchaFields): Promise<Response | null> {
  if (!required) return null;
  const outcome = await verifyCaptcha(d1CaptchaStore(ctx.env.DB), ctx.merchant, fields, Date.now());
  if (outcome === "ok") return null;
  return fail(outcome, outcome === "geetest.required" ? MESSAGES.captchaRequired : MESSAGES.captchaInvalid);
}

async function geetest(ctx: WpsContext): Promise<Response> {
  const rawProduct = ctx.url.searchParams.get("product");
  const product = productSchema.safeParse(rawProduct ?? "login");
  if (!product.success) return invalidRequest('Query "product" must be login, register or sms');
  return ok(await issueChallenge(d1CaptchaStore(ctx.env.DB), ctx.merchant, product.data, Date.now()));
}

const solveV3Schema = z.object({ challenge: z.string().min(1).max(200) });
const solveV4Schema = z.object({ captchaId: z.string().min(1).max(200) });

async function solve(ctx: WpsContext): Promise<Response> {
  const parsed = await readJson(ctx.request, solveV3Schema);
  if (!parsed.ok) return parsed.response;
  const solution = await solveV3(d1CaptchaStore(ctx.env.DB), ctx.merchant, parsed.data.challenge, Date.now());
  if (solution === null) return fail("geetest.invalid", "Unknown, expired or already solved challenge");
  return ok(solution);
}

async function solve4(ctx: WpsContext): Promise<Response> {
  const parsed = await readJson(ctx.request, solveV4Schema);
  if (!parsed.ok) return parsed.response;
  const solution = await solveV4(d1CaptchaStore(ctx.env.DB), ctx.merchant, parsed.data.captchaId, Date.now());
  if (solution === null) return fail("geetest.invalid", "Unknown captcha id for this merchant");
  return ok(solution);
}

export const captchaRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/captcha/geetest", handle: geetest },
  { method: "POST", path: "/wps/captcha/geetest/solve", handle: solve },
  { method: "POST", path: "/wps/captcha/geetest4/solve", handle: solve4 },
];
