import type { AppContext } from "../lib/context.server";

/**
 * The Set-Cookie lines a request ends with, whatever answered it: the session cookie when the session changed (the one
 * commit point: the session is written here and nowhere else), then the other cookies the request set
 * (docs/decisions/0028-layout-and-import-boundaries.md, "Consequences").
 */
export async function requestSetCookies(context: Pick<AppContext, "session" | "outgoingCookies">): Promise<string[]> {
  return context.session.isChanged ? [await context.session.commit(), ...context.outgoingCookies] : context.outgoingCookies;
}
