import { describe, expect, it } from "vitest";
import { verifyIdToken } from "../../../workers/wps-sandbox/identity-provider";
import { MERCHANTS } from "../../../workers/wps-sandbox/merchants";

const settings = MERCHANTS["demo"]!.firebase;
const NOW = 1_800_000_000_000;

function token(claims: object, header: object = { alg: "none", typ: "JWT" }): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part(header)}.${part(claims)}.`;
}

const valid = {
  aud: "demo-mobile-web",
  iss: "https://securetoken.google.com/demo-mobile-web",
  sub: "uid-1",
  exp: NOW / 1000 + 600,
  email: "Player@Example.com",
  firebase: { sign_in_provider: "google.com" },
};

describe("the sandbox's check of an emulator ID token (docs/platform-contract.md#identity-provider-tokens)", () => {
  it("accepts this project's unexpired token from the named channel", () => {
    expect(verifyIdToken(token(valid), "google.com", settings, NOW)).toEqual({
      ok: true,
      identity: { uid: "uid-1", channel: "google.com", email: "player@example.com", phone: null },
    });
  });

  it("refuses another project's, an expired one, another channel's and a signed one", () => {
    expect(verifyIdToken(token({ ...valid, aud: "other" }), "google.com", settings, NOW).ok).toBe(false);
    expect(verifyIdToken(token({ ...valid, iss: "https://evil.example/demo-mobile-web" }), "google.com", settings, NOW).ok).toBe(false);
    expect(verifyIdToken(token({ ...valid, exp: NOW / 1000 - 1 }), "google.com", settings, NOW).ok).toBe(false);
    expect(verifyIdToken(token(valid), "facebook.com", settings, NOW).ok).toBe(false);
    expect(verifyIdToken(token(valid, { alg: "RS256" }), "google.com", settings, NOW).ok).toBe(false);
    expect(verifyIdToken("not-a-token", "google.com", settings, NOW).ok).toBe(false);
  });

  it("a phone token needs its number; a merchant without Firebase accepts none", () => {
    const phone = { ...valid, email: undefined, firebase: { sign_in_provider: "phone" } };
    expect(verifyIdToken(token(phone), "phone", settings, NOW).ok).toBe(false);
    expect(verifyIdToken(token({ ...phone, phone_number: "+1900000001" }), "phone", settings, NOW)).toMatchObject({
      ok: true,
      identity: { phone: "+1900000001" },
    });
    expect(verifyIdToken(token(valid), "google.com", MERCHANTS["vn88"]!.firebase, NOW).ok).toBe(false);
  });
});
