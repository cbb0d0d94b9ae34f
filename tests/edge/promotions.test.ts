// Promotions, the protected promotion routes, the rewards centre, invite friends and language sync
// (docs/behaviour/promotions.md), over HTTP against the built Worker and the sandbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyText, getPage, postJson, request, hostFor, resetFaults, resetSandboxData, setFaults, type RawReply } from "../support/http";
import { memberSession, platformLogin } from "../support/member";
import { postForm } from "../support/forms";

const PROTECTED = [
  "/m/activity/signIn",
  "/m/activity/noviceTask",
  "/m/activity/rescue",
  "/m/voucherCenter",
  "/m/leaderBoard",
  "/m/member/benefits",
];

const calls = (reply: RawReply) => Number(reply.header("x-platform-calls"));

async function setWhitelabel(merchant: string, flags: Record<string, boolean>): Promise<void> {
  const reply = await postJson("/__sandbox/whitelabel", { merchant, flags });
  if (reply.status !== 200) throw new Error(`whitelabel control failed: ${reply.status} ${reply.body}`);
}

async function platformLanguage(username: string, merchant = "demo"): Promise<string> {
  const reply = await request({ host: hostFor("demo.localhost"), path: `/__sandbox/member?merchant=${merchant}&username=${username}` });
  return reply.json<{ value: { language: string } }>().value.language;
}

let demo01: string;
let member1: string;
let member2: string;

beforeAll(async () => {
  await resetSandboxData("demo");
  demo01 = (await memberSession("demo01")).cookie;
  member1 = (await memberSession("member1")).cookie;
  member2 = (await memberSession("member2")).cookie;
});

afterAll(async () => {
  await resetFaults();
  await resetSandboxData("demo");
});

describe("/m/activity", () => {
  it("lists the public promotions for a visitor, without the member-only ones", async () => {
    const page = await getPage("demo.localhost", "/m/activity");
    expect(page.status).toBe(200);
    const text = bodyText(page.body);
    expect(text).toContain("Daily sign-in reward");
    expect(text).toContain("US$88.50");
    expect(text).not.toContain("Rescue fund");
    expect(page.body).toContain('href="/m/activity?id=demo-login"');
  });

  it("lists the member's own promotions, member-only ones included", async () => {
    const page = await getPage("demo.localhost", "/m/activity", { Cookie: demo01 });
    expect(page.status).toBe(200);
    expect(bodyText(page.body)).toContain("Rescue fund");
  });

  it("translates the platform's titles (VI on vn.localhost) and formats in the merchant's currency", async () => {
    const page = await getPage("vn.localhost", "/m/activity?id=vn88-login");
    expect(page.status).toBe(200);
    const text = bodyText(page.body);
    expect(text).toContain("Thưởng điểm danh mỗi ngày");
    expect(text).toMatch(/₫88,500/);
  });

  it("opens one promotion by id: title, period, maximum bonus, plain text; a visitor gets a login link back to it", async () => {
    const page = await getPage("demo.localhost", "/m/activity?id=demo-login");
    expect(page.status).toBe(200);
    const text = bodyText(page.body);
    expect(text).toContain("Daily sign-in reward");
    expect(text).toContain("Jan 1, 2026");
    expect(text).toContain("Sign in on 7 days in a row to collect the full reward.");
    expect(page.body).not.toContain("<b>7 days");
    expect(page.body).toContain('href="/m/login?redirectUrl=%2Fm%2Factivity%3Fid%3Ddemo-login"');
    expect(text).not.toContain("Go to promotion");
  });

  it("shows a member of type 0 the go-to button per the rules", async () => {
    const login = await getPage("demo.localhost", "/m/activity?id=demo-login", { Cookie: demo01 });
    expect(login.body).toMatch(/href="\/m\/activity\/signIn"[^>]*>Go to promotion/);
    const deposit = await getPage("demo.localhost", "/m/activity?id=demo-first-deposit", { Cookie: demo01 });
    expect(bodyText(deposit.body)).not.toContain("Go to promotion");
    const referral = await getPage("demo.localhost", "/m/activity?id=demo-referral", { Cookie: demo01 });
    expect(referral.body).toMatch(/href="\/m\/inviteFriends"[^>]*>Go to promotion/);
  });

  it("hides REFERRAL's go-to button from a member of type 1 and UPGRADE_BONUS's from a member without VIP benefits", async () => {
    const referral = await getPage("demo.localhost", "/m/activity?id=demo-referral", { Cookie: member1 });
    expect(referral.status).toBe(200);
    expect(bodyText(referral.body)).not.toContain("Go to promotion");
    const upgrade = await getPage("demo.localhost", "/m/activity?id=demo-upgrade-bonus", { Cookie: member2 });
    expect(bodyText(upgrade.body)).not.toContain("Go to promotion");
    const vip = (await memberSession("vip01")).cookie;
    const shown = await getPage("demo.localhost", "/m/activity?id=demo-upgrade-bonus", { Cookie: vip });
    expect(shown.body).toMatch(/href="\/m\/member\/benefits"[^>]*>Go to promotion/);
  });

  it("answers an unknown id with a translated not-found state, 404", async () => {
    const page = await getPage("demo.localhost", "/m/activity?id=nope");
    expect(page.status).toBe(404);
    expect(bodyText(page.body)).toContain("Promotion not found");
    const vi = await getPage("vn.localhost", "/m/activity?id=nope");
    expect(vi.status).toBe(404);
    expect(bodyText(vi.body)).toContain("Không tìm thấy khuyến mãi");
  });

  it("a member-only promotion is not found for a visitor", async () => {
    expect((await getPage("demo.localhost", "/m/activity?id=demo-savior")).status).toBe(404);
    expect((await getPage("demo.localhost", "/m/activity?id=demo-savior", { Cookie: demo01 })).status).toBe(200);
  });
});

