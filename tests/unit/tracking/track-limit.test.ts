import { describe, expect, it } from "vitest";
import { TrackLimiter } from "../../../app/tracking/track-limit.server";

describe("TrackLimiter", () => {
  it("lets a client report its limit per window, refuses the next, and starts afresh when the window ends", () => {
    const limiter = new TrackLimiter({ events: 3, windowMs: 10_000 });
    expect([0, 1, 2].map((t) => limiter.take("a", 1_000 + t))).toEqual([true, true, true]);
    expect(limiter.take("a", 1_500)).toBe(false);
    expect(limiter.retryAfterSeconds("a", 1_500)).toBe(10);
    // Another client has its own window.
    expect(limiter.take("b", 1_500)).toBe(true);
    expect(limiter.take("a", 11_000)).toBe(true);
  });

  it("keeps at most 10,000 clients: ended windows go first", () => {
    const limiter = new TrackLimiter({ events: 1, windowMs: 10 });
    for (let i = 0; i < 10_000; i += 1) limiter.take(`c${i}`, 0);
    expect(limiter.take("late", 20)).toBe(true);
    // c0's window was dropped with the others: it may report again.
    expect(limiter.take("c0", 20)).toBe(true);
  });
});
