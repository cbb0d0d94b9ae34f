// The IdentityGuard's rules as plain form posts against the built Worker and the sandbox platform: wrong codes end a
// two-factor step or an SMS code, and a stranger's wrong passwords lock the stranger, not the owner's own device
// (docs/behaviour/identity.md#throttling, #wrong-codes).
import { beforeEach, describe, expect, it } from "vitest";
import { dialogs, getPage, postJson, type RawReply } from "../support/http";
import { cookieJar, inputTag, postForm } from "../support/forms";

beforeEach(async () => {
  const reply = await postJson("/__sandbox/reset", { data: true });
  expect(reply.status, reply.body).toBe(200);
});

function noticeText(reply: RawReply): string {
  return dialogs(reply.body)
    .map((d) => d.text)
    .join("\n");
}

function sessionCookie(reply: RawReply): string | undefined {
  return reply.cookies.find((line) => line.startsWith("mc_session="));
}

async function currentTotp(username: string): Promise<string> {
  const reply = await getPage("demo.localhost", `/__sandbox/totp?merchant=demo&username=${username}`);
  return reply.json<{ value: { code: string } }>().value.code;
}

describe("wrong codes are counted", () => {
  it("five wrong authenticator codes end the two-factor step: the right code is then refused, and a new login starts afresh", async () => {
    const start = await postForm("demo.localhost", "/m/login", { username: "ga01", password: "demo1234" });
    expect(start.status).toBe(200);
    const pending = cookieJar(start);
    expect(pending).toContain("mc_2fa=");
    const right = await currentTotp("ga01");
    const wrong = right === "000000" ? "111111" : "000000";

    const answers: RawReply[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(await postForm("demo.localhost", "/m/login", { intent: "verify", method: "ga", authCode: wrong }, { Cookie: pending }));
    }
    expect(answers.map((reply) => reply.status)).toEqual([400, 400, 400, 400, 400]);
    expect(noticeText(answers[3]!)).not.toContain("Too many wrong codes");
    expect(noticeText(answers[4]!)).toContain("Too many wrong codes. Please log in again.");

    // The same step (a copy of its cookie) with the right code: refused, and the page is the login form again.
    const refused = await postForm(
      "demo.localhost",
      "/m/login",
      { intent: "verify", method: "ga", authCode: await currentTotp("ga01") },
      { Cookie: pending },
    );
    expect(refused.status).toBe(429);
    expect(noticeText(refused)).toContain("Too many wrong codes. Please log in again.");
    expect(sessionCookie(refused)).toBeUndefined();
    expect(inputTag(refused.body, "password")).not.toBe("");

    const again = await postForm("demo.localhost", "/m/login", { username: "ga01", password: "demo1234" });
    const verified = await postForm(
      "demo.localhost",
      "/m/login",
      { intent: "verify", method: "ga", authCode: await currentTotp("ga01") },
      { Cookie: cookieJar(again) },
    );
    expect(verified.status).toBe(302);
  });

  it("five wrong SMS login codes on br777 end the code: the right one is then refused, in Portuguese", async () => {
    const mobile = { mode: "sms", countryDialingCode: "55", mobileNum: "900000001" };
    const sent = await postForm("br.localhost", "/m/login", { ...mobile, intent: "send-code" });
    expect(sent.status, sent.body.slice(0, 300)).toBe(200);
    const codes = await getPage("br.localhost", `/__sandbox/sms?merchant=br777&mobileNum=${encodeURIComponent("+55900000001")}`);
    const right = codes.json<{ value: { code: string }[] }>().value[0]!.code;
    const wrong = right === "000000" ? "111111" : "000000";

    const answers: RawReply[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await postForm("br.localhost", "/m/login", { ...mobile, verificationCode: wrong }));
    expect(answers.map((reply) => reply.status)).toEqual([400, 400, 400, 400, 400]);
    expect(noticeText(answers[4]!)).toContain("Muitos códigos incorretos. Solicite um novo código.");

    const refused = await postForm("br.localhost", "/m/login", { ...mobile, verificationCode: right });
    expect(refused.status).toBe(429);
    expect(noticeText(refused)).toContain("Muitos códigos incorretos. Solicite um novo código.");
    expect(sessionCookie(refused)).toBeUndefined();
  });
});

