import { createCookieSessionStorage, type Session } from "@remix-run/cloudflare";
import { z } from "zod";
import { cookieName, createSealedCookie, hasCookie, isSecureRequest } from "./cookies";

// The edge owns the session: the platform token lives only in this HttpOnly cookie, signed by Remix and sealed with
// AES-GCM so the token cannot be read from it (docs/decisions/0003, docs/behaviour/session.md).

/** Why a member must change the password before anything else (docs/behaviour/identity.md#forced-change). */
export const FORCED_CHANGE_REASONS = ["default", "expired", "first-login"] as const;
export type ForcedChangeReason = (typeof FORCED_CHANGE_REASONS)[number];

export const sessionInfoSchema = z.object({
  id: z.string().max(64),
  merchantCode: z.string().max(32),
  userName: z.string().max(64),
  type: z.number().int().nullable(),
  firstTimeLogin: z.boolean().default(false),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

type SessionData = {
  token: string;
  info: SessionInfo;
  memberLanguage: string;
  mustChangePassword: ForcedChangeReason;
  /** Max-Age the cookie was first written with (remember-me), kept on later writes. */
  maxAge: number;
};
type MemberSession = Session<SessionData>;

const SEAL_INFO = "mc_session/v2 member session";
const sealedDataSchema = z.record(z.unknown());

const SESSION_COOKIE = "mc_session";

export function sessionCookieName(secure: boolean): string {
  return cookieName(SESSION_COOKIE, secure);
}

export function createSessionStorage(secret: string, secure: boolean) {
  return createCookieSessionStorage<SessionData>({
    cookie: createSealedCookie(
      sessionCookieName(secure),
      // Without remember-me the cookie lives for the browser session; login sets maxAge when remembered.
      { httpOnly: true, secure, sameSite: "lax", path: "/", secrets: [secret] },
      SEAL_INFO,
      sealedDataSchema,
    ),
  });
}

export class AppSession {
  private changed = false;

  private constructor(
    private readonly storage: ReturnType<typeof createSessionStorage>,
    private readonly session: MemberSession,
    private readonly merchantCode: string,
    /** The request carried a session cookie that did not verify or decrypt (or belongs to another merchant). */
    readonly unreadable: boolean,
  ) {}

  static async read(request: Request, secret: string, merchantCode: string): Promise<AppSession> {
    const secure = isSecureRequest(request);
    const storage = createSessionStorage(secret, secure);
    const header = request.headers.get("Cookie");
    const session = await storage.getSession(header);
    const present = await hasCookie(request, SESSION_COOKIE);
    const foreign = !!session.get("info") && session.get("info")?.merchantCode !== merchantCode;
    const app = new AppSession(storage, session, merchantCode, present && (foreign || !session.get("token")));
    // A cookie for another merchant (shared dev host, misconfiguration) is never honoured.
    if (foreign) app.signOut();
    // A cookie of ours that does not verify or decrypt counts as absent: written again (cleared) at the commit point.
    app.changed = app.unreadable;
    return app;
  }

  get token(): string | null {
    const token = this.session.get("token");
    return typeof token === "string" && token ? token : null;
  }

  get info(): SessionInfo | null {
    const parsed = sessionInfoSchema.safeParse(this.session.get("info"));
    return parsed.success ? parsed.data : null;
  }

  get memberLanguage(): string | null {
    const language = this.session.get("memberLanguage");
    return typeof language === "string" ? language : null;
  }

  /** Set by a login that must change its password; cleared by a successful change. */
  get mustChangePassword(): ForcedChangeReason | null {
    const reason = this.session.get("mustChangePassword");
    return (FORCED_CHANGE_REASONS as readonly unknown[]).includes(reason) ? (reason as ForcedChangeReason) : null;
  }

  /** Whether anything was changed since the cookie was read: the Worker writes the cookie only then (workers/app.ts). */
  get isChanged(): boolean {
    return this.changed;
  }

  signIn(token: string, info: Omit<SessionInfo, "merchantCode">): void {
    this.session.set("token", token);
    this.session.set("info", { ...info, merchantCode: this.merchantCode });
    this.changed = true;
  }

  setMemberLanguage(language: string): void {
    this.session.set("memberLanguage", language);
    this.changed = true;
  }

  setMustChangePassword(reason: ForcedChangeReason | null): void {
    if (reason) this.session.set("mustChangePassword", reason);
    else this.session.unset("mustChangePassword");
    this.changed = true;
  }

  /** Remember-me: the cookie lasts `maxAge` seconds instead of the browser session, now and when written again later. */
  remember(maxAge: number): void {
    this.session.set("maxAge", maxAge);
    this.changed = true;
  }

  signOut(): void {
    this.session.unset("token");
    this.session.unset("info");
    this.session.unset("memberLanguage");
    this.session.unset("mustChangePassword");
    this.session.unset("maxAge");
    this.changed = true;
  }

  /**
   * The Set-Cookie line, written once per request by the Worker's commit point when the session changed (workers/app.ts);
   * a remembered session (maxAge) stays remembered.
   */
  commit(): Promise<string> {
    if (!this.token) return this.storage.destroySession(this.session);
    const maxAge = this.session.get("maxAge");
    return this.storage.commitSession(this.session, typeof maxAge === "number" && maxAge > 0 ? { maxAge } : undefined);
  }
}
