// The device id when the browser did not send one (JavaScript off, auto-login at the edge): the native app's UUID,
// else the MD5 of User-Agent, Accept-Language and a first-party random cookie, formatted 8-4-4-4-12.
import { formatDeviceId, isDeviceId, nativeAppDeviceId } from "./device";
import { md5Hex } from "../.server/platform/encryption";
import { readCookie, signedCookie } from "../.server/cookies";

export const DEVICE_SEED_COOKIE = "mc_device";
const SEED_MAX_AGE = 60 * 60 * 24 * 365 * 2;

function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function deviceIdFrom(userAgent: string | null, acceptLanguage: string | null, seed: string): string {
  return nativeAppDeviceId(userAgent) ?? formatDeviceId(md5Hex(`${userAgent ?? ""}|${acceptLanguage ?? ""}|${seed}`));
}

function seedCookie(request: Request, secret: string) {
  return signedCookie(request, { name: DEVICE_SEED_COOKIE, secret, maxAge: SEED_MAX_AGE });
}

/** The seed of the browser's own signed mc_device cookie, when it sent a valid one (the client of throttling). */
export async function deviceSeedOf(request: Request, secret: string): Promise<string | null> {
  const existing = await readCookie(seedCookie(request, secret), request);
  return typeof existing === "string" && /^[0-9a-f]{32}$/.test(existing) ? existing : null;
}

/** The server's device id, with the Set-Cookie that plants the seed (and the seed) when the browser has none yet. */
export async function serverDeviceId(request: Request, secret: string): Promise<{ id: string; setCookie: string | null; seed: string }> {
  const cookie = seedCookie(request, secret);
  const kept = await deviceSeedOf(request, secret);
  const seed = kept ?? randomSeed();
  const id = deviceIdFrom(request.headers.get("User-Agent"), request.headers.get("Accept-Language"), seed);
  return { id, setCookie: kept ? null : await cookie.serialize(seed), seed };
}

/** The browser's device id when it sent a well-formed one (native app UUIDs win), else the server's. */
export async function loginDeviceId(
  request: Request,
  secret: string,
  fromForm: unknown,
): Promise<{ id: string; setCookie: string | null; seed?: string }> {
  const native = nativeAppDeviceId(request.headers.get("User-Agent"));
  if (native) return { id: native, setCookie: null };
  if (isDeviceId(fromForm)) return { id: fromForm, setCookie: null };
  return serverDeviceId(request, secret);
}
