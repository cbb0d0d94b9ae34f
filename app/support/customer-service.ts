// Which customer-service entry a button opens and which user-name parameters it carries
// (docs/behaviour/support.md#cs-positions, docs/behaviour/support.md#cs-name-params). Plain rules: browser and server.

export const CS_TYPES = ["AICAN", "MIDUOKE", "LIVECHAT", "COMM100", "COMM100VIP"] as const;
export type CsType = (typeof CS_TYPES)[number];

/** Where a customer-service button sits; the platform's csPosition names one of these. */
export const CS_POSITIONS = ["HOME", "MEMBER", "MAINTENANCE", "ACCESS_DENIED", "DOMAIN_UNAVAILABLE"] as const;
export type CsPosition = (typeof CS_POSITIONS)[number];

/** One entry of the site config, its path already decrypted and known to be an http(s) address. */
export type CsEntry = { csType: string; csPosition: string | null; url: string };

/** Who asks: a member's user name and club (VIP) label, or null for a visitor. */
export type CsMember = { userName: string; labelName: string | null } | null;

/**
 * The entry for the first of `positions` the platform configured (case-insensitive), else the first entry.
 * Null when there is no entry at all.
 */
export function entryFor(entries: readonly CsEntry[], positions: readonly CsPosition[]): CsEntry | null {
  for (const position of positions) {
    const found = entries.find((entry) => entry.csPosition?.trim().toUpperCase() === position);
    if (found) return found;
  }
  return entries[0] ?? null;
}

/** The positions a button looks for, in order: a member's help entry prefers MEMBER over HOME. */
export function positionsFor(position: CsPosition, member: CsMember): CsPosition[] {
  if (position === "HOME" && member) return ["MEMBER", "HOME"];
  return [position];
}

/** The user-name parameters a csType takes for a member (none for a visitor or an unknown csType). */
export function nameParams(csType: string, member: CsMember): [string, string][] {
  if (!member || !member.userName) return [];
  const name = member.userName;
  const category: [string, string][] = member.labelName ? [["category", member.labelName]] : [];
  switch (csType.trim().toUpperCase()) {
    case "LIVECHAT":
      return [["name", name]];
    case "AICAN":
      return [["name", name], ...category];
    case "MIDUOKE":
      return [["visitorname", name]];
    case "COMM100":
      return [["CUSTOM!username", name]];
    case "COMM100VIP":
      return [["CUSTOM!username", name], ...category];
    default:
      return [];
  }
}

/** The address a button opens: the entry's URL with the member's name parameters set (replacing any of the same name). */
export function customerServiceLink(entries: readonly CsEntry[], position: CsPosition, member: CsMember): string | null {
  const entry = entryFor(entries, positionsFor(position, member));
  if (!entry) return null;
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  for (const [key, value] of nameParams(entry.csType, member)) url.searchParams.set(key, value);
  return url.toString();
}
