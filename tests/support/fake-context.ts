// A route's action or loader run in Node, without a server: the Worker's own load context (createAppContext) over a
// merchant whose platform is a function (fake-platform.ts), with a parsed server env, an in-memory IdentityGuard and the
// Worker's cookie commit point. Tests import the app through `~/` like the app does.
import { requestSetCookies } from "~/.server/request-cookies";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readServerEnv, type ServerEnv } from "~/.server/env.server";
import {
  attemptState,
  countAttempt,
  registryName,
  type AttemptRule,
  type AttemptState,
  type Counter,
  type IdentityGuardShardApi,
  type ShardRef,
} from "~/.server/security/identity-guard";
import { RequestLog } from "~/.server/logging/request-log.server";
import { createAppContext, type AppContext } from "~/lib/context.server";
import { sessionExpired } from "~/identity/guard.server";
import { decryptRequest, generateRsaKey, type RsaKey } from "../../workers/wps-sandbox/encryption";
import { fakePlatform, type PlatformHandler } from "./fake-platform";
import { parseSetCookie } from "./cookies";

/** A test secret (32+ characters, as readServerEnv asks); never a deployed one. */
export const TEST_SESSION_SECRET = "unit-test-session-secret-0123456789abcdef";

// ---------------------------------------------------------------- the IdentityGuard, in memory

/**
 * One Durable Object of the guard (workers/identity-guard.ts) in memory: the same window arithmetic (attemptState,
 * countAttempt), records and single-use markers with their expiry, and the registry's shard list, which a shard joins
 * at its writes (`enrol`).
 */
class MemoryGuardShard implements IdentityGuardShardApi {
  readonly counters = new Map<string, Counter>();
  readonly records = new Map<string, { value: string; expiresAt: number }>();
  readonly used = new Map<string, number>();
  readonly enrolled = new Set<number>();

  constructor(private readonly enrol: (shard: ShardRef | undefined) => void) {}

  async checkAttempts(rules: AttemptRule[], now: number): Promise<AttemptState> {
    return attemptState(
      rules.map((rule) => this.counters.get(rule.key)),
      rules,
      now,
    );
  }

  async recordAttempt(rules: AttemptRule[], now: number, shard?: ShardRef): Promise<AttemptState> {
    const next = rules.map((rule) => countAttempt(this.counters.get(rule.key), rule, now));
    rules.forEach((rule, index) => this.counters.set(rule.key, next[index]!));
    this.enrol(shard);
    return attemptState(next, rules, now);
  }

  async clearAttempts(keys: string[]): Promise<void> {
    for (const key of keys) this.counters.delete(key);
  }

  async putRecord(id: string, value: string, expiresAt: number, shard?: ShardRef): Promise<void> {
    this.records.set(id, { value, expiresAt });
    this.enrol(shard);
  }

  async getRecord(id: string, now: number): Promise<string | null> {
    const stored = this.records.get(id);
    return stored && stored.expiresAt > now ? stored.value : null;
  }

  async deleteRecord(id: string): Promise<void> {
    this.records.delete(id);
  }

  async useOnce(marker: string, expiresAt: number, now: number, shard?: ShardRef): Promise<boolean> {
    if (await this.isUsed(marker, now)) return false;
    this.used.set(marker, expiresAt);
    this.enrol(shard);
    return true;
  }

  async isUsed(marker: string, now: number): Promise<boolean> {
    return (this.used.get(marker) ?? 0) > now;
  }

  async clearAll(): Promise<void> {
    this.counters.clear();
    this.records.clear();
    this.used.clear();
  }

  async enrolShard(index: number): Promise<void> {
    this.enrolled.add(index);
  }

  async takeShards(): Promise<number[]> {
    const shards = [...this.enrolled];
    this.enrolled.clear();
    return shards;
  }
}

/** The IDENTITY_GUARD binding: a Durable Object namespace (idFromName, get) whose objects live in `objects`. */
export function memoryIdentityGuard() {
  const objects = new Map<string, MemoryGuardShard>();
  const get = (id: string): MemoryGuardShard => {
    const object =
      objects.get(id) ??
      new MemoryGuardShard((shard) => {
        if (shard) get(registryName(shard.merchantCode)).enrolled.add(shard.index);
      });
    objects.set(id, object);
    return object;
  };
  const namespace = { idFromName: (name: string) => name, get };
  return { namespace, objects };
}

// ---------------------------------------------------------------- the platform's encryption