describe("protected promotion routes", () => {
  it.each(PROTECTED)("%s sends a visitor to /m/login with the way back", async (path) => {
    const page = await getPage("demo.localhost", path);
    expect(page.status).toBe(302);
    expect(page.header("location")).toBe(`/m/login?redirectUrl=${encodeURIComponent(path)}`);
  });

  it.each([
    ["/m/activity/signIn", "Daily sign-in reward"],
    ["/m/activity/noviceTask", "Novice missions"],
    ["/m/activity/rescue", "Rescue fund"],
    ["/m/voucherCenter", "Deposit and play voucher"],
    ["/m/leaderBoard", "Deposit leaderboard"],
    ["/m/member/benefits", "VIP upgrade bonus"],
  ])("%s shows a member the promotion it stands for, with no link to itself", async (path, title) => {
    const page = await getPage("demo.localhost", path, { Cookie: demo01 });
    expect(page.status).toBe(200);
    expect(bodyText(page.body)).toContain(title);
    expect(page.body).not.toContain(`href="${path}"`);
  });

  it("VIP benefits say when the member's club label does not show them", async () => {
    const page = await getPage("demo.localhost", "/m/member/benefits", { Cookie: demo01 });
    expect(bodyText(page.body)).toContain("VIP benefits are not available for your membership level yet.");
  });
});

