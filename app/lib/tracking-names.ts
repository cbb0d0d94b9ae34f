// The names the merchant's configuration and the tracking feature share (docs/behaviour/tracking.md#events,
// #pixels): the tracking events and the pixel kinds. Here, below both, so the route config's schema can name them.

export const TRACKING_EVENT_NAMES = [
  "firstOpen",
  "registerSubmit",
  "register",
  "depositSubmit",
  "firstDeposit",
  "withdraw",
  "deposit",
  "redeposit",
  "firstDepositArrival",
  "login",
  "viewContent",
  "downloadApp",
  "gameLaunch",
  "a2hsInstalled",
] as const;
export type TrackingEventName = (typeof TRACKING_EVENT_NAMES)[number];

export const PIXEL_KINDS = ["facebook", "tiktok", "gtag", "kwai", "appsflyer", "adjust"] as const;
export type PixelKind = (typeof PIXEL_KINDS)[number];
