// The Worker's environment: parsed once per isolate, typed, and refused with the variable's name when unusable
// (app/.server/env.server.ts, docs/decisions/0026-environment.md).
import { describe, expect, it } from "vitest";
import { EnvError, readServerEnv } from "../../app/.server/env.server";

const SECRET = "a-session-secret-of-at-least-32-characters";
const assets = { fetch: async () => new Response("asset") };

/** A raw env as the runtime hands it over: vars and secrets are text, bindings are objects. */
function rawEnv(vars: Record<string, string | undefined>): Env {
  return { ASSETS: assets, ...vars } as unknown as Env;
}

function envError(vars: Record<string, string | undefined>): EnvError {
  try {
    readServerEnv(rawEnv(vars));
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("expected an EnvError");
}

describe("readServerEnv", () => {
  it("reads production's values when only the secret is set, and keeps the bindings", () => {
    const env = readServerEnv(rawEnv({ SESSION_SECRET: SECRET }));
    expect(env).toMatchObject({
      SESSION_SECRET: SECRET,
      PLATFORM_TIMEOUT_MS: 30_000,
      PAGE_DEADLINE_MS: 5_000,
      ACTION_DEADLINE_MS: 8_000,
      SANDBOX_CONTROL: false,
      DEMO_MERCHANTS: false,
    });
    expect(env.DEFAULT_MEMBER_PASSWORD).toBeUndefined();
    expect(env.ASSETS).toBe(assets);
  });

  it("reads the development config and the test server's timings", () => {
    const env = readServerEnv(
      rawEnv({
        SESSION_SECRET: SECRET,
        DEFAULT_MEMBER_PASSWORD: "Default123",
        PLATFORM_TIMEOUT_MS: "6000",
        PAGE_DEADLINE_MS: "4000",
        ACTION_DEADLINE_MS: "5000",
        SANDBOX_CONTROL: "on",
        DEMO_MERCHANTS: "on",
      }),
    );
    expect(env).toMatchObject({
      DEFAULT_MEMBER_PASSWORD: "Default123",
      PLATFORM_TIMEOUT_MS: 6_000,
      PAGE_DEADLINE_MS: 4_000,
      ACTION_DEADLINE_MS: 5_000,
      SANDBOX_CONTROL: true,
      DEMO_MERCHANTS: true,
    });
  });

  it("counts an empty default member password as unset", () => {
    expect(readServerEnv(rawEnv({ SESSION_SECRET: SECRET, DEFAULT_MEMBER_PASSWORD: "" })).DEFAULT_MEMBER_PASSWORD).toBeUndefined();
  });

  it("refuses a missing or short session secret, naming it and never showing its value", () => {
    const missing = envError({});
    expect(missing.variables).toEqual(["SESSION_SECRET"]);
    expect(missing.message).toContain("SESSION_SECRET is not set");
    const short = envError({ SESSION_SECRET: "short-secret-value" });
    expect(short.variables).toEqual(["SESSION_SECRET"]);
    expect(short.message).toContain("SESSION_SECRET must be at least 32 characters");
    expect(short.message).not.toContain("short-secret-value");
  });

  it("refuses timings that are not whole positive milliseconds, and switches that are not on or off", () => {
    const error = envError({ SESSION_SECRET: SECRET, PLATFORM_TIMEOUT_MS: "-1", PAGE_DEADLINE_MS: "soon", DEMO_MERCHANTS: "yes" });
    expect(error.variables.sort()).toEqual(["DEMO_MERCHANTS", "PAGE_DEADLINE_MS", "PLATFORM_TIMEOUT_MS"]);
    expect(error.message).toContain("PLATFORM_TIMEOUT_MS must be a whole number of milliseconds");
  });

  it("parses each env object once", () => {
    const raw = rawEnv({ SESSION_SECRET: SECRET });
    expect(readServerEnv(raw)).toBe(readServerEnv(raw));
    expect(readServerEnv(rawEnv({ SESSION_SECRET: SECRET }))).not.toBe(readServerEnv(raw));
  });
});