describe("promotion pages from the promotion's detail", () => {
  const mainOf = (html: string) => bodyText(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html);

  it("/m/activity/signIn shows the sign-in calendar with today's state and the claim", async () => {
    const page = await getPage("demo.localhost", "/m/activity/signIn", { Cookie: demo01 });
    const text = mainOf(page.body);
    expect(text).toContain("Sign-in calendar");
    expect(text).toMatch(/Day 1 .*Day 7/);
    expect(page.body).toContain('aria-current="date"');
    expect(text).toContain("Sign in today");
  });

  it("/m/activity/noviceTask lists the tasks with progress, reward and a claim for a completed task", async () => {
    const text = mainOf((await getPage("demo.localhost", "/m/activity/noviceTask", { Cookie: demo01 })).body);
    expect(text).toContain("Verify your phone 1 of 1 Reward: US$5.00 Claim");
    expect(text).toContain("Play 10 rounds 3 of 10 Reward: US$15.00");
  });

  it("/m/activity/rescue shows the loss, the rescue amount and its claim", async () => {
    const text = mainOf((await getPage("demo.localhost", "/m/activity/rescue", { Cookie: demo01 })).body);
    expect(text).toMatch(/Net loss on \w{3} \d{1,2}, \d{4} US\$[\d,]+\.00 Rescue \(5% of the loss\) US\$[\d,.]+ Claim rescue/);
  });

  it("/m/voucherCenter lists the member's vouchers with expiry and state, and redeems a usable one", async () => {
    const text = mainOf((await getPage("demo.localhost", "/m/voucherCenter", { Cookie: demo01 })).body);
    expect(text).toMatch(/US\$20\.00 Usable Expires: .+ Redeem US\$50\.00 Redeemed Expires: .+ US\$10\.00 Expired/);
  });

  it("/m/leaderBoard shows the ranking with masked names and the member's own row", async () => {
    const page = await getPage("demo.localhost", "/m/leaderBoard", { Cookie: demo01 });
    const text = mainOf(page.body);
    expect(text).toContain("Rank Player Score 1 lu***88 120");
    expect(page.body).not.toContain("luckystar88");
    expect(text).toMatch(/\d+ You \( demo01 \) \d+/);
  });

  it("/m/member/benefits shows the VIP tiers and marks the member's tier from the club label", async () => {
    const vip = (await memberSession("vip01")).cookie;
    const page = await getPage("demo.localhost", "/m/member/benefits", { Cookie: vip });
    const text = mainOf(page.body);
    expect(text).toContain("Your level: VIP Gold");
    expect(text).toMatch(
      /Bronze Upgrade bonus .*Silver .*VIP Gold Your level Upgrade bonus US\$100\.00 Rebate 0\.6% Withdrawals per day 10/,
    );
  });

  it("a claim as a plain form post shows the new state; a second one is refused in the player's language", async () => {
    const { cookie } = await memberSession("member2");
    const before = await getPage("demo.localhost", "/m/activity/signIn", { Cookie: cookie });
    expect(mainOf(before.body)).toContain("Sign in today");
    const claimed = await postForm("demo.localhost", "/m/activity/signIn", { promotionId: "demo-login" }, { Cookie: cookie });
    expect(claimed.status).toBe(200);
    const after = mainOf(claimed.body);
    expect(after).toContain("Claimed: US$");
    expect(after).toContain("You have signed in today.");
    expect(after).not.toContain("Sign in today");
    const again = await postForm("demo.localhost", "/m/activity/signIn", { promotionId: "demo-login" }, { Cookie: cookie });
    expect(again.status).toBe(409);
    expect(mainOf(again.body)).toContain("You have already claimed this reward.");
    const vi = await postForm("demo.localhost", "/m/activity/signIn?language=VI", { promotionId: "demo-login" }, { Cookie: cookie });
    expect(mainOf(vi.body)).toContain("Bạn đã nhận phần thưởng này rồi.");
  });

  it("a voucher is redeemed once", async () => {
    const { cookie } = await memberSession("member1");
    const page = await getPage("demo.localhost", "/m/voucherCenter", { Cookie: cookie });
    const voucher = /name="target" value="([^"]+)"/.exec(page.body)?.[1];
    expect(voucher).toBeDefined();
    const redeemed = await postForm(
      "demo.localhost",
      "/m/voucherCenter",
      { promotionId: "demo-deposit-bet-bonus", target: voucher! },
      { Cookie: cookie },
    );
    expect(mainOf(redeemed.body)).toMatch(/US\$20\.00 Redeemed .*Claimed: US\$20\.00\./);
    const again = await postForm(
      "demo.localhost",
      "/m/voucherCenter",
      { promotionId: "demo-deposit-bet-bonus", target: voucher! },
      { Cookie: cookie },
    );
    expect(mainOf(again.body)).toContain("You have already claimed this reward.");
  });

  it("a task not completed is refused", async () => {
    const reply = await postForm(
      "demo.localhost",
      "/m/activity/noviceTask",
      { promotionId: "demo-mission", target: "play-10" },
      { Cookie: demo01 },
    );
    expect(reply.status).toBe(409);
    expect(mainOf(reply.body)).toContain("This reward cannot be claimed now.");
  });

  it("a detail in another shape is a notice in its promotion's section, with nothing to claim", async () => {
    await setFaults({
      merchant: "demo",
      drift: { renames: [{ call: "/wps/relay/MCSFE_getPromotionDetail", field: "signIn.today", to: "todayDate" }] },
    });
    try {
      const page = await getPage("demo.localhost", "/m/activity/signIn", { Cookie: demo01 });
      expect(page.status).toBe(200);
      const text = mainOf(page.body);
      expect(text).toContain("Daily sign-in reward");
      expect(text).toContain("The details of this promotion could not be loaded.");
      expect(text).not.toContain("Sign in today");
    } finally {
      await resetFaults("demo");
    }
  });

  it("the sandbox serves a detail for every promotion a member's list has, with the section of its type", async () => {
    const { token } = await platformLogin("member1");
    const direct = (path: string) =>
      request({ host: hostFor("demo.localhost"), path: `/__sandbox/direct${path}`, headers: { Merchant: "demo", Authorization: token } });
    const list = (await direct("/wps/relay/MCSFE_getPromotionList?platform=M")).json<{ value: { id: string; promotionType: string }[] }>();
    const SECTIONS: Record<string, string> = {
      LOGIN: "signIn",
      REGISTER: "tasks",
      MISSION: "tasks",
      SAVIOR: "rescue",
      DEPOSIT_BET_BONUS: "vouchers",
      DEPOSIT_COUNT: "ranking",
      UPGRADE_BONUS: "tiers",
    };
    expect(list.value.length).toBeGreaterThanOrEqual(14);
    for (const item of list.value) {
      const reply = (await direct(`/wps/relay/MCSFE_getPromotionDetail?id=${encodeURIComponent(item.id)}`)).json<{
        success: boolean;
        value: Record<string, unknown>;
      }>();
      expect(reply.success, item.id).toBe(true);
      expect(reply.value.promotionType).toBe(item.promotionType);
      const section = SECTIONS[item.promotionType];
      if (section) expect(reply.value[section], item.id).toBeDefined();
    }
  });

  it("a visitor's claim goes to the login page, and a claim from another site is refused", async () => {
    const visitor = await postForm("demo.localhost", "/m/activity/rescue", { promotionId: "demo-savior" });
    expect(visitor.status).toBe(302);
    expect(visitor.header("location")).toBe("/m/login?redirectUrl=%2Fm%2Factivity%2Frescue");
    const foreign = await postForm(
      "demo.localhost",
      "/m/activity/rescue",
      { promotionId: "demo-savior" },
      { Cookie: demo01, Origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(mainOf((await getPage("demo.localhost", "/m/activity/rescue", { Cookie: demo01 })).body)).toContain("Claim rescue");
  });

  it("a claim of another page's promotion is refused at the edge", async () => {
    const reply = await postForm("demo.localhost", "/m/leaderBoard", { promotionId: "demo-login" }, { Cookie: demo01 });
    expect(reply.status).toBe(400);
    expect(mainOf(reply.body)).toContain("This reward cannot be claimed now.");
  });
});