let keyPair: Promise<RsaKey> | null = null;

/** The fake platform's RSA key (one per test file: a key takes some milliseconds to make). */
export function platformKey(): Promise<RsaKey> {
  keyPair ??= generateRsaKey();
  return keyPair;
}

/** GET /wps/session/key/rsa as the platform answers it: the modulus as text. */
export async function rsaKeyReply(): Promise<Response> {
  return new Response((await platformKey()).n, { headers: { "Content-Type": "text/plain" } });
}

/** The JSON an encrypted call sent (the login, the two-factor verification), read as the platform reads it. */
export async function encryptedBody(request: Request): Promise<unknown> {
  const decrypted = decryptRequest(
    {
      encryption: request.headers.get("Encryption"),
      xRsa: request.headers.get("X-RSA"),
      xDigest: request.headers.get("X-Digest"),
      body: await request.clone().text(),
    },
    await platformKey(),
  );
  if (!decrypted.ok) throw new Error(`the fake platform could not read the body: ${decrypted.message}`);
  return decrypted.payload;
}

// ---------------------------------------------------------------- the app's context and the Worker's commit point

/** What an action or loader answered: Remix's data() (a body and its status), a Response, or a thrown Response. */
type Answer = Response | { data: unknown; init: ResponseInit | null };

/**
 * The Set-Cookie lines the Worker sends with this answer (workers/app.ts withOutgoingCookies): the answer's own, the
 * session when it changed (the one commit point), then the request's other cookies.
 */
export async function outgoingSetCookies(answer: Answer, context: AppContext): Promise<string[]> {
  const own = answer instanceof Response ? answer.headers.getSetCookie() : new Headers(answer.init?.headers).getSetCookie();
  return [...own, ...(await requestSetCookies(context))];
}

export type ActionReply = {
  status: number;
  /** data()'s body (null for a Response). */
  data: unknown;
  /** A redirect's Location. */
  location: string | null;
  setCookies: string[];
  context: AppContext;
};

/** A browser's cookies: the Cookie header it sends, kept up to date with each answer's Set-Cookie lines. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const { name, value, attributes } = parseSetCookie(line);
      const expires = typeof attributes["expires"] === "string" ? Date.parse(attributes["expires"]) : NaN;
      if (attributes["max-age"] === "0" || expires <= Date.now() || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * The app as the Worker runs it for the demo merchant on demo.localhost, its platform answered by `handler`: each
 * request gets the real load context; `post` runs an action with a form as a browser would post it.
 */
export function fakeApp(handler: PlatformHandler) {
  const platform = fakePlatform(handler);
  const guard = memoryIdentityGuard();
  const env: ServerEnv = readServerEnv({
    ...platform.env,
    SESSION_SECRET: TEST_SESSION_SECRET,
    IDENTITY_GUARD: guard.namespace,
  } as unknown as Env);
  /** What the Worker hands ctx.waitUntil (the tracking events): awaited by `settled`. */
  const background: Promise<unknown>[] = [];

  function contextFor(request: Request): Promise<AppContext> {
    const cloudflare = { env, ctx: { waitUntil: (promise: Promise<unknown>) => void background.push(promise) } };
    return createAppContext(request, cloudflare, platform.merchant, new RequestLog(request), { onSessionEnded: sessionExpired });
  }

  async function post(
    action: (args: ActionFunctionArgs) => Promise<unknown>,
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<ActionReply> {
    const request = new Request(`http://demo.localhost:8787${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en", ...headers },
      body: new URLSearchParams(fields),
    });
    const context = await contextFor(request);
    // The platform client throws the redirect that ends a session (caught by the Worker the same way).
    const answer = (await action({ request, context, params: {} }).catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    })) as Answer;
    const setCookies = await outgoingSetCookies(answer, context);
    if (answer instanceof Response) {
      return { status: answer.status, data: null, location: answer.headers.get("Location"), setCookies, context };
    }
    return { status: answer.init?.status ?? 200, data: answer.data, location: null, setCookies, context };
  }

  return {
    ...platform,
    env,
    guard,
    contextFor,
    post,
    /** Every background task (ctx.waitUntil) has finished. */
    settled: () => Promise.allSettled(background),
  };
}

/** The Set-Cookie line of one cookie, if the answer sets it. */
export function setCookieOf(setCookies: string[], name: string): string | undefined {
  return setCookies.find((line) => parseSetCookie(line).name === name);
}
