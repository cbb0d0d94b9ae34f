import { describe, expect, it } from "vitest";
import { buildSignInCalendar, maskName, type SignInCycle } from "~/promotions/detail-rules";

const cycle = (patch: Partial<SignInCycle> = {}): SignInCycle => ({
  cycleStart: "2026-11-23",
  days: 7,
  today: "2026-11-26",
  signedDates: ["2026-11-23", "2026-11-25"],
  rewards: [1, 2, 3, 5, 8, 13, 20],
  ...patch,
});

// docs/behaviour/promotions.md#promotion-pages: the sign-in calendar.
describe("sign-in calendar", () => {
  it("marks each day of the cycle signed, missed, today or upcoming, with its reward", () => {
    const calendar = buildSignInCalendar(cycle());
    expect(calendar.days.map((d) => [d.date, d.day, d.reward, d.state])).toEqual([
      ["2026-11-23", 1, 1, "signed"],
      ["2026-11-24", 2, 2, "missed"],
      ["2026-11-25", 3, 3, "signed"],
      ["2026-11-26", 4, 5, "today-open"],
      ["2026-11-27", 5, 8, "upcoming"],
      ["2026-11-28", 6, 13, "upcoming"],
      ["2026-11-29", 7, 20, "upcoming"],
    ]);
    expect(calendar).toMatchObject({ todaySigned: false, todayReward: 5, inCycle: true });
  });

  it("says today is signed once it is", () => {
    const calendar = buildSignInCalendar(cycle({ signedDates: ["2026-11-26"] }));
    expect(calendar.days[3]?.state).toBe("today-signed");
    expect(calendar.todaySigned).toBe(true);
  });

  it("crosses a month's end in UTC days", () => {
    const calendar = buildSignInCalendar(cycle({ cycleStart: "2026-02-26", today: "2026-03-01", signedDates: [] }));
    expect(calendar.days.map((d) => d.date)).toEqual([
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
    ]);
    expect(calendar.days[3]?.state).toBe("today-open");
  });

  it("offers nothing when today is outside the cycle", () => {
    const calendar = buildSignInCalendar(cycle({ today: "2026-12-05" }));
    expect(calendar.inCycle).toBe(false);
    expect(calendar.todayReward).toBeNull();
    expect(calendar.days.every((d) => d.state === "signed" || d.state === "missed")).toBe(true);
  });

  it("gives a day without a reward none, and an unreadable cycle no days", () => {
    expect(buildSignInCalendar(cycle({ rewards: [1] })).days[1]?.reward).toBeNull();
    expect(buildSignInCalendar(cycle({ cycleStart: "26/11/2026" })).days).toEqual([]);
  });
});

describe("leaderboard names", () => {
  it.each([
    ["luckystar88", "lu***88"],
    ["abcde", "ab***de"],
    ["abcd", "a***"],
    ["a", "a***"],
    ["", "***"],
    ["  goldfish  ", "go***sh"],
    ["玩家一号机", "玩家***号机"],
  ])("%j → %j", (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});
