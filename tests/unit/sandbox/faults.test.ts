import { describe, expect, it } from "vitest";
import { faultUpdateSchema, mergeFaults, NO_FAULTS } from "../../../workers/wps-sandbox/faults";

describe("fault sets", () => {
  it("merges only the fields given", () => {
    const first = mergeFaults(NO_FAULTS, { latencyMs: 250, httpStatus: 502 });
    expect(first).toEqual({ ...NO_FAULTS, latencyMs: 250, httpStatus: 502 });
    const second = mergeFaults(first, { maintenance: { end: 1_700_000_000_000 } });
    expect(second).toEqual({ ...first, maintenance: { end: 1_700_000_000_000, desc: null } });
  });

  it("clears with null", () => {
    const set = mergeFaults(NO_FAULTS, { httpStatus: 500, maintenance: { desc: "Upgrade" } });
    expect(mergeFaults(set, { httpStatus: null, maintenance: null })).toEqual(NO_FAULTS);
  });

  it("overrides the captcha script servers until cleared", () => {
    const set = mergeFaults(NO_FAULTS, { captchaServers: ["/wps/sandbox-pages/geetest-dead", "/wps/sandbox-pages/geetest"] });
    expect(set.captchaServers).toEqual(["/wps/sandbox-pages/geetest-dead", "/wps/sandbox-pages/geetest"]);
    expect(mergeFaults(set, { latencyMs: 5 }).captchaServers).toEqual(set.captchaServers);
    expect(mergeFaults(set, { captchaServers: null }).captchaServers).toBeNull();
    expect(faultUpdateSchema.safeParse({ merchant: "demo", captchaServers: [""] }).success).toBe(false);
    expect(faultUpdateSchema.safeParse({ merchant: "demo", captchaServers: "x" }).success).toBe(false);
  });

  it("validates the control body", () => {
    expect(faultUpdateSchema.safeParse({ merchant: "demo", latencyMs: 60_000 }).success).toBe(true);
    expect(faultUpdateSchema.safeParse({ merchant: "demo", latencyMs: 60_001 }).success).toBe(false);
    expect(faultUpdateSchema.safeParse({ merchant: "demo", httpStatus: 503 }).success).toBe(false);
    expect(faultUpdateSchema.safeParse({ merchant: "demo", latency: 5 }).success).toBe(false); // typo caught
    expect(faultUpdateSchema.safeParse({ latencyMs: 5 }).success).toBe(false);
  });
});
