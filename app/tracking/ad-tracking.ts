// The stored ad-tracking info (docs/behaviour/tracking.md#ad-tracking-info): the mobile measurement ids an app shell
// passes in the page's address (Adjust's app token and device ids, AppsFlyer's app and device ids, the advertising
// ids), kept by the edge beside the ad parameters and sent to the platform with the registration and each event, so
// the platform can report them server to server (docs/decisions/0072). Shared by the edge, the sandbox and the
// browser: data and pure functions only.

export const AD_TRACKING_NAMES = [
  "adAppToken",
  "gpsAdid",
  "adid",
  "afAppId",
  "appsflyerId",
  "afAdvertisingId",
  "afOaid",
  "idfa",
  "idfv",
] as const;
export type AdTrackingName = (typeof AD_TRACKING_NAMES)[number];
export type AdTrackingInfo = Partial<Record<AdTrackingName, string>>;

/** The ad-tracking info among stored or received values; undefined when there is none. */
export function pickAdTracking(values: Readonly<Record<string, string | undefined>>): AdTrackingInfo | undefined {
  const info: AdTrackingInfo = {};
  for (const name of AD_TRACKING_NAMES) {
    const value = values[name];
    if (value) info[name] = value;
  }
  return Object.keys(info).length ? info : undefined;
}
