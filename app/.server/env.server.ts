import { z } from "zod";
import { ACTION_DEADLINE_MS, PAGE_DEADLINE_MS, PLATFORM_TIMEOUT_MS } from "./platform/client";

// The Worker's environment, read once per isolate and typed: the vars and secrets are parsed here with zod, the
// bindings keep the types `wrangler types` generates from wrangler.toml (worker-configuration.d.ts, `npm run
// cf-typegen`). A missing or malformed variable stops the Worker at its first request, with the variable's name in the
// log, rather than deep inside some page (docs/decisions/0026-environment.md).

/** "on" in the development config; absent (or "off") in production. */
const switchSchema = z
  .enum(["on", "off"], { message: 'must be "on" or "off"' })
  .optional()
  .transform((value) => value === "on");

/** A whole positive number of milliseconds, given as text (a wrangler var); the production value when absent. */
const millisecondsSchema = (fallback: number) =>
  z
    .string()
    .regex(/^[1-9]\d*$/, "must be a whole number of milliseconds")
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)));

const varsSchema = z.object({
  /** Signs and encrypts the session cookie (`wrangler secret put SESSION_SECRET`). */
  SESSION_SECRET: z.string({ required_error: "is not set" }).min(32, "must be at least 32 characters"),
  /** The platform's default member password, which forces a password change; an empty value counts as unset. */
  DEFAULT_MEMBER_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Per-call platform timeout (the test server lowers it so that timeout tests take seconds). */
  PLATFORM_TIMEOUT_MS: millisecondsSchema(PLATFORM_TIMEOUT_MS),
  /** A page load's overall platform deadline (docs/behaviour/errors.md#timeouts). */
  PAGE_DEADLINE_MS: millisecondsSchema(PAGE_DEADLINE_MS),
  /** A form post's overall platform deadline (docs/behaviour/errors.md#action-deadline). */
  ACTION_DEADLINE_MS: millisecondsSchema(ACTION_DEADLINE_MS),
  /** Development only: /__sandbox/* reaches the sandbox platform's fault controls. */
  SANDBOX_CONTROL: switchSchema,
  /** Development only: the checked-in demo merchants are served after the KV routes. */
  DEMO_MERCHANTS: switchSchema,
  /**
   * Development only: "127.0.0.1:9099", the Firebase Auth emulator the browser's SDK is pointed at
   * (docs/decisions/0055-firebase.md). Absent in production.
   */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().max(64).optional(),
  /** Development only: answers carry X-Platform-Calls (docs/behaviour/platform-data.md#call-count). */
  PLATFORM_CALLS_HEADER: switchSchema,
});

export type ServerVars = z.output<typeof varsSchema>;

/** The bindings as wrangler.toml declares them, and the vars and secrets as parsed above. */
export type ServerEnv = Omit<Env, keyof ServerVars> & ServerVars;

/** The environment is unusable: `variables` names each variable at fault (never its value). */
export class EnvError extends Error {
  constructor(
    readonly variables: string[],
    problems: string[],
  ) {
    super(`Worker environment: ${problems.join("; ")}`);
    this.name = "EnvError";
  }
}

// The runtime hands every request of an isolate the same env object, so it is parsed once per isolate.
const parsed = new WeakMap<object, ServerEnv>();

/** The parsed environment; throws EnvError naming the variables that are missing or malformed. */
export function readServerEnv(env: Env): ServerEnv {
  const cached = parsed.get(env);
  if (cached) return cached;
  const vars = varsSchema.safeParse(env);
  if (!vars.success) {
    const variables = [...new Set(vars.error.issues.map((issue) => String(issue.path[0])))];
    throw new EnvError(
      variables,
      vars.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`),
    );
  }
  const serverEnv: ServerEnv = { ...env, ...vars.data };
  parsed.set(env, serverEnv);
  return serverEnv;
}
