// /wps/captcha/geetest: a captcha challenge in the merchant's Geetest version.
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { ok } from "../http";
import { randomHex } from "../random";
import { invalidRequest } from "../validation";

const productSchema = z.enum(["login", "register", "sms"]);

async function geetest(ctx: WpsContext): Promise<Response> {
  const rawProduct = ctx.url.searchParams.get("product");
  const product = productSchema.safeParse(rawProduct ?? "login");
  if (!product.success) return invalidRequest('Query "product" must be login, register or sms');
  const m = ctx.merchant;
  if (m.geetestVersion === "v4") return ok({ captchaId: m.geetestId });
  // v3: a one-time challenge, stored so a later verification can check it was issued here.
  const challenge = randomHex(16);
  await ctx.env.DB.prepare("INSERT INTO captcha_challenges (challenge, merchant, product, created_at) VALUES (?, ?, ?, ?)")
    .bind(challenge, m.code, product.data, Date.now())
    .run();
  return ok({ gt: m.geetestId, challenge, new_captcha: true });
}

export const captchaRoutes: WpsRoute[] = [{ method: "GET", path: "/wps/captcha/geetest", handle: geetest }];
