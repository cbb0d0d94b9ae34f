// The unread refresh route's reply (docs/behaviour/support.md#chat-link), read with zod in the browser. A module of its
// own, imported when the first refresh runs: the footer is on every page, and zod must not be in every first load.
import { z } from "zod";

export const unreadReplySchema = z.object({ count: z.number().int().min(0).max(1_000_000).nullable() });
