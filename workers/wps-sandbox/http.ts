// Response helpers: every /wps reply has the platform's envelope
// { success, value?, message?, errorCode? } so the app's parsers see the real shape.

export interface PlatformReply {
  success: boolean;
  value?: unknown;
  message?: string;
  errorCode?: string;
}

const JSON_TYPE = "application/json; charset=utf-8";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": JSON_TYPE, ...headers },
  });
}

export function ok(value?: unknown): Response {
  const body: PlatformReply = value === undefined ? { success: true } : { success: true, value };
  return json(body);
}

/** A platform-shaped failure. Business errors use HTTP 200, as the platform does. */
export function fail(errorCode: string, message: string, status = 200, value?: unknown): Response {
  const body: PlatformReply = { success: false, errorCode, message };
  if (value !== undefined) body.value = value;
  return json(body, status);
}

export function notLoggedIn(): Response {
  return fail("customer.not.login", "Please log in", 401);
}

export function notFound(path: string): Response {
  return fail("path.not.found", `No such endpoint: ${path}`, 404);
}

export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): Response {
  const res = fail("method.not.allowed", `${method} is not supported on ${path}`, 405);
  res.headers.set("allow", allowed.join(", "));
  return res;
}

export function text(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", ...headers },
  });
}

export function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}
