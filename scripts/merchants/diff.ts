// What `npm run merchants -- put` would change in KV: hosts added, removed or moved to another merchant, and merchants
// added, removed or changed (docs/behaviour/operations.md#routes-put). Both sides are compared after the schema's
// defaults are applied, so writing out a default does not count as a change.
import { merchantRouteSchema, type MerchantRoute } from "../../app/.server/merchants/merchant-config";

export type RoutesDiff = {
  hostsAdded: { host: string; merchant: string }[];
  hostsRemoved: { host: string; merchant: string }[];
  hostsMoved: { host: string; from: string; to: string }[];
  merchantsAdded: string[];
  merchantsRemoved: string[];
  /** Merchants on both sides whose settings differ, and the top-level fields that do. */
  merchantsChanged: { merchant: string; fields: string[] }[];
  /** Entries of the current KV value the schema refuses (the Worker skips them today). */
  unreadableBefore: number;
};

/** The routes a stored value holds, as the Worker reads them: entries the schema refuses are counted, not used. */
export function readStoredRoutes(text: string | null): { routes: MerchantRoute[]; unreadable: number } {
  if (text === null) return { routes: [], unreadable: 0 };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { routes: [], unreadable: 1 };
  }
  if (!Array.isArray(raw)) return { routes: [], unreadable: 1 };
  const routes: MerchantRoute[] = [];
  let unreadable = 0;
  for (const entry of raw) {
    const parsed = merchantRouteSchema.safeParse(entry);
    if (parsed.success) routes.push(parsed.data);
    else unreadable += 1;
  }
  return { routes, unreadable };
}

/** host → merchant; the first entry claiming a host is the one the Worker serves. */
function hostOwners(routes: readonly MerchantRoute[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const route of routes) for (const host of route.hosts) if (!owners.has(host)) owners.set(host, route.merchantCode);
  return owners;
}

/** merchant → its settings without the hosts (one merchant may span entries: their settings are listed in order). */
function merchantSettings(routes: readonly MerchantRoute[]): Map<string, Record<string, unknown>[]> {
  const settings = new Map<string, Record<string, unknown>[]>();
  for (const { hosts: _hosts, ...rest } of routes) {
    const list = settings.get(rest.merchantCode) ?? [];
    list.push(rest);
    settings.set(rest.merchantCode, list);
  }
  return settings;
}

export function diffRoutes(before: readonly MerchantRoute[], after: readonly MerchantRoute[], unreadableBefore = 0): RoutesDiff {
  const oldHosts = hostOwners(before);
  const newHosts = hostOwners(after);
  const diff: RoutesDiff = {
    hostsAdded: [],
    hostsRemoved: [],
    hostsMoved: [],
    merchantsAdded: [],
    merchantsRemoved: [],
    merchantsChanged: [],
    unreadableBefore,
  };
  for (const [host, merchant] of newHosts) {
    const was = oldHosts.get(host);
    if (was === undefined) diff.hostsAdded.push({ host, merchant });
    else if (was !== merchant) diff.hostsMoved.push({ host, from: was, to: merchant });
  }
  for (const [host, merchant] of oldHosts) if (!newHosts.has(host)) diff.hostsRemoved.push({ host, merchant });

  const oldMerchants = merchantSettings(before);
  const newMerchants = merchantSettings(after);
  for (const [merchant, settings] of newMerchants) {
    const was = oldMerchants.get(merchant);
    if (!was) {
      diff.merchantsAdded.push(merchant);
      continue;
    }
    const fields = new Set<string>();
    for (let i = 0; i < Math.max(was.length, settings.length); i++) {
      const a = was[i] ?? {};
      const b = settings[i] ?? {};
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) fields.add(key);
      }
    }
    if (fields.size > 0) diff.merchantsChanged.push({ merchant, fields: [...fields].sort() });
  }
  for (const merchant of oldMerchants.keys()) if (!newMerchants.has(merchant)) diff.merchantsRemoved.push(merchant);
  return diff;
}

export function isEmptyDiff(diff: RoutesDiff): boolean {
  return (
    diff.hostsAdded.length +
      diff.hostsRemoved.length +
      diff.hostsMoved.length +
      diff.merchantsAdded.length +
      diff.merchantsRemoved.length +
      diff.merchantsChanged.length +
      diff.unreadableBefore ===
    0
  );
}

export function formatDiff(diff: RoutesDiff): string[] {
  const lines: string[] = [];
  for (const { host, merchant } of diff.hostsAdded) lines.push(`  + host ${host} → ${merchant}`);
  for (const { host, merchant } of diff.hostsRemoved) lines.push(`  - host ${host} (was ${merchant})`);
  for (const { host, from, to } of diff.hostsMoved) lines.push(`  ~ host ${host}: ${from} → ${to}`);
  for (const merchant of diff.merchantsAdded) lines.push(`  + merchant ${merchant}`);
  for (const merchant of diff.merchantsRemoved) lines.push(`  - merchant ${merchant}`);
  for (const { merchant, fields } of diff.merchantsChanged) lines.push(`  ~ merchant ${merchant}: ${fields.join(", ")}`);
  if (diff.unreadableBefore > 0)
    lines.push(
      `  - ${diff.unreadableBefore} unreadable entr${diff.unreadableBefore === 1 ? "y" : "ies"} now in KV (skipped by the Worker)`,
    );
  return lines;
}
