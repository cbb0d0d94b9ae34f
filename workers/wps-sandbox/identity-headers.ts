// Headers the app sends on identity calls (contract: Device on login,
// verification and register; ModuleId on register).
import { invalidRequest } from "./validation";

export const DEVICES = ["IPAD", "PWA", "PWA-Android", "WEBCLIP"] as const;

/** A `Device` header, when sent, must be one of DEVICES; 400 request.invalid otherwise. */
export function checkDevice(request: Request): Response | null {
  const device = request.headers.get("Device");
  if (device === null) return null;
  if ((DEVICES as readonly string[]).includes(device.trim())) return null;
  return invalidRequest(`Header "Device" must be one of ${DEVICES.join(", ")}`);
}

/** Register calls name their module: REG3 (username) or MOBILENUMREG3 (mobile). */
export function requireModuleId(request: Request, expected: "REG3" | "MOBILENUMREG3"): Response | null {
  const moduleId = request.headers.get("ModuleId")?.trim();
  if (moduleId === expected) return null;
  return invalidRequest(`Header "ModuleId" must be ${expected} on this endpoint`);
}