describe("lockouts a stranger cannot turn against the owner", () => {
  /** A browser: its own address, the device cookie it was given and a pending two-factor step (each login starts logged out). */
  function browser(address: string) {
    const replies: RawReply[] = [];
    async function post(fields: Record<string, string>) {
      const jar = cookieJar(...replies)
        .split("; ")
        .filter((pair) => pair.startsWith("mc_device=") || pair.startsWith("mc_2fa="))
        .join("; ");
      const reply = await postForm("demo.localhost", "/m/login", fields, { "CF-Connecting-IP": address, ...(jar ? { Cookie: jar } : {}) });
      replies.push(reply);
      return reply;
    }
    return { post, login: (password: string, username = "demo01") => post({ username, password }) };
  }

  it("a stranger's five wrong passwords lock the stranger's device, while the owner's phone still logs in", async () => {
    const owner = browser("198.51.100.10");
    expect((await owner.login("demo1234")).status).toBe(302);

    const stranger = browser("203.0.113.20");
    for (let i = 0; i < 5; i += 1) expect((await stranger.login(`guess-${i}`)).status).toBe(400);
    const locked = await stranger.login("demo1234");
    expect(locked.status).toBe(429);
    expect(noticeText(locked)).toMatch(/Too many attempts\. Please try again in 1[45] minutes\./);

    const again = await owner.login("demo1234");
    expect(again.status).toBe(302);
    expect(sessionCookie(again)).toBeDefined();
  });

  it("guesses from many devices hold back devices new to the account, never one it logged in from", async () => {
    const owner = browser("198.51.100.11");
    expect((await owner.login("demo1234")).status).toBe(302);

    for (let device = 0; device < 4; device += 1) {
      const stranger = browser(`203.0.113.${30 + device}`);
      for (let i = 0; i < 5; i += 1) expect((await stranger.login(`guess-${device}-${i}`)).status).toBe(400);
    }
    const newcomer = await browser("203.0.113.40").login("demo1234");
    expect(newcomer.status).toBe(429);
    expect(sessionCookie(newcomer)).toBeUndefined();

    const again = await owner.login("demo1234");
    expect(again.status).toBe(302);
    expect(sessionCookie(again)).toBeDefined();
  });

  it("a device that passed the two-factor step is known to the account too", async () => {
    const owner = browser("198.51.100.12");
    expect((await owner.login("demo1234", "ga01")).status).toBe(200);
    expect((await owner.post({ intent: "verify", method: "ga", authCode: await currentTotp("ga01") })).status).toBe(302);

    for (let device = 0; device < 4; device += 1) {
      const stranger = browser(`203.0.113.${50 + device}`);
      for (let i = 0; i < 5; i += 1) expect((await stranger.login(`guess-${device}-${i}`, "ga01")).status).toBe(400);
    }
    expect((await browser("203.0.113.59").login("demo1234", "ga01")).status).toBe(429);
    const step = await owner.login("demo1234", "ga01");
    expect(step.status).toBe(200);
    expect(step.cookies.some((line) => line.startsWith("mc_2fa="))).toBe(true);
  });

  it("the sandbox's data reset forgets the counts, wherever they are kept", async () => {
    const stranger = browser("203.0.113.60");
    for (let i = 0; i < 5; i += 1) await stranger.login(`guess-${i}`);
    expect((await stranger.login("guess-5")).status).toBe(429);
    const reset = await postJson("/__sandbox/reset", { data: true });
    expect(reset.status).toBe(200);
    expect((await stranger.login("guess-6")).status).toBe(400);
  });
});
