// Web push at the edge (docs/behaviour/firebase.md#push-bind): POST /m/push binds a device's FCM token to the member
// and subscribes it to topic ALL, or unsubscribes it; the logout post unsubscribes the device's token. What reached
// the platform is read from the sandbox (GET /__sandbox/push).
import { describe, expect, it } from "vitest";
import { getPage, hostFor, request } from "../support/http";
import { memberSession, revokeOnPlatform } from "../support/member";
import { postForm } from "../support/forms";

type PushState = {
  bindings: { registrationToken: string; userName: string; topics: string[] }[];
  calls: { call: "bind" | "subscribe" | "unsubscribe"; registrationToken: string; userName: string | null; topic: string | null }[];
};

/** A token no other test (or earlier run) used, in FCM's alphabet. */
function deviceToken(label: string): string {
  return `edge-${label}:${Date.now().toString(36)}${Math.random().toString(36).slice(2)}_APA91b`;
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm("demo.localhost", path, fields, headers);
}

/** The sandbox's push records for one token. */
async function pushState(token: string): Promise<PushState> {
  const reply = await getPage("demo.localhost", "/__sandbox/push?merchant=demo");
  const state = reply.json<{ value: PushState }>().value;
  return {
    bindings: state.bindings.filter((binding) => binding.registrationToken === token),
    calls: state.calls.filter((call) => call.registrationToken === token),
  };
}

describe("POST /m/push", () => {
  it("binds the token to the member, then subscribes it to ALL", async () => {
    const { cookie } = await memberSession("demo01");
    const token = deviceToken("bind");
    const reply = await post("/m/push", { intent: "bind", registrationToken: token }, { Cookie: cookie });
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ ok: true });
    expect(reply.header("cache-control")).toBe("no-store");
    const state = await pushState(token);
    expect(state.calls.map((call) => [call.call, call.userName, call.topic])).toEqual([
      ["bind", "demo01", null],
      ["subscribe", "demo01", "ALL"],
    ]);
    expect(state.bindings).toEqual([expect.objectContaining({ userName: "demo01", topics: ["ALL"] })]);
  });

  it("unsubscribes a token without a session, and the platform forgets its binding", async () => {
    const { cookie } = await memberSession("demo01");
    const token = deviceToken("unsub");
    await post("/m/push", { intent: "bind", registrationToken: token }, { Cookie: cookie });
    const reply = await post("/m/push", { intent: "unsubscribe", registrationToken: token });
    expect(reply.json()).toEqual({ ok: true });
    const state = await pushState(token);
    expect(state.bindings).toEqual([]);
    expect(state.calls.at(-1)).toMatchObject({ call: "unsubscribe", userName: "demo01" });
  });

  it("refuses a bind without a session, or after the platform ended it, and calls nothing", async () => {
    const token = deviceToken("visitor");
    const visitor = await post("/m/push", { intent: "bind", registrationToken: token });
    expect(visitor.status).toBe(401);
    expect(visitor.json()).toEqual({ ok: false, reason: "not-logged-in" });

    const { cookie, token: sessionToken } = await memberSession("demo01");
    await revokeOnPlatform(sessionToken);
    const ended = await post("/m/push", { intent: "bind", registrationToken: token }, { Cookie: cookie });
    expect(ended.status).toBe(401);
    expect(ended.json()).toEqual({ ok: false, reason: "not-logged-in" });
    expect((await pushState(token)).calls).toEqual([]);
  });

  it("refuses what is not a push call: another intent, a token outside FCM's alphabet, another site's post", async () => {
    const { cookie } = await memberSession("demo01");
    const refused: Record<string, string>[] = [
      { intent: "delete", registrationToken: deviceToken("bad") },
      { intent: "bind", registrationToken: "<script>alert(1)</script>-long-enough" },
      { intent: "bind", registrationToken: "short" },
      { intent: "bind" },
    ];
    for (const fields of refused) {
      const reply = await post("/m/push", fields, { Cookie: cookie });
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(reply.json()).toEqual({ ok: false, reason: "invalid" });
    }
    const token = deviceToken("cross");
    const cross = await post("/m/push", { intent: "bind", registrationToken: token }, { Cookie: cookie, Origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await pushState(token)).calls).toEqual([]);
  });

  it("sends a GET home", async () => {
    const reply = await getPage("demo.localhost", "/m/push");
    expect(reply.status).toBe(302);
    expect(reply.header("location")).toBe("/m/home");
  });
});

