import { describe, expect, it } from "vitest";
import {
  CAPTCHA_TTL_MS,
  issueChallenge,
  solveV3,
  solveV4,
  verifyCaptcha,
  type CaptchaMerchant,
} from "../../../workers/wps-sandbox/captcha";
import { memoryCaptchaStore } from "./memory-stores";

const V3: CaptchaMerchant = { code: "demo", geetestVersion: "v3", geetestId: "3f1c0e5a9b7d4c2e8a6f0b1d2c3e4f5a" };
const V3_OTHER: CaptchaMerchant = { code: "br777", geetestVersion: "v3", geetestId: "c4e6a8b0d2f4e6a8c0b2d4f6a8c0e2b4" };
const V4: CaptchaMerchant = { code: "vn88", geetestVersion: "v4", geetestId: "7a2b9c4d6e8f0a1b3c5d7e9f1a2b4c6d" };
const NOW = 1_763_000_000_000;

async function solvedV3(store = memoryCaptchaStore(), merchant = V3) {
  const reply = await issueChallenge(store, merchant, "login", NOW);
  if (!("challenge" in reply)) throw new Error("expected a v3 challenge");
  const solution = await solveV3(store, merchant, reply.challenge, NOW + 1000);
  if (solution === null) throw new Error("solve failed");
  const fields = {
    geetestChallenge: solution.geetest_challenge,
    geetestValidate: solution.geetest_validate,
    geetestSeccode: solution.geetest_seccode,
  };
  return { store, reply, solution, fields };
}

describe("captcha v3", () => {
  it("issues a challenge with the merchant's gt", async () => {
    const reply = await issueChallenge(memoryCaptchaStore(), V3, "register", NOW);
    expect(reply).toMatchObject({ gt: V3.geetestId, new_captcha: true });
    expect("challenge" in reply && reply.challenge).toMatch(/^[0-9a-f]{32}$/);
  });

  it("solves to validate + seccode (= validate + |jordan)", async () => {
    const { reply, solution } = await solvedV3();
    expect(solution.geetest_challenge).toBe("challenge" in reply ? reply.challenge : "");
    expect(solution.geetest_validate).toMatch(/^[0-9a-f]{32}$/);
    expect(solution.geetest_seccode).toBe(`${solution.geetest_validate}|jordan`);
  });

  it("accepts a result once", async () => {
    const { store, fields } = await solvedV3();
    expect(await verifyCaptcha(store, V3, fields, NOW + 2000)).toBe("ok");
    expect(await verifyCaptcha(store, V3, fields, NOW + 3000)).toBe("geetest.invalid");
  });

  it("solves a challenge once, and only challenges it issued", async () => {
    const { store, reply } = await solvedV3();
    const challenge = "challenge" in reply ? reply.challenge : "";
    expect(await solveV3(store, V3, challenge, NOW + 2000)).toBeNull();
    expect(await solveV3(store, V3, "0".repeat(32), NOW)).toBeNull();
  });

  it("refuses a challenge of another merchant, or an expired one", async () => {
    const store = memoryCaptchaStore();
    const reply = await issueChallenge(store, V3, "login", NOW);
    const challenge = "challenge" in reply ? reply.challenge : "";
    expect(await solveV3(store, V3_OTHER, challenge, NOW)).toBeNull();
    const late = await issueChallenge(store, V3, "login", NOW);
    expect(await solveV3(store, V3, "challenge" in late ? late.challenge : "", NOW + CAPTCHA_TTL_MS + 1)).toBeNull();
  });

  it("says required when the fields are missing, invalid when wrong", async () => {
    const { store, fields } = await solvedV3();
    expect(await verifyCaptcha(store, V3, {}, NOW)).toBe("geetest.required");
    expect(await verifyCaptcha(store, V3, { geetestChallenge: "", geetestValidate: null, geetestSeccode: " " }, NOW)).toBe(
      "geetest.required",
    );
    expect(await verifyCaptcha(store, V3, { geetestValidateV4: "{}" }, NOW)).toBe("geetest.required");
    expect(await verifyCaptcha(store, V3, { ...fields, geetestSeccode: "" }, NOW)).toBe("geetest.invalid");
    expect(await verifyCaptcha(store, V3, { ...fields, geetestSeccode: `${fields.geetestValidate}|other` }, NOW)).toBe("geetest.invalid");
    expect(await verifyCaptcha(store, V3, { ...fields, geetestValidate: "f".repeat(32) }, NOW)).toBe("geetest.invalid");
    expect(await verifyCaptcha(store, V3_OTHER, fields, NOW)).toBe("geetest.invalid");
    // Wrong attempts do not use the result up.
    expect(await verifyCaptcha(store, V3, fields, NOW + 2000)).toBe("ok");
  });

  it("refuses an expired result", async () => {
    const { store, fields } = await solvedV3();
    expect(await verifyCaptcha(store, V3, fields, NOW + 1000 + CAPTCHA_TTL_MS + 1)).toBe("geetest.invalid");
  });
});

describe("captcha v4", () => {
  it("answers the captcha id and solves it to a fresh four-field result each time", async () => {
    const store = memoryCaptchaStore();
    expect(await issueChallenge(store, V4, "sms", NOW)).toEqual({ captchaId: V4.geetestId });
    const a = await solveV4(store, V4, V4.geetestId, NOW);
    const b = await solveV4(store, V4, V4.geetestId, NOW);
    expect(a).toMatchObject({ lot_number: expect.stringMatching(/^[0-9a-f]{32}$/), gen_time: String(NOW / 1000) });
    expect(a?.lot_number).not.toBe(b?.lot_number);
    expect(await solveV4(store, V4, V3.geetestId, NOW)).toBeNull();
    expect(await solveV4(store, V3, V3.geetestId, NOW)).toBeNull();
  });

  it("accepts geetestValidateV4 once", async () => {
    const store = memoryCaptchaStore();
    const solution = await solveV4(store, V4, V4.geetestId, NOW);
    const fields = { geetestValidateV4: JSON.stringify(solution) };
    expect(await verifyCaptcha(store, V4, fields, NOW + 1000)).toBe("ok");
    expect(await verifyCaptcha(store, V4, fields, NOW + 2000)).toBe("geetest.invalid");
  });

  it("says required when missing, invalid when malformed or tampered", async () => {
    const store = memoryCaptchaStore();
    const solution = (await solveV4(store, V4, V4.geetestId, NOW))!;
    expect(await verifyCaptcha(store, V4, {}, NOW)).toBe("geetest.required");
    expect(await verifyCaptcha(store, V4, { geetestValidateV4: "" }, NOW)).toBe("geetest.required");
    expect(await verifyCaptcha(store, V4, { geetestChallenge: "x", geetestValidate: "y", geetestSeccode: "z" }, NOW)).toBe(
      "geetest.required",
    );
    for (const bad of [
      "not json",
      "[]",
      "null",
      JSON.stringify({ ...solution, pass_token: "x" }),
      JSON.stringify({ lot_number: solution.lot_number }),
    ]) {
      expect(await verifyCaptcha(store, V4, { geetestValidateV4: bad }, NOW), bad).toBe("geetest.invalid");
    }
    // gen_time as a number is the same value.
    const numeric = JSON.stringify({ ...solution, gen_time: Number(solution.gen_time) });
    expect(await verifyCaptcha(store, V4, { geetestValidateV4: numeric }, NOW)).toBe("ok");
  });
});