describe("/m/rewardCenter", () => {
  it("sends a visitor to the login page", async () => {
    const page = await getPage("demo.localhost", "/m/rewardCenter");
    expect(page.status).toBe(302);
    expect(page.header("location")).toBe("/m/login?redirectUrl=%2Fm%2FrewardCenter");
  });

  it("lists the rewards-centre promotions while REWCEN3 is on", async () => {
    const page = await getPage("demo.localhost", "/m/rewardCenter", { Cookie: demo01 });
    expect(page.status).toBe(200);
    const text = bodyText(page.body);
    expect(text).toContain("Daily sign-in reward");
    expect(text).toContain("Novice missions");
    expect(text).not.toContain("Welcome bonus");
  });

  it("says the rewards centre is off, without asking for its promotions, when REWCEN3 is turned off", async () => {
    const on = await getPage("demo.localhost", "/m/rewardCenter", { Cookie: demo01 });
    await setWhitelabel("demo", { REWCEN3: false });
    try {
      const page = await getPage("demo.localhost", "/m/rewardCenter", { Cookie: demo01 });
      expect(page.status).toBe(200);
      expect(bodyText(page.body)).toContain("The rewards centre is not available: it is turned off for this site.");
      expect(bodyText(page.body)).not.toContain("Daily sign-in reward");
      // Warm again: member info only, and no rewards-centre call.
      const warm = await getPage("demo.localhost", "/m/rewardCenter", { Cookie: demo01 });
      expect(calls(warm)).toBeLessThan(calls(on));
    } finally {
      await resetFaults("demo");
    }
    expect(bodyText((await getPage("demo.localhost", "/m/rewardCenter", { Cookie: demo01 })).body)).toContain("Daily sign-in reward");
  });

  it("is off on br777 by default, in Brazilian Portuguese", async () => {
    const { cookie } = await memberSession("demo01", "br.localhost", "br777");
    const page = await getPage("br.localhost", "/m/rewardCenter", { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(bodyText(page.body)).toContain("A central de recompensas não está disponível");
  });
});

describe("/m/inviteFriends", () => {
  it("is open to a visitor: the invitation to register or log in", async () => {
    const page = await getPage("demo.localhost", "/m/inviteFriends");
    expect(page.status).toBe(200);
    expect(bodyText(page.body)).toContain("Create an account to get your own referral link");
    expect(page.body).toContain('href="/m/register"');
  });

  it("shows a member the referral code and a link to the site's registration", async () => {
    const page = await getPage("demo.localhost", "/m/inviteFriends", { Cookie: demo01 });
    expect(page.status).toBe(200);
    const code = /id="referral-code"[^>]*value="([A-Z0-9]+)"/.exec(page.body)?.[1];
    expect(code).toMatch(/^DEMO[A-Z0-9]+$/);
    expect(page.body).toContain(`value="http://${hostFor("demo.localhost")}/m/register?referralCode=${code}"`);
  });
});

describe("platform failure", () => {
  it("the promotions page still answers, with a translated notice", async () => {
    await setFaults({ merchant: "vn88", latencyMs: 5_000, latencyPaths: ["/wps/relay/MCSFE_getPromotionList"] });
    try {
      const page = await getPage("vn.localhost", "/m/activity");
      expect(page.status).toBe(200);
      expect(bodyText(page.body)).toContain("Không thể tải khuyến mãi lúc này");
    } finally {
      await resetFaults("vn88");
    }
  });

  it("a malformed reply leaves the page answering", async () => {
    await setFaults({ merchant: "demo", malformedJson: true });
    try {
      const page = await getPage("demo.localhost", "/m/activity");
      expect(page.status).toBeLessThan(500);
      expect(page.body).not.toMatch(/at .*\.js:\d+/);
    } finally {
      await resetFaults("demo");
    }
  });
});

describe("language sync", () => {
  it("tells the platform the page's language only when it differs", async () => {
    expect(await platformLanguage("member1")).toBe("EN");
    await getPage("demo.localhost", "/m/member/home", { Cookie: member1 });
    await getPage("demo.localhost", "/m/member/home?language=VI");
    // Warm: the shared reads of both languages are cached; the member's own are asked every time.
    const same = await getPage("demo.localhost", "/m/member/home", { Cookie: member1 });
    expect(same.status).toBe(200);
    const changed = await getPage("demo.localhost", "/m/member/home?language=VI", { Cookie: member1 });
    expect(changed.status).toBe(200);
    expect(calls(changed)).toBe(calls(same) + 1);
    expect(await platformLanguage("member1")).toBe("VI");
    const again = await getPage("demo.localhost", "/m/member/home?language=VI", { Cookie: member1 });
    expect(calls(again)).toBe(calls(same));
  });

  it("never for a restricted member (type 4)", async () => {
    const { cookie } = await memberSession("restricted01");
    await getPage("demo.localhost", "/m/member/home", { Cookie: cookie });
    await getPage("demo.localhost", "/m/member/home?language=VI");
    const first = await getPage("demo.localhost", "/m/member/home", { Cookie: cookie });
    const other = await getPage("demo.localhost", "/m/member/home?language=VI", { Cookie: cookie });
    expect(other.status).toBe(200);
    expect(calls(other)).toBe(calls(first));
    expect(await platformLanguage("restricted01")).toBe("EN");
  });
});
