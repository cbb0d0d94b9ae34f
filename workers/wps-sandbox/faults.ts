// Injected misbehaviour per merchant, set through /__sandbox/faults: the
// schema, how updates merge, and how transport faults turn into responses.
import { z } from "zod";
import { html } from "./http";

export const maintenanceSchema = z
  .object({
    end: z.number().int().nonnegative().nullable().optional(),
    desc: z.string().max(2000).nullable().optional(),
  })
  .strict();

const latencyPath = z.string().min(5).max(200).startsWith("/wps/");

/** Body of POST /__sandbox/faults: every field optional, merged into the stored set. */
export const faultUpdateSchema = z
  .object({
    merchant: z.string().min(1),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    /** Latency only for /wps paths starting with one of these; null or [] = every path. */
    latencyPaths: z.array(latencyPath).max(10).nullable().optional(),
    httpStatus: z.union([z.literal(500), z.literal(502), z.null()]).optional(),
    malformedJson: z.boolean().optional(),
    maintenance: maintenanceSchema.nullable().optional(),
    regionRestriction: z.boolean().optional(),
    domainUnavailable: z.boolean().optional(),
    /** Overrides the merchant's GEETEST_SCRIPT_SERVERS in settings; null restores the default. */
    captchaServers: z.array(z.string().min(1).max(500)).max(5).nullable().optional(),
  })
  .strict();

export type FaultUpdate = z.infer<typeof faultUpdateSchema>;

export const faultsSchema = z.object({
  latencyMs: z.number().int().min(0).max(60_000),
  /** null: the latency applies to every /wps path. */
  latencyPaths: z.array(z.string()).nullable().default(null),
  httpStatus: z.union([z.literal(500), z.literal(502), z.null()]),
  malformedJson: z.boolean(),
  maintenance: z.object({ end: z.number().nullable(), desc: z.string().nullable() }).nullable(),
  regionRestriction: z.boolean(),
  domainUnavailable: z.boolean(),
  captchaServers: z.array(z.string()).nullable().default(null),
});

export type Faults = z.infer<typeof faultsSchema>;

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  latencyPaths: null,
  httpStatus: null,
  malformedJson: false,
  maintenance: null,
  regionRestriction: false,
  domainUnavailable: false,
  captchaServers: null,
};

export function mergeFaults(current: Faults, update: Omit<FaultUpdate, "merchant">): Faults {
  const latencyPaths = update.latencyPaths === undefined ? current.latencyPaths : update.latencyPaths;
  return {
    latencyMs: update.latencyMs ?? current.latencyMs,
    latencyPaths: latencyPaths !== null && latencyPaths.length > 0 ? latencyPaths : null,
    httpStatus: update.httpStatus !== undefined ? update.httpStatus : current.httpStatus,
    malformedJson: update.malformedJson ?? current.malformedJson,
    maintenance:
      update.maintenance === undefined
        ? current.maintenance
        : update.maintenance === null
          ? null
          : { end: update.maintenance.end ?? null, desc: update.maintenance.desc ?? null },
    regionRestriction: update.regionRestriction ?? current.regionRestriction,
    domainUnavailable: update.domainUnavailable ?? current.domainUnavailable,
    captchaServers: update.captchaServers !== undefined ? update.captchaServers : current.captchaServers,
  };
}

/** With latencyPaths set, only paths starting with one of them wait. */
export function latencyApplies(faults: Faults, path?: string): boolean {
  if (faults.latencyPaths === null) return true;
  return path !== undefined && faults.latencyPaths.some((prefix) => path.startsWith(prefix));
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Transport-level faults, in order: latency, then an HTTP error page, then a
 * truncated JSON body. Returns the faulty response, or null to handle normally.
 */
export async function applyTransportFaults(faults: Faults, path?: string): Promise<Response | null> {
  if (faults.latencyMs > 0 && latencyApplies(faults, path)) await sleep(faults.latencyMs);
  // An upstream proxy's HTML error page, which the app must not try to parse as JSON.
  if (faults.httpStatus !== null) return html("<html><body>Bad gateway</body></html>", faults.httpStatus);
  if (faults.malformedJson) {
    return new Response('{"success": tru', { headers: { "content-type": "application/json; charset=utf-8" } });
  }
  return null;
}
