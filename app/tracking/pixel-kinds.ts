// The third-party pixels a merchant may configure (docs/behaviour/tracking.md#pixels): each vendor's official script
// address and the origins its script talks to, which the page's CSP allows for that merchant only. Shared by the edge
// (CSP) and the tracking layer (loading): data only. AppsFlyer and Adjust are their web SDKs (docs/decisions/0071); the
// app shell's own SDKs keep the native bridges.
import type { PixelKind, TrackingEventName } from "../lib/tracking-names";

export type PixelConfig = {
  kind: PixelKind;
  /** The merchant's id at the vendor: pixel id, AppsFlyer's Web Dev Key, Adjust's app token. */
  id: string;
  script?: string;
  /** Adjust only: its event token per product event (Adjust takes tokens, not names); an event without one is not sent. */
  events?: Partial<Record<TrackingEventName, string>>;
};

type KindHosts = {
  /** The vendor's script, for a pixel id. */
  script: (id: string) => string;
  /** Where the script sends its beacons and requests (connect-src and img-src). */
  beacons: readonly string[];
};

export const PIXEL_HOSTS: Record<PixelKind, KindHosts> = {
  facebook: { script: () => "https://connect.facebook.net/en_US/fbevents.js", beacons: ["https://www.facebook.com"] },
  tiktok: {
    script: (id) => `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${encodeURIComponent(id)}&lib=ttq`,
    beacons: ["https://analytics.tiktok.com"],
  },
  gtag: {
    script: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    beacons: ["https://www.google-analytics.com", "https://region1.google-analytics.com", "https://www.googletagmanager.com"],
  },
  kwai: { script: () => "https://s1.kwai.net/kos/s101/nlav11187/pixel/events.js", beacons: ["https://log-sdk.ksapisrv.com"] },
  // AppsFlyer's PBA web SDK: the address its snippet builds for the pba plugin; visits and events go to wa.appsflyer.com.
  appsflyer: { script: () => "https://websdk.appsflyer.com?st=pba", beacons: ["https://wa.appsflyer.com", "https://websdk.appsflyer.com"] },
  // Adjust's web SDK from its CDN; it reports to app.adjust.com, or its fallback domains when that is blocked.
  adjust: {
    script: () => "https://cdn.adjust.com/adjust-latest.min.js",
    beacons: ["https://app.adjust.com", "https://app.adjust.world", "https://app.adjust.net.in"],
  },
};

/** The script address a pixel loads: the merchant's own (a same-origin path or https URL), else the vendor's. */
export function pixelScript(pixel: PixelConfig): string {
  return pixel.script ?? PIXEL_HOSTS[pixel.kind].script(pixel.id);
}

function originOf(address: string): string | null {
  if (!address.startsWith("https://")) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** The outside origins the merchant's pixels need: scripts, and beacons (connect and images). Same-origin adds none. */
export function pixelOrigins(pixels: readonly PixelConfig[]): { scripts: string[]; beacons: string[] } {
  const scripts = new Set<string>();
  const beacons = new Set<string>();
  for (const pixel of pixels) {
    const origin = originOf(pixelScript(pixel));
    if (!origin) continue;
    scripts.add(origin);
    for (const beacon of PIXEL_HOSTS[pixel.kind].beacons) beacons.add(beacon);
  }
  return { scripts: [...scripts], beacons: [...beacons] };
}
