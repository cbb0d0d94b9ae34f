// The platform's error catalogue (docs/behaviour/errors.md#platform-errors), turned into outcomes that loaders and
// actions switch on.

export type NoticeKey = "unknown_error" | "platform_timeout" | "platform_unavailable";

export type PlatformFailure =
  /** Clear the session and send the user to /m/login. */
  | { kind: "not-logged-in" }
  /** Said nothing to the user: rate limits and 502s. */
  | { kind: "silent"; reason: "too-many-requests" | "bad-gateway" }
  /** A notice alert: the platform's message when it gave one, else a translated text. */
  | { kind: "notice"; message: string | null; messageKey: NoticeKey };

export type PlatformResult<T> =
  { ok: true; value: T } | { ok: false; failure: PlatformFailure; errorCode: string | null; message: string | null; value: unknown };

const NOT_LOGGED_IN_CODES = new Set(["customer.not.login", "user.or.token.invalid", "login.not.session"]);

export type PlatformReply = { success: boolean; value?: unknown; message?: string; errorCode?: string };

export function classifyFailure(status: number, reply: PlatformReply | null): PlatformFailure {
  const code = reply?.errorCode ?? null;
  const message = typeof reply?.message === "string" && reply.message.trim() ? reply.message.trim() : null;
  if (status === 401 || message === "CUSTOMER_NOT_LOGIN" || (code && NOT_LOGGED_IN_CODES.has(code))) {
    return { kind: "not-logged-in" };
  }
  if (code?.startsWith("TOO_MANY_REQUEST")) return { kind: "silent", reason: "too-many-requests" };
  if (status === 502) return { kind: "silent", reason: "bad-gateway" };
  if (!reply) return { kind: "notice", message: null, messageKey: status >= 500 ? "platform_unavailable" : "unknown_error" };
  return { kind: "notice", message, messageKey: "unknown_error" };
}

export function failed<T>(failure: PlatformFailure, reply: PlatformReply | null = null): PlatformResult<T> {
  return {
    ok: false,
    failure,
    errorCode: reply?.errorCode ?? null,
    message: reply?.message ?? null,
    value: reply?.value ?? null,
  };
}
