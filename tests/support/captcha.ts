// What the captcha widget does in the browser, for a test that cannot run it (a post without JavaScript, an HTTP-level
// login): a challenge for the product through the app's /wps proxy, "solved" by the sandbox's stand-in for Geetest, as
// the form's captcha fields.
import { hostFor, originFor, request } from "./http";

export async function solvedCaptcha(host: string, product: "login" | "register" | "sms"): Promise<Record<string, string>> {
  const solve = (path: string, body: unknown) =>
    request({
      host: hostFor(host),
      path,
      method: "POST",
      headers: { Origin: originFor(host), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const challenge = await request({ host: hostFor(host), path: `/wps/captcha/geetest?product=${product}&t=${Date.now()}` });
  const value = challenge.json<{ value: { challenge?: string; captchaId?: string } }>().value;
  if (value.challenge !== undefined) {
    const solved = await solve("/wps/captcha/geetest/solve", { challenge: value.challenge });
    const v = solved.json<{ value: { geetest_challenge: string; geetest_validate: string; geetest_seccode: string } }>().value;
    return { geetestChallenge: v.geetest_challenge, geetestValidate: v.geetest_validate, geetestSeccode: v.geetest_seccode };
  }
  const solved = await solve("/wps/captcha/geetest4/solve", { captchaId: value.captchaId });
  return { geetestValidateV4: JSON.stringify(solved.json<{ value: unknown }>().value) };
}
