// When the announcement popup shows (docs/behaviour/announcements.md#when), as a decision table.
import { describe, expect, it } from "vitest";
import { closedState, nextLocalMidnight, nextMidnightIn, popupStorageKey, shouldShowPopup, type PopupState } from "~/announcements/rules";
import { parsePopupState } from "~/announcements/state";
import { pageHasAnnouncements } from "~/announcements/on-page";
import { audienceOf } from "~/announcements/popup.server";

const NOW = Date.UTC(2026, 10, 24, 15, 0, 0);
const MIDNIGHT = Date.UTC(2026, 10, 25, 0, 0, 0);
const HASHES = ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"];

const closed = (choice: "close" | "today" | "never", hashes = HASHES): PopupState => closedState(hashes, choice, MIDNIGHT);

describe("shouldShowPopup", () => {
  it.each<[string, { lasting: PopupState | null; visit: PopupState | null; now?: number; hashes?: string[] }, boolean]>([
    ["never closed", { lasting: null, visit: null }, true],
    ["stored but still show=true", { lasting: { hashes: HASHES, show: true, hideUntil: null, hidePopup: false }, visit: null }, true],
    ["closed in this visit, same content", { lasting: null, visit: closed("close") }, false],
    ["closed in this visit, content changed", { lasting: null, visit: closed("close", ["aaaaaaaaaaaaaaaa"]) }, true],
    ["hide today, before midnight", { lasting: closed("today"), visit: null, now: MIDNIGHT - 1 }, false],
    ["hide today, at midnight", { lasting: closed("today"), visit: null, now: MIDNIGHT }, true],
    ["hide today, content changed", { lasting: closed("today", ["cccccccccccccccc"]), visit: null }, true],
    ["do not show again, days later", { lasting: closed("never"), visit: null, now: NOW + 30 * 86_400_000 }, false],
    ["do not show again, content changed", { lasting: closed("never", ["aaaaaaaaaaaaaaaa"]), visit: null }, true],
    ["do not show again, an item removed", { lasting: closed("never"), visit: null, hashes: ["aaaaaaaaaaaaaaaa"] }, false],
    ["empty list", { lasting: null, visit: null, hashes: [] }, false],
  ])("%s", (_name, input, expected) => {
    expect(shouldShowPopup({ hashes: input.hashes ?? HASHES, lasting: input.lasting, visit: input.visit, now: input.now ?? NOW })).toBe(
      expected,
    );
  });
});

describe("stored state", () => {
  it("is read only when it has the shape (zod)", () => {
    expect(parsePopupState(JSON.stringify(closed("never")))).toEqual(closed("never"));
    expect(parsePopupState("{nonsense")).toBeNull();
    expect(parsePopupState(JSON.stringify({ hashes: ["<script>"], show: false }))).toBeNull();
    expect(parsePopupState(null)).toBeNull();
  });

  it("is kept per member, one key for visitors", () => {
    expect(popupStorageKey(null)).toBe("SHELL_PU_B");
    expect(popupStorageKey("42")).toBe("SHELL_PU_A_42");
  });
});

describe("midnight", () => {
  it("is the device's next local midnight", () => {
    const next = new Date(nextLocalMidnight(new Date(2026, 10, 24, 23, 59, 59)));
    expect([next.getFullYear(), next.getMonth(), next.getDate(), next.getHours(), next.getMinutes()]).toEqual([2026, 10, 25, 0, 0]);
  });

  it("is the next midnight of a time zone at the edge, UTC when unknown", () => {
    expect(nextMidnightIn(null, NOW)).toBe(MIDNIGHT);
    expect(nextMidnightIn("Not/AZone", NOW)).toBe(MIDNIGHT);
    // 15:00 UTC is 22:00 in Ho Chi Minh City (UTC+7): midnight there is 17:00 UTC.
    expect(nextMidnightIn("Asia/Ho_Chi_Minh", NOW)).toBe(Date.UTC(2026, 10, 24, 17, 0, 0));
  });
});

describe("audiences", () => {
  const session = (token: string | null, firstTimeLogin = false) =>
    ({
      session: { token, info: token ? { id: "7", merchantCode: "demo", userName: "m", type: 0, firstTimeLogin } : null },
    }) as unknown as Parameters<typeof audienceOf>[0];
  it.each([
    ["visitor", session(null), "B"],
    ["member", session("t"), "A"],
    ["member on a first-time login", session("t", true), "A,F"],
  ] as const)("%s → %s", (_name, context, expected) => {
    expect(audienceOf(context)).toBe(expected);
  });
});

describe("pageHasAnnouncements", () => {
  it("is true when a route's data carries the popup, false for none, null or other data", () => {
    expect(pageHasAnnouncements([{ data: { member: null } }, { data: { announcements: { items: [] } } }])).toBe(true);
    expect(pageHasAnnouncements([{ data: { announcements: null } }, { data: undefined }, { data: null }, { data: "text" }])).toBe(false);
    expect(pageHasAnnouncements([])).toBe(false);
  });
});
