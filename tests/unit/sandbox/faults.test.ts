import { describe, expect, it } from "vitest";
import { applyDrift, faultUpdateSchema, mergeFaults, NO_FAULTS } from "../../../workers/wps-sandbox/faults";

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

describe("drift fault", () => {
  const answer = (value: unknown) =>
    new Response(JSON.stringify({ success: true, value }), { headers: { "content-type": "application/json" } });
  const url = (path: string) => new URL(path, "https://sandbox.internal");

  it("renames a field of the value, in every item of a list, only for the call named", async () => {
    const drift = {
      renames: [
        { call: "/wps/relay/MCSFE_getListAnnouncements?types=MQ", field: "[].content", to: "text" },
        { call: "/wps/system/setting", field: "sms.providers", to: "socialProviders" },
      ],
      headers: [],
    };
    const marquee = await applyDrift(
      drift,
      url("/wps/relay/MCSFE_getListAnnouncements?types=MQ&platform=M"),
      answer([{ id: 1, content: "a" }, { id: 2 }]),
    );
    expect(await marquee.json()).toEqual({ success: true, value: [{ id: 1, text: "a" }, { id: 2 }] });
    const popups = await applyDrift(drift, url("/wps/relay/MCSFE_getListAnnouncements?types=PU"), answer([{ id: 1, content: "a" }]));
    expect(await popups.json()).toEqual({ success: true, value: [{ id: 1, content: "a" }] });
    const settings = await applyDrift(drift, url("/wps/system/setting"), answer({ sms: { providers: ["google"], firebase: true } }));
    expect(await settings.json()).toEqual({ success: true, value: { sms: { socialProviders: ["google"], firebase: true } } });
  });

  it("is replaced as a whole, cleared with null, and validated", () => {
    const set = mergeFaults(NO_FAULTS, { drift: { renames: [], headers: ["X-RSA"] } });
    expect(set.drift).toEqual({ renames: [], headers: ["X-RSA"] });
    expect(mergeFaults(set, { latencyMs: 5 }).drift).toEqual(set.drift);
    expect(mergeFaults(set, { drift: null }).drift).toBeNull();
    expect(faultUpdateSchema.safeParse({ merchant: "demo", drift: { headers: ["Encryption"] } }).success).toBe(false);
    expect(
      faultUpdateSchema.safeParse({ merchant: "demo", drift: { renames: [{ call: "/system/setting", field: "a", to: "b" }] } }).success,
    ).toBe(false);
    expect(
      faultUpdateSchema.safeParse({ merchant: "demo", drift: { renames: [{ call: "/wps/system/setting", field: "a..b", to: "b" }] } })
        .success,
    ).toBe(false);
  });
});
