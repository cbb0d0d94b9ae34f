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

/**
 * "Drift": a platform that answers in another shape than the product reads (docs/platform-contract.md#drift-fault).
 * `renames`: in the value of answers to `call` (a path, optionally with query parameters that must match), the field
 * at `field` (dot path, `[]` for every item of a list) is sent as `to`. `headers`: the encrypted calls' headers are
 * read another way (X-RSA as the modulus's whole MD5, X-Digest as MD5(key + JSON)), so our calls are refused.
 */
export const driftSchema = z
  .object({
    renames: z
      .array(
        z
          .object({
            call: latencyPath,
            field: z
              .string()
              .regex(
                /^(\[\]|[A-Za-z0-9_]{1,64}(\[\])?)(\.([A-Za-z0-9_]{1,64}(\[\])?))*$/,
                "a field path such as sms.providers or [].title",
              ),
            to: z.string().regex(/^[A-Za-z0-9_]{1,64}$/),
          })
          .strict(),
      )
      .max(10)
      .default([]),
    headers: z
      .array(z.enum(["X-RSA", "X-Digest"]))
      .max(2)
      .default([]),
  })
  .strict();

export type Drift = z.infer<typeof driftSchema>;

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
    /** Answers in another shape (replaces the stored drift); null restores the contract's shapes. */
    drift: driftSchema.nullable().optional(),
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
  drift: driftSchema.nullable().default(null),
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
  drift: null,
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
    drift: update.drift !== undefined ? update.drift : current.drift,
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

/** Whether a rename's `call` ("/wps/x?types=MQ") names this request: the same path, and every query value it gives. */
function callMatches(call: string, url: URL): boolean {
  const target = new URL(call, "https://sandbox.internal");
  if (target.pathname !== url.pathname) return false;
  for (const [name, value] of target.searchParams) if (url.searchParams.get(name) !== value) return false;
  return true;
}

function renameAt(node: unknown, segments: readonly string[], to: string): void {
  const [head, ...rest] = segments;
  if (head === undefined || node === null || typeof node !== "object") return;
  const each = head.endsWith("[]");
  const name = each ? head.slice(0, -2) : head;
  const record = node as Record<string, unknown>;
  if (rest.length === 0 && !each) {
    if (name in record) {
      record[to] = record[name];
      delete record[name];
    }
    return;
  }
  const child = name === "" ? node : record[name];
  if (each) {
    if (Array.isArray(child)) for (const item of child) renameAt(item, rest, to);
  } else renameAt(child, rest, to);
}

/** The answer with the drift's renames for this request applied to its `value`; the answer itself when none apply. */
export async function applyDrift(drift: Drift | null, url: URL, response: Response): Promise<Response> {
  const renames = (drift?.renames ?? []).filter((rename) => callMatches(rename.call, url));
  if (renames.length === 0 || !(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  let body: { value?: unknown };
  try {
    body = (await response.clone().json()) as { value?: unknown };
  } catch {
    return response;
  }
  for (const rename of renames) renameAt(body.value, rename.field.split("."), rename.to);
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}
