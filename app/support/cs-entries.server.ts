import { decryptCustomerServicePath } from "../.server/platform/customer-service";
import type { SiteConfig } from "../.server/platform/site";
import type { CsEntry } from "./customer-service";

// The site config's customer-service entries as links (docs/behaviour/shell.md#customer-service-link).

/** The customer-service entries whose path is (or decrypts to) an http(s) address, in the platform's order. */
export function customerServiceEntries(config: SiteConfig | null): CsEntry[] {
  const entries: CsEntry[] = [];
  for (const entry of config?.customerService ?? []) {
    const url = decryptCustomerServicePath(entry.path);
    if (/^https?:\/\//i.test(url)) entries.push({ csType: entry.csType, csPosition: entry.csPosition ?? null, url });
  }
  return entries;
}
