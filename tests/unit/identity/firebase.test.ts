import { describe, expect, it } from "vitest";
import { firebaseClientConfig } from "../../../app/identity/firebase/firebase-config.server";
import { firebaseContentSources } from "../../../app/identity/firebase/firebase-origins.server";
import { socialRefusal, type SignInSurroundings } from "../../../app/identity/firebase/refusals";
import { identityError, identityErrorText } from "../../../app/identity/firebase/identity-errors";
import { firebaseSettingsSchema } from "../../../app/.server/platform/site";

const APP = {
  apiKey: "key",
  appId: "1:1:web:1",
  authDomain: "shop-auth.example.com",
  projectId: "shop-project",
  messagingSenderId: "1",
};

describe("the merchant's Firebase setup (docs/behaviour/firebase.md#configuration)", () => {
  it("is null without an apiKey or a projectId: no Firebase at all", () => {
    expect(firebaseClientConfig(firebaseSettingsSchema.parse({ firebase: true }), undefined)).toBeNull();
    expect(firebaseClientConfig(firebaseSettingsSchema.parse({ apiKey: "key" }), undefined)).toBeNull();
  });

  it("keeps the known providers in the product's order and drops others", () => {
    const config = firebaseClientConfig(firebaseSettingsSchema.parse({ ...APP, providers: ["line", "myspace", "google"] }), undefined)!;
    expect(config.providers).toEqual(["google", "line"]);
    expect(config.smsByFirebase).toBe(false);
    expect(config.autoRegister).toBe(false);
  });

  it("a value of the wrong shape counts as absent, the rest still works", () => {
    const settings = firebaseSettingsSchema.parse({ ...APP, providers: "google", autoRegister: "yes", vapidKey: 42 });
    const config = firebaseClientConfig(settings, undefined)!;
    expect(config.providers).toEqual([]);
    expect(config.autoRegister).toBe(false);
    expect(config.vapidKey).toBeNull();
  });

  it("push needs the key, the sender id and the app id", () => {
    expect(firebaseClientConfig(firebaseSettingsSchema.parse({ ...APP, vapidKey: "BK" }), undefined)!.vapidKey).toBe("BK");
    expect(
      firebaseClientConfig(firebaseSettingsSchema.parse({ ...APP, messagingSenderId: null, vapidKey: "BK" }), undefined)!.vapidKey,
    ).toBeNull();
  });

  it("points at the Auth emulator only for a loopback host", () => {
    const settings = firebaseSettingsSchema.parse(APP);
    expect(firebaseClientConfig(settings, "127.0.0.1:9099")!.authEmulator).toBe("http://127.0.0.1:9099");
    expect(firebaseClientConfig(settings, "evil.example.com:80")!.authEmulator).toBeNull();
    expect(firebaseClientConfig(settings, undefined)!.authEmulator).toBeNull();
  });
});

describe("the Firebase hosts in the CSP (docs/behaviour/firebase.md#content-security-policy)", () => {
  const config = (patch: object) => firebaseClientConfig(firebaseSettingsSchema.parse({ ...APP, ...patch }), undefined);

  it("social providers on a sign-in page: the Auth API, the popup helper and the auth domain", () => {
    const sources = firebaseContentSources(config({ providers: ["google"] }), "/m/login");
    expect(sources.connect).toEqual(["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"]);
    expect(sources.scripts).toEqual(["https://apis.google.com"]);
    expect(sources.frames).toEqual(["https://shop-auth.example.com"]);
  });

  it("SMS by Firebase: reCAPTCHA's hosts, and no popup helper without providers", () => {
    const sources = firebaseContentSources(config({ firebase: true }), "/m/register");
    expect(sources.scripts).toEqual(["https://www.google.com", "https://www.gstatic.com"]);
    expect(sources.frames).toEqual(["https://www.google.com"]);
  });

  it("other pages get nothing of sign-in; push hosts wherever there is a push key", () => {
    expect(firebaseContentSources(config({ providers: ["google"], firebase: true }), "/m/home")).toEqual({
      scripts: [],
      frames: [],
      connect: [],
    });
    expect(firebaseContentSources(config({ vapidKey: "BK" }), "/m/home").connect).toEqual([
      "https://firebaseinstallations.googleapis.com",
      "https://fcmregistrations.googleapis.com",
    ]);
  });

  it("the emulator's origin instead of Google's in development; nothing without a setup", () => {
    const emulated = firebaseClientConfig(firebaseSettingsSchema.parse({ ...APP, providers: ["google"] }), "127.0.0.1:9199");
    expect(firebaseContentSources(emulated, "/m/login")).toEqual({
      scripts: [],
      frames: ["http://127.0.0.1:9199"],
      connect: ["http://127.0.0.1:9199"],
    });
    expect(firebaseContentSources(null, "/m/login")).toEqual({});
  });
});

describe("refusals before a social sign-in (docs/behaviour/firebase.md#refusals)", () => {
  const browser: SignInSurroundings = { inApp: false, android: true, privateWindow: false, nativeSignIn: false };

  it("a private window outside the app: 'Not Support in Incognito Mode'", () => {
    expect(socialRefusal("google", { ...browser, privateWindow: true })).toBe("social_incognito");
    expect(socialRefusal("google", { ...browser, privateWindow: true, inApp: true })).toBeNull();
  });

  it("Facebook, Twitter and Line in the Android app without its own sign-in: 'coming_soon'", () => {
    const app = { ...browser, inApp: true };
    for (const provider of ["facebook", "twitter", "line"] as const) expect(socialRefusal(provider, app)).toBe("coming_soon");
    expect(socialRefusal("google", app)).toBeNull();
    expect(socialRefusal("facebook", { ...app, nativeSignIn: true })).toBeNull();
    expect(socialRefusal("facebook", { ...app, android: false })).toBeNull();
    expect(socialRefusal("facebook", browser)).toBeNull();
  });
});

describe("the identity provider's errors (docs/behaviour/firebase.md#errors)", () => {
  const t = (key: string, values?: Record<string, string>) => `${key}${values ? JSON.stringify(values) : ""}`;

  it("a known code: its text, then Code: and Reason: lines", () => {
    const error = identityError({
      code: "auth/network-request-failed",
      message: "Firebase: A network error occurred (auth/network-request-failed).",
    })!;
    expect(error.key).toBe("auth_network");
    expect(identityErrorText(error, t).split("\n")).toEqual([
      "auth_network",
      'identity_error_code{"code":"auth/network-request-failed"}',
      'identity_error_reason{"reason":"A network error occurred"}',
    ]);
  });

  it("an unknown code falls back to auth/unknown's text; a cancelled popup request is ignored", () => {
    expect(identityError({ code: "auth/something-new", message: "x" })!.key).toBe("auth_unknown");
    expect(identityError(new Error("boom"))!.code).toBe("auth/unknown");
    expect(identityError({ code: "auth/cancelled-popup-request" })).toBeNull();
  });

  it("a code the player can correct points at its field; no SMS sent is code-expired", () => {
    expect(identityError({ code: "auth/invalid-phone-number" })!.field).toBe("mobileNum");
    expect(identityError({ code: "auth/code-expired" })).toMatchObject({ field: "verificationCode", key: "code_expired" });
    expect(identityError({ code: "auth/invalid-verification-code" })!.key).toBe("sms_code_invalid");
  });
});
