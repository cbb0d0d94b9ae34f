// The edge's check of a push token (docs/behaviour/firebase.md#push-token). Apart from ./rules.ts, which the browser's
// push layer imports: a zod schema there would put zod in the first 10 s of every page with push
// (docs/behaviour/shell.md#script-budget).
import { z } from "zod";

/** An FCM registration token as the product sends it on (FCM's alphabet; real ones are about 160 characters). */
export const registrationTokenSchema = z
  .string()
  .min(16)
  .max(4096)
  .regex(/^[A-Za-z0-9_:.-]+$/);
