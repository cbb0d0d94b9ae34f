import { createCookie, createCookieSessionStorage, type Session } from "@remix-run/cloudflare";
import { z } from "zod";

// The edge owns the session: the platform token lives only in this signed HttpOnly cookie (docs/decisions/0003).

export const sessionInfoSchema = z.object({
  id: z.string().max(64),
  merchantCode: z.string().max(32),
  userName: z.string().max(64),
  type: z.number().int().nullable(),
  firstTimeLogin: z.boolean().default(false),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

type SessionData = { token: string; info: SessionInfo; memberLanguage: string };
type MemberSession = Session<SessionData>;

/** https in production gets the __Host- prefix and Secure; plain http exists only on a developer's machine. */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function createSessionStorage(secret: string, secure: boolean) {
  return createCookieSessionStorage<SessionData>({
    cookie: {
      name: secure ? "__Host-mc_session" : "mc_session",
      httpOnly: true,
      secure,
      sameSite: "lax",
      path: "/",
      secrets: [secret],
      // Without remember-me the cookie lives for the browser session; login sets maxAge when remembered.
    },
  });
}

export class AppSession {
  private constructor(
    private readonly storage: ReturnType<typeof createSessionStorage>,
    private readonly session: MemberSession,
    private readonly merchantCode: string,
  ) {}

  static async read(request: Request, secret: string, merchantCode: string): Promise<AppSession> {
    const storage = createSessionStorage(secret, isSecureRequest(request));
    const session = await storage.getSession(request.headers.get("Cookie"));
    const app = new AppSession(storage, session, merchantCode);
    // A cookie for another merchant (shared dev host, misconfiguration) is never honoured.
    if (session.get("info") && session.get("info")?.merchantCode !== merchantCode) app.signOut();
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
    return this.session.get("memberLanguage") ?? null;
  }

  signIn(token: string, info: Omit<SessionInfo, "merchantCode">): void {
    this.session.set("token", token);
    this.session.set("info", { ...info, merchantCode: this.merchantCode });
  }

  setMemberLanguage(language: string): void {
    this.session.set("memberLanguage", language);
  }

  signOut(): void {
    this.session.unset("token");
    this.session.unset("info");
    this.session.unset("memberLanguage");
  }

  commit(options?: { maxAge?: number }): Promise<string> {
    if (!this.token) return this.storage.destroySession(this.session);
    return this.storage.commitSession(this.session, options);
  }
}

/** The visitor's chosen language; readable by the platform's other same-origin apps (spec key "language"). */
export const languageCookie = createCookie("language", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});
