// What `npm run platform -- check` prints and records leaves out tokens, credentials, names, phone numbers, amounts and
// ids, and keeps each answer's shape (docs/behaviour/operations.md#going-live).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CHECKED_CALLS } from "../../../scripts/platform/calls";
import { main } from "../../../scripts/platform/cli";
import { evaluate } from "../../../scripts/platform/evaluate";
import { redactValue } from "../../../scripts/platform/redact";

const TOKEN = "f00dfeedcafe4b1d9a7e5c3b2a190817";
const PASSWORD = "S3cret-Pass!";
const USERNAME = "alice77";
// A 1024-bit odd number: any will do for the client's encryption (the fake platform does not decrypt).
const MODULUS = `c${"5".repeat(254)}b`;

/** A platform that knows one member: her token, name, phone, e-mail, balance and ids in its answers. */
const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const json = (value: unknown) =>
    new Response(JSON.stringify({ success: true, value }), { headers: { "content-type": "application/json" } });
  switch (url.pathname) {
    case "/wps/session/key/rsa":
      return new Response(MODULUS, { headers: { "content-type": "text/plain" } });
    case "/wps/session/login":
      return json({ id: 918273, token: TOKEN, userName: USERNAME, customerType: 0, firstTimeLogin: false, passwordExpired: false });
    case "/wps/member/info":
      return json({
        id: 918273,
        userName: USERNAME,
        realName: "Alice Example",
        mobileNum: "+84912345678",
        email: "alice@example.com",
        balance: 1234.56,
        type: 0,
        language: "EN",
      });
    case "/wps/relay/MCSFE_getPromotionList":
      return json([
        { id: "PROMO-4471", promotionType: "DEPOSIT", title: "Deposit bonus", maxBonus: 777, currency: "USD", rewardCenter: false },
      ]);
    case "/wps/member/referral":
      return json({
        referralCode: "ALICE77REF",
        referralLink: `https://demo.example.com/m/register?referralCode=ALICE77REF&u=${USERNAME}`,
      });
    case "/wps/system/setting":
      return json({
        whitelabelVal: {},
        captcha: { login: false },
        gw: {},
        sms: {},
        currency: "USD",
        countryCode: "US",
        countryDialingCode: "1",
      });
    default:
      return new Response(JSON.stringify({ success: true }), { headers: { "content-type": "application/json" } });
  }
};

const SECRETS = [
  TOKEN,
  PASSWORD,
  USERNAME,
  "Alice Example",
  "912345678",
  "alice@example.com",
  "1234.56",
  "918273",
  "PROMO-4471",
  "777",
  "ALICE77REF",
];

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

async function run(args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await main(
    ["check", "--merchant", "demo", "--platform-origin", "https://platform.example.com", "--member", USERNAME, ...args],
    { out: (line) => lines.push(line), err: (line) => lines.push(line), askSecret: async () => PASSWORD, env: {} },
    { fetch: fakeFetch },
  );
  return { code, output: lines.join("\n") };
}

describe("redaction", () => {
  it("masks tokens, names, phone numbers, e-mail addresses, amounts and ids, keeping their shape", () => {
    expect(
      redactValue(
        {
          token: TOKEN,
          userName: USERNAME,
          mobileNum: "+84912345678",
          email: "a@b.co",
          balance: 12.5,
          maxBonus: 700,
          id: 42,
          promotionId: "P-9",
          title: "Kept",
        },
        [],
      ),
    ).toEqual({
      token: TOKEN.replace(/[a-z]/g, "x").replace(/[0-9]/g, "0"),
      userName: "xxxxx00",
      mobileNum: "+00000000000",
      email: "x@x.xx",
      balance: 0.5,
      maxBonus: 0,
      id: 0,
      promotionId: "X-0",
      title: "Kept",
    });
  });

  it("masks a member's known secrets wherever they appear in other text", () => {
    expect(redactValue({ value: `https://chat.example.com/?member=${USERNAME}&t=${TOKEN}` }, [USERNAME, TOKEN])).toEqual({
      value: `https://chat.example.com/?member=xxxxx00&t=${TOKEN.replace(/[a-z]/g, "x").replace(/[0-9]/g, "0")}`,
    });
  });

  it("records answers without the member's token, password, name, phone, e-mail, balance or ids, and they still replay", async () => {
    dir = mkdtempSync(join(tmpdir(), "platform-record-"));
    const { code } = await run(["--record", dir]);
    expect(code).toBe(0);
    const files = readdirSync(dir);
    expect(files).toEqual(expect.arrayContaining(["login.json", "member-info.json", "promotions-member.json", "referral.json"]));
    for (const name of files) {
      const text = readFileSync(join(dir, name), "utf8");
      for (const secret of SECRETS) expect(text.toLowerCase(), `${name} holds ${secret}`).not.toContain(secret.toLowerCase());
      if (!["login.json", "member-info.json", "promotions-member.json", "referral.json"].includes(name)) continue;
      const fixture = JSON.parse(text) as { call: string; status: number; contentType: string; body: unknown };
      const call = CHECKED_CALLS.find((c) => c.id === fixture.call)!;
      const body = typeof fixture.body === "string" ? fixture.body : JSON.stringify(fixture.body);
      expect(evaluate({ kind: "answer", status: fixture.status, contentType: fixture.contentType, text: body }, call).result, name).toBe(
        "ok",
      );
    }
  });

  it("prints neither the password nor the token, in the table or as JSON", async () => {
    for (const args of [[], ["--json"]]) {
      const { code, output } = await run(args);
      expect(code).toBe(0);
      expect(output).toContain("login");
      for (const secret of [TOKEN, PASSWORD]) expect(output).not.toContain(secret);
    }
  });

  it("refuses a password given as an argument", async () => {
    const { code, output } = await run(["--password", PASSWORD]);
    expect(code).toBe(2);
    expect(output).toContain("PLATFORM_CHECK_PASSWORD");
  });
});
