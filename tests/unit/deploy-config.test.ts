// What `npm run deploy` ships: the production environment of wrangler.toml, read by wrangler's own config reader
// (docs/behaviour/operations.md#deploy).
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

describe("the production environment", () => {
  const production = unstable_readConfig({ config: "wrangler.toml", env: "production" });
  const development = unstable_readConfig({ config: "wrangler.toml" });

  it("has no sandbox platform, no control endpoint, no demo merchants and no call-count header", () => {
    expect(production.services ?? []).toEqual([]);
    for (const name of ["SANDBOX_CONTROL", "DEMO_MERCHANTS", "PLATFORM_CALLS_HEADER"]) expect(production.vars).not.toHaveProperty(name);
    // The development config does have them: the check above is not vacuous.
    expect(development.services?.map((s: { binding: string }) => s.binding)).toEqual(["WPS_SANDBOX"]);
    expect(development.vars).toMatchObject({ SANDBOX_CONTROL: "on", DEMO_MERCHANTS: "on" });
  });

  it("keeps what the Worker needs: the routes KV, the identity guard and the static assets", () => {
    expect(production.kv_namespaces.map((kv: { binding: string }) => kv.binding)).toEqual(["MERCHANT_ROUTES"]);
    expect(production.durable_objects.bindings.map((d: { name: string }) => d.name)).toEqual(["IDENTITY_GUARD"]);
    expect(production.assets?.directory).toMatch(/build\/client$/);
  });
});