describe("the sandbox's push calls", () => {
  /** A call straight to the sandbox platform, as the edge makes it. */
  function platform(path: string, body: unknown, token?: string) {
    return request({
      host: hostFor("demo.localhost"),
      path: `/__sandbox/direct${path}`,
      method: "POST",
      headers: { "Content-Type": "application/json", Merchant: "demo", ...(token ? { Authorization: token } : {}) },
      body: JSON.stringify(body),
    });
  }

  it("subscribes only a token bound to the member, moves a token to the member who binds it last", async () => {
    const ann = await memberSession("demo01");
    const bob = await memberSession("restricted01");
    const token = deviceToken("move");
    const unbound = await platform("/wps/relay/CSP_fcmSubscribe", { registrationToken: token, topic: "ALL" }, ann.token);
    expect(unbound.json()).toMatchObject({ success: false, errorCode: "fcm.token.not.bound" });
    await platform("/wps/relay/CSP_fcmBind", { registrationToken: token }, ann.token);
    await platform("/wps/relay/CSP_fcmSubscribe", { registrationToken: token, topic: "ALL" }, ann.token);
    expect((await platform("/wps/relay/CSP_fcmBind", { registrationToken: token }, bob.token)).json()).toEqual({ success: true });
    // The topics were demo01's: the device starts afresh for restricted01.
    expect((await pushState(token)).bindings).toEqual([expect.objectContaining({ userName: "restricted01", topics: [] })]);
    const other = await platform("/wps/relay/CSP_fcmSubscribe", { registrationToken: token, topic: "ALL" }, ann.token);
    expect(other.json()).toMatchObject({ success: false, errorCode: "fcm.token.not.bound" });
  });

  it("refuses a bind without a member and a body that is not the call's", async () => {
    const token = deviceToken("anon");
    const anonymous = await platform("/wps/relay/CSP_fcmBind", { registrationToken: token });
    expect(anonymous.status).toBe(401);
    const { token: member } = await memberSession("demo01");
    const wrongTopic = await platform("/wps/relay/CSP_fcmSubscribe", { registrationToken: token, topic: "VIP" }, member);
    expect(wrongTopic.status).toBe(400);
    const notAll = await platform("/wps/relay/CSP_fcmUnsubscribe", { registrationToken: token, unsubscribeAll: false });
    expect(notAll.status).toBe(400);
    expect((await pushState(token)).calls).toEqual([]);
  });
});

describe("logout", () => {
  it("unsubscribes the device's token it is posted with", async () => {
    const { cookie } = await memberSession("demo01");
    const token = deviceToken("logout");
    await post("/m/push", { intent: "bind", registrationToken: token }, { Cookie: cookie });
    const reply = await post("/m/logout", { pushToken: token }, { Cookie: cookie });
    expect(reply.status).toBe(302);
    expect(reply.header("location")).toMatch(/^\/m\/login/);
    const state = await pushState(token);
    expect(state.bindings).toEqual([]);
    expect(state.calls.map((call) => call.call)).toEqual(["bind", "subscribe", "unsubscribe"]);
  });

  it("logs out as before without a token, or with one that is not a token", async () => {
    const { cookie } = await memberSession("demo01");
    const reply = await post("/m/logout", { pushToken: "not a token" }, { Cookie: cookie });
    expect(reply.status).toBe(302);
    const { cookie: second } = await memberSession("demo01");
    const bare = await post("/m/logout", {}, { Cookie: second });
    expect(bare.status).toBe(302);
    expect(bare.header("location")).toMatch(/^\/m\/login/);
  });
});
