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

/** Body of POST /__sandbox/faults: every field optional, merged into the stored set. */
export const faultUpdateSchema = z
  .object({
    merchant: z.string().min(1),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    httpStatus: z.union([z.literal(500), z.literal(502), z.null()]).optional(),
    malformedJson: z.boolean().optional(),
    maintenance: maintenanceSchema.nullable().optional(),
    regionRestriction: z.boolean().optional(),
    domainUnavailable: z.boolean().optional(),
  })
  .strict();

export type FaultUpdate = z.infer<typeof faultUpdateSchema>;

export const faultsSchema = z.object({
  latencyMs: z.number().int().min(0).max(60_000),
  httpStatus: z.union([z.literal(500), z.literal(502), z.null()]),
  malformedJson: z.boolean(),
  maintenance: z.object({ end: z.number().nullable(), desc: z.string().nullable() }).nullable(),
  regionRestriction: z.boolean(),
  domainUnavailable: z.boolean(),
});

export type Faults = z.infer<typeof faultsSchema>;

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  httpStatus: null,
  malformedJson: false,
  maintenance: null,
  regionRestriction: false,
  domainUnavailable: false,
};

export function mergeFaults(current: Faults, update: Omit<FaultUpdate, "merchant">): Faults {
  return {
    latencyMs: update.latencyMs ?? current.latencyMs,
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
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Transport-level faults, in order: latency, then an HTTP error page, then a
 * truncated JSON body. Returns the faulty response, or null to handle normally.
 */
export async function applyTransportFaults(faults: Faults): Promise<Response | null> {
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  // An upstream proxy's HTML error page, which the app must not try to parse as JSON.
  if (faults.httpStatus !== null) return html("<html><body>Bad gateway</body></html>", faults.httpStatus);
  if (faults.malformedJson) {
    return new Response('{"success": tru', { headers: { "content-type": "application/json; charset=utf-8" } });
  }
  return null;
}
