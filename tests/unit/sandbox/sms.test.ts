import { describe, expect, it } from "vitest";
import { checkCode, consumeCode, sendCode, SMS_CODE_TTL_MS, SMS_RESEND_MS } from "../../../workers/wps-sandbox/sms";
import { memorySmsStore } from "./memory-stores";

const NOW = 1_763_000_000_000;
const NUMBER = "+84912345678";

describe("SMS codes", () => {
  it("sends a 6-digit code that lives 90 s", async () => {
    const sent = await sendCode(memorySmsStore(), "vn88", NUMBER, NOW);
    expect(sent.ok && sent.code).toMatchObject({ code: expect.stringMatching(/^\d{6}$/), expiresAt: NOW + 90_000 });
  });

  it("refuses a resend within 30 s, per number and merchant", async () => {
    const store = memorySmsStore();
    await sendCode(store, "vn88", NUMBER, NOW);
    expect(await sendCode(store, "vn88", NUMBER, NOW + SMS_RESEND_MS - 1)).toEqual({
      ok: false,
      errorCode: "TOO_MANY_REQUEST_SMS",
      retryAfterSeconds: 1,
    });
    expect((await sendCode(store, "vn88", "+84912345679", NOW)).ok).toBe(true);
    expect((await sendCode(store, "demo", NUMBER, NOW)).ok).toBe(true);
    expect((await sendCode(store, "vn88", NUMBER, NOW + SMS_RESEND_MS)).ok).toBe(true);
    expect((await store.list("vn88", NUMBER)).map((c) => c.createdAt)).toEqual([NOW + SMS_RESEND_MS, NOW]);
  });

  it("checks against the newest code: none/expired → code-expired, wrong → sms.code.invalid", async () => {
    const store = memorySmsStore();
    expect(await checkCode(store, "vn88", NUMBER, "123456", NOW)).toEqual({ ok: false, errorCode: "code-expired" });
    const first = await sendCode(store, "vn88", NUMBER, NOW);
    const second = await sendCode(store, "vn88", NUMBER, NOW + SMS_RESEND_MS);
    if (!first.ok || !second.ok) throw new Error("send failed");
    const wrong = second.code.code === "000000" ? "111111" : "000000";
    expect(await checkCode(store, "vn88", NUMBER, wrong, NOW + SMS_RESEND_MS)).toEqual({ ok: false, errorCode: "sms.code.invalid" });
    if (first.code.code !== second.code.code) {
      expect(await checkCode(store, "vn88", NUMBER, first.code.code, NOW + SMS_RESEND_MS)).toMatchObject({ ok: false });
    }
    expect(await checkCode(store, "vn88", NUMBER, ` ${second.code.code} `, NOW + SMS_RESEND_MS)).toEqual({ ok: true, id: second.code.id });
    expect(await checkCode(store, "vn88", NUMBER, second.code.code, NOW + SMS_RESEND_MS + SMS_CODE_TTL_MS)).toEqual({
      ok: false,
      errorCode: "code-expired",
    });
    expect(await checkCode(store, "demo", NUMBER, second.code.code, NOW + SMS_RESEND_MS)).toEqual({ ok: false, errorCode: "code-expired" });
  });

  it("uses a code up once", async () => {
    const store = memorySmsStore();
    const sent = await sendCode(store, "vn88", NUMBER, NOW);
    if (!sent.ok) throw new Error("send failed");
    const check = await checkCode(store, "vn88", NUMBER, sent.code.code, NOW + 1000);
    if (!check.ok) throw new Error("check failed");
    expect(await consumeCode(store, check.id, NOW + 1000)).toBe(true);
    expect(await consumeCode(store, check.id, NOW + 1000)).toBe(false);
    expect(await checkCode(store, "vn88", NUMBER, sent.code.code, NOW + 2000)).toEqual({ ok: false, errorCode: "code-expired" });
  });
});
