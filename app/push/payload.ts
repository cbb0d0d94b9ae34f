// A pushed message as the service worker shows it (docs/behaviour/firebase.md#push-notifications). FCM's web payload:
// `notification.title/body/icon/image/click_action`, `fcmOptions.link`, `data` (strings). Checked by hand here: the
// worker carries no validation library. Shared by app/shell/sw/entry.worker.ts and the unit tests.

/** The merchant's home-screen icon when the message names none (or one the worker may not show). */
export const DEFAULT_NOTIFICATION_ICON = "/m/icons/192.png";
/** Where a click goes when the message names no page of this site. */
export const DEFAULT_CLICK_PATH = "/m/home";

const MAX_TITLE = 200;
const MAX_BODY = 1000;

export type PushNotification = {
  title: string;
  options: { body?: string; icon: string; image?: string; data: { url: string } };
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed.slice(0, max);
}

/** An image the notification may load: this site's own, or any https address. */
function imageUrl(value: unknown, origin: string): string | undefined {
  const raw = text(value, 2048);
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page a click opens: the address the message gives when it is on this site (http or https), else the home page.
 * A message can never send the player to another site.
 */
export function clickTarget(link: unknown, origin: string): string {
  const fallback = new URL(DEFAULT_CLICK_PATH, origin).href;
  const raw = text(link, 2048);
  if (raw === undefined) return fallback;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin && (url.protocol === "https:" || url.protocol === "http:") ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** The push event's data as JSON, or null (no data, not JSON). */
export function readPushData(data: { text(): string } | null | undefined): unknown {
  if (!data) return null;
  try {
    return JSON.parse(data.text()) as unknown;
  } catch {
    return null;
  }
}

/** The notification to show, or null for a message without a title (nothing a player could read). */
export function notificationFromPayload(payload: unknown, origin: string): PushNotification | null {
  const message = record(payload);
  const notification = record(message.notification);
  const data = record(message.data);
  const title = text(notification.title, MAX_TITLE) ?? text(data.title, MAX_TITLE);
  if (title === undefined) return null;
  const link =
    text(record(message.fcmOptions).link, 2048) ?? text(notification.click_action, 2048) ?? text(data.url, 2048) ?? text(data.link, 2048);
  const body = text(notification.body, MAX_BODY) ?? text(data.body, MAX_BODY);
  const image = imageUrl(notification.image, origin);
  return {
    title,
    options: {
      ...(body === undefined ? {} : { body }),
      icon: imageUrl(notification.icon, origin) ?? new URL(DEFAULT_NOTIFICATION_ICON, origin).href,
      ...(image === undefined ? {} : { image }),
      data: { url: clickTarget(link, origin) },
    },
  };
}
