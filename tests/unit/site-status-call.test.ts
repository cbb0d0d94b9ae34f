// The site status call's query (docs/platform-contract.md#get-wpssystemstatus).
import { describe, expect, it } from "vitest";
import type { PlatformClient } from "~/.server/platform/client";
import { getSiteStatus } from "~/.server/platform/site";
import { statusTrack } from "~/site-status/site-state.server";

function recordingPlatform() {
  const queries: unknown[] = [];
  const platform = {
    call: async (_path: string, _schema: unknown, options: { query?: unknown }) => {
      queries.push(options.query);
      return { ok: false };
    },
  } as unknown as PlatformClient;
  return { platform, queries };
}

describe("GET /wps/system/status", () => {
  it("sends device, track, originalDomain and url", async () => {
    const { platform, queries } = recordingPlatform();
    await getSiteStatus(platform, "demo.localhost", "aff42");
    expect(queries).toEqual([{ device: "MOBILE", track: "aff42", originalDomain: "demo.localhost", url: "demo.localhost" }]);
  });

  it("takes track from the address's affiliate code, empty without one or for a malformed one", () => {
    expect(statusTrack(new Request("https://demo.localhost/m/home?affiliateCode=aff42"))).toBe("aff42");
    expect(statusTrack(new Request("https://demo.localhost/m/home"))).toBe("");
    expect(statusTrack(new Request("https://demo.localhost/m/home?affiliateCode=%3Cscript%3E"))).toBe("");
  });
});
