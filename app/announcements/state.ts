// The stored popup state's schema (docs/behaviour/announcements.md#state): web storage and the dismissal cookies are
// read through it, never trusted as they are. Its own module so the browser loads zod only when it decides.
import { z } from "zod";
import type { PopupState } from "./rules";

export const hashSchema = z.string().regex(/^[0-9a-f]{8,64}$/);

export const popupStateSchema: z.ZodType<PopupState, z.ZodTypeDef, unknown> = z.object({
  hashes: z.array(hashSchema).max(50),
  show: z.boolean(),
  hideUntil: z.number().int().nonnegative().nullable().default(null),
  hidePopup: z.boolean().default(false),
});

/** A stored state, or null when absent or not one. */
export function parsePopupState(raw: unknown): PopupState | null {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = popupStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
