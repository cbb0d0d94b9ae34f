// A platform out of service or too slow while a player posts an identity form (docs/behaviour/errors.md#outage-notice,
// #action-deadline): the translated "temporarily unavailable" notice with 503 whatever step failed (the RSA key fetch
// included), and a form post that answers by the action deadline with the notice and what was typed. Plain form
// posts, as without JavaScript; faults are set per merchant and cleared after each test.
import { afterEach, describe, expect, it } from "vitest";
import { dialogs, resetFaults, resetSandboxData, setFaults, type RawReply } from "../support/http";
import { cookieJar, inputValue, postForm, uniqueUsername } from "../support/forms";
import { testTimings } from "../support/timings";

const UNAVAILABLE = "The service is temporarily unavailable. Please try again.";
const UNAVAILABLE_VI = "Dịch vụ tạm thời không khả dụng. Vui lòng thử lại.";

/** The notice dialogs' text on a server-rendered page. */
function notices(reply: RawReply): string[] {
  return dialogs(reply.body).map((dialog) => dialog.text);
}

afterEach(() => resetFaults());

describe("a platform answering 502 during an identity form: 503 and the translated notice", () => {
  it("vn88: a login with no cached encryption key gets the notice in Vietnamese and keeps the username", async () => {
    // A data reset also empties the edge's key cache: the key fetch is the step that fails.
    await resetSandboxData("vn88");
    await setFaults({ merchant: "vn88", httpStatus: 502 });
    const reply = await postForm("vn.localhost", "/m/login", { username: "demo01", password: "demo1234" });
    expect(reply.status).toBe(503);
    expect(notices(reply)).toEqual([expect.stringContaining(UNAVAILABLE_VI)]);
    expect(reply.body).not.toContain("Missing Encryption");
    expect(inputValue(reply.body, "username")).toBe("demo01");
    expect(reply.body).not.toContain("demo1234");
  });

  it("a registration gets the notice and keeps the username", async () => {
    await setFaults({ merchant: "demo", httpStatus: 502 });
    const username = uniqueUsername("out");
    const reply = await postForm("demo.localhost", "/m/register", { mode: "username", username, password: "abc12345" });
    expect(reply.status).toBe(503);
    expect(notices(reply)).toEqual([expect.stringContaining(UNAVAILABLE)]);
    expect(inputValue(reply.body, "username")).toBe(username);
  });

  it("an SMS code sent from the login form (vn88) and through /m/sms-code gets the notice", async () => {
    await setFaults({ merchant: "vn88", httpStatus: 502 });
    const mobile = { countryDialingCode: "84", mobileNum: "912345678" };
    const form = await postForm("vn.localhost", "/m/login", { intent: "send-code", mode: "sms", ...mobile });
    expect(form.status).toBe(503);
    expect(notices(form)).toEqual([expect.stringContaining(UNAVAILABLE_VI)]);
    const sent = await postForm("vn.localhost", "/m/sms-code", mobile);
    expect(sent.status).toBe(503);
    expect(sent.json()).toMatchObject({ ok: false, notice: { key: "platform_unavailable" } });
  });

  it("a two-factor step gets the notice and stays open", async () => {
    await resetSandboxData("demo");
    const start = await postForm("demo.localhost", "/m/login", { username: "payee01", password: "demo1234" });
    expect(start.status).toBe(200);
    await setFaults({ merchant: "demo", httpStatus: 502 });
    const verify = await postForm(
      "demo.localhost",
      "/m/login",
      { intent: "verify", method: "payeeName", payeeName: "Nguyen Van A" },
      { Cookie: cookieJar(start) },
    );
    expect(verify.status).toBe(503);
    expect(verify.body).toContain(UNAVAILABLE);
    expect(inputValue(verify.body, "payeeName")).toBe("Nguyen Van A");
  });

  it("a password change gets the notice", async () => {
    await resetSandboxData("demo");
    const login = await postForm("demo.localhost", "/m/login", { username: "demo01", password: "demo1234" });
    expect(login.status).toBe(302);
    await setFaults({ merchant: "demo", httpStatus: 502 });
    const change = await postForm(
      "demo.localhost",
      "/m/changePsw",
      { oldPassword: "demo1234", newPassword: "Changed123", confirmPassword: "Changed123" },
      { Cookie: cookieJar(login) },
    );
    expect(change.status).toBe(503);
    expect(notices(change)).toEqual([expect.stringContaining(UNAVAILABLE)]);
  });
});

describe("the action deadline", () => {
  it("a login while the platform is slower than the deadline answers by the deadline with the notice and the username", async () => {
    const { actionDeadlineMs, callTimeoutMs } = testTimings();
    await setFaults({ merchant: "demo", latencyMs: callTimeoutMs + 2_000 });
    const reply = await postForm("demo.localhost", "/m/login", { username: "demo01", password: "demo1234" });
    expect(reply.elapsedMs).toBeGreaterThanOrEqual(actionDeadlineMs - 100);
    // Before any call's own timeout: the deadline, not the slow platform, ended the post.
    expect(reply.elapsedMs).toBeLessThan(Math.min(actionDeadlineMs + 2_000, callTimeoutMs));
    expect(reply.status).toBe(503);
    expect(notices(reply)).toEqual([expect.stringContaining("The server took too long to answer. Please try again.")]);
    expect(inputValue(reply.body, "username")).toBe("demo01");
    expect(reply.body).not.toContain("demo1234");
  }, 30_000);
});
