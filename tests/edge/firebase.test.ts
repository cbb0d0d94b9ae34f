// Firebase sign-in at the edge (docs/behaviour/firebase.md): the ID token posted to /m/login, a new identity kept in a
// sealed cookie while the player chooses, auto-register, the pages without JavaScript, and the Firebase hosts in the
// CSP. ID tokens come from the Firebase Auth emulator scripts/test.sh runs.
import { describe, expect, it } from "vitest";
import { bodyText, getPage, hostFor, postJson, request, type RawReply } from "../support/http";
import { cookieJar } from "../support/forms";
import { emulatorGoogleIdToken } from "../support/firebase-emulator";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

function postForm(host: string, path: string, fields: Record<string, string>, cookie?: string): Promise<RawReply> {
  return request({
    host: hostFor(host),
    path,
    method: "POST",
    headers: { ...FORM, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The page's post after a Google sign-in: the ID token to /m/login (or `path`, for its query). */
function googleSignIn(host: string, idToken: string, path = "/m/login"): Promise<RawReply> {
  return postForm(host, path, { intent: "firebase", firebaseChannel: "google.com", firebaseIdToken: idToken });
}

function uniqueEmail(): string {
  return `edge${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

const sessionOf = (reply: RawReply) => reply.cookies.find((line) => line.startsWith("mc_session=") && !/Max-Age=0/i.test(line));
const identityCookieOf = (reply: RawReply) => reply.cookies.find((line) => line.startsWith("mc_identity="));

describe("POST /m/login intent=firebase", () => {
  it("a linked Google account signs its member in: redirect home with the HttpOnly session", async () => {
    const idToken = await emulatorGoogleIdToken("social01@example.com");
    const reply = await googleSignIn("demo.localhost", idToken, "/m/login");
    expect(reply.status, reply.body.slice(0, 300)).toBe(302);
    expect(reply.header("location")).toBe("/m/home");
    expect(sessionOf(reply)).toMatch(/HttpOnly/i);
    const home = await getPage("demo.localhost", "/m/home", { Cookie: cookieJar(reply) });
    expect(bodyText(home.body)).toContain("social01");
  });

  it("a new identity (auto-register off): no session; the identity waits in a sealed HttpOnly cookie for 'register_new'", async () => {
    const idToken = await emulatorGoogleIdToken(uniqueEmail());
    const first = await googleSignIn("demo.localhost", idToken, "/m/login");
    expect(first.status).toBe(200);
    expect(sessionOf(first)).toBeUndefined();
    const pending = identityCookieOf(first);
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/Max-Age=600/);
    // Sealed: the token is not readable in the cookie.
    expect(pending).not.toContain(idToken.split(".")[1]!.slice(0, 40));

    const registered = await postForm("demo.localhost", "/m/login", { intent: "identity-register" }, cookieJar(first));
    expect(registered.status, registered.body.slice(0, 300)).toBe(302);
    expect(registered.header("location")).toBe("/m/home");
    expect(sessionOf(registered)).toBeDefined();
    expect(identityCookieOf(registered)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("with FIREBASECREATEACC3 off the edge refuses 'register_new' (the offer then shows only the login choice)", async () => {
    const set = (value: boolean) => postJson("/__sandbox/whitelabel", { merchant: "demo", flags: { FIREBASECREATEACC3: value } });
    expect((await set(false)).status).toBe(200);
    try {
      const first = await googleSignIn("demo.localhost", await emulatorGoogleIdToken(uniqueEmail()), "/m/login");
      expect(first.status).toBe(200);
      const registered = await postForm("demo.localhost", "/m/login", { intent: "identity-register" }, cookieJar(first));
      expect(registered.status).toBe(400);
      expect(sessionOf(registered)).toBeUndefined();
    } finally {
      await set(true);
    }
  });

  it("'register_new' without a pending identity: the sign-in has expired, no session", async () => {
    const reply = await postForm("demo.localhost", "/m/login", { intent: "identity-register" });
    expect(reply.status).toBe(400);
    expect(sessionOf(reply)).toBeUndefined();
  });

  it("'Log in to an existing account': the password login links the pending identity", async () => {
    const email = uniqueEmail();
    const idToken = await emulatorGoogleIdToken(email);
    const first = await googleSignIn("demo.localhost", idToken, "/m/login");
    const linked = await postForm(
      "demo.localhost",
      "/m/login",
      { intent: "login", mode: "username", username: "member2", password: "demo1234", linkIdentity: "1" },
      cookieJar(first),
    );
    expect(linked.status).toBe(302);
    const again = await googleSignIn("demo.localhost", await emulatorGoogleIdToken(email), "/m/login");
    expect(again.status).toBe(302);
    const home = await getPage("demo.localhost", "/m/home", { Cookie: cookieJar(again) });
    expect(bodyText(home.body)).toContain("member2");
  });

  it("two-factor applies after a social sign-in: the payee name step, then home", async () => {
    const idToken = await emulatorGoogleIdToken("socialpayee01@example.com");
    const first = await googleSignIn("demo.localhost", idToken, "/m/login");
    expect(first.status).toBe(200);
    expect(sessionOf(first)).toBeUndefined();
    expect(first.body).toContain("Real name");
    const verified = await postForm(
      "demo.localhost",
      "/m/login",
      { intent: "verify", method: "payeeName", payeeName: "Nguyen Van A" },
      cookieJar(first),
    );
    expect(verified.status, verified.body.slice(0, 200)).toBe(302);
    expect(sessionOf(verified)).toBeDefined();
  });

  it("br777 registers a new identity at once (auto-register), with the address's affiliate code", async () => {
    const idToken = await emulatorGoogleIdToken(uniqueEmail());
    const reply = await googleSignIn("br.localhost", idToken, "/m/login?affiliateCode=AFFSOCIAL");
    expect(reply.status).toBe(302);
    expect(sessionOf(reply)).toBeDefined();
    const home = await getPage("br.localhost", "/m/home", { Cookie: cookieJar(reply) });
    const username = /\b(u\d{7})\b/.exec(bodyText(home.body))?.[1];
    expect(username).toBeDefined();
    const member = await getPage("br.localhost", `/__sandbox/member?merchant=br777&username=${username}`);
    expect(member.json<{ value: { registerInfo: Record<string, unknown> } }>().value.registerInfo).toMatchObject({
      firebaseChannel: "google.com",
      smsTemplate: false,
      affiliateCode: "AFFSOCIAL",
    });
  });

  it("a token the platform refuses: its message, no session, the identity dropped", async () => {
    const forged = `${btoa(JSON.stringify({ alg: "none" }))}.${btoa(JSON.stringify({ sub: "x", aud: "another-project" }))}.`.replace(
      /=/g,
      "",
    );
    const reply = await googleSignIn("demo.localhost", forged, "/m/login");
    expect(reply.status).toBe(400);
    expect(sessionOf(reply)).toBeUndefined();
    expect(bodyText(reply.body)).toContain("The sign-in could not be verified");
  });

  it("vn88 has no Firebase: the platform refuses the login type", async () => {
    const idToken = await emulatorGoogleIdToken(uniqueEmail());
    const reply = await googleSignIn("vn.localhost", idToken, "/m/login");
    expect(reply.status).toBe(400);
    expect(sessionOf(reply)).toBeUndefined();
  });
});

describe("without JavaScript", () => {
  // The social buttons are in the HTML (for the scripts, so nothing moves when they start), hidden without scripts:
  // a browser judges that (tests/e2e/layout-shift.spec.ts).
  it("/m/login in SMS mode says SMS codes need JavaScript", async () => {
    const page = await getPage("demo.localhost", "/m/login?mode=sms");
    expect(page.body).toMatch(/<noscript><p class="login-form__note">Signing in with an SMS code needs JavaScript/);
  });

  it("a no-JavaScript 'Send code' or SMS login on a Firebase merchant gets that notice, not a platform code", async () => {
    const posts: Record<string, string>[] = [
      { intent: "send-code", mode: "sms", countryDialingCode: "1", mobileNum: "900000001" },
      { intent: "login", mode: "sms", countryDialingCode: "1", mobileNum: "900000001", verificationCode: "123456" },
    ];
    for (const fields of posts) {
      const reply = await postForm("demo.localhost", "/m/login?mode=sms", fields);
      expect(reply.status).toBe(400);
      expect(bodyText(reply.body)).toContain("Signing in with an SMS code needs JavaScript in this browser.");
    }
  });

  it("mobile registration on a Firebase merchant without JavaScript gets the register notice", async () => {
    const reply = await postForm("demo.localhost", "/m/register?mode=mobile", {
      intent: "send-code",
      mode: "mobile",
      mobileNum: "900000123",
    });
    expect(reply.status).toBe(400);
    expect(bodyText(reply.body)).toContain("Registering with an SMS code needs JavaScript in this browser.");
  });
});

describe("Content-Security-Policy", () => {
  const csp = async (host: string, path: string) => (await getPage(host, path)).header("content-security-policy") ?? "";

  it("sign-in pages of a Firebase merchant allow the Auth emulator (development), other pages do not", async () => {
    const emulator = `http://127.0.0.1:${process.env.FIREBASE_AUTH_PORT ?? Number(process.env.TEST_PORT ?? 8790) + 400}`;
    expect(await csp("demo.localhost", "/m/login")).toContain(`connect-src 'self'`);
    expect(await csp("demo.localhost", "/m/login")).toContain(emulator);
    expect(await csp("demo.localhost", "/m/register")).toContain(emulator);
    expect(await csp("demo.localhost", "/m/home")).not.toContain(emulator);
  });

  it("push hosts only where the merchant has a push key; none at all without Firebase", async () => {
    expect(await csp("demo.localhost", "/m/home")).toContain("https://fcmregistrations.googleapis.com");
    expect(await csp("br.localhost", "/m/home")).not.toContain("googleapis.com");
    const vn = await csp("vn.localhost", "/m/login");
    expect(vn).not.toContain("googleapis.com");
    expect(vn).not.toContain("127.0.0.1");
  });
});
