import { describe, expect, it } from "vitest";
import { badgeText, chatHref, chatLanguage } from "../../../app/support/chat";
import { unreadReplySchema } from "../../../app/support/unread-reply";

describe("chat rules", () => {
  it("asks for the chat in CN for both Chinese languages, else in the page language", () => {
    expect(chatLanguage("CN")).toBe("CN");
    expect(chatLanguage("TW")).toBe("CN");
    expect(chatLanguage("VI")).toBe("VI");
    expect(chatLanguage("PT-BR")).toBe("PT-BR");
  });

  it("links to the chat route with the page to come back to", () => {
    expect(chatHref("/m/home?a=1&b=2")).toBe("/m/chat?from=%2Fm%2Fhome%3Fa%3D1%26b%3D2");
  });

  it("badge: hidden at 0 or unknown, the count up to 99, then 99+", () => {
    expect(badgeText(null)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });

  it("reads the refresh reply with zod: nonsense is refused", () => {
    expect(unreadReplySchema.safeParse({ count: 4 }).success).toBe(true);
    expect(unreadReplySchema.safeParse({ count: null }).success).toBe(true);
    expect(unreadReplySchema.safeParse({ count: -1 }).success).toBe(false);
    expect(unreadReplySchema.safeParse({ count: "4" }).success).toBe(false);
    expect(unreadReplySchema.safeParse("<html>").success).toBe(false);
  });
});
