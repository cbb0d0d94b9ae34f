// The submit lock of the registration, login and two-factor forms (docs/behaviour/identity.md#submit-lock), on a fake
// clock: a second submit is ignored while one is processing, and the lock opens 500 ms after the answer.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSubmitLock } from "~/identity/fields/use-submit-lock";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the submit lock", () => {
  it("ignores submits while one is processing and opens 500 ms after the answer, not before", () => {
    const lock = createSubmitLock();
    expect(lock.acquire()).toBe(true);
    lock.busy(true);
    expect(lock.acquire()).toBe(false);
    vi.advanceTimersByTime(10_000);
    // Still processing: closed however long it takes.
    expect(lock.acquire()).toBe(false);
    lock.busy(false);
    vi.advanceTimersByTime(499);
    expect(lock.acquire()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(lock.acquire()).toBe(true);
  });

  it("a submit that never went out (a check failed, the captcha closed) opens 500 ms after release()", () => {
    const lock = createSubmitLock();
    expect(lock.acquire()).toBe(true);
    lock.release();
    vi.advanceTimersByTime(499);
    expect(lock.acquire()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(lock.acquire()).toBe(true);
  });

  it("idle without a submit before does not start the timer; a form that goes away opens its lock", () => {
    const lock = createSubmitLock();
    lock.busy(false);
    expect(lock.acquire()).toBe(true);
    lock.stop();
    expect(lock.acquire()).toBe(true);
  });
});
