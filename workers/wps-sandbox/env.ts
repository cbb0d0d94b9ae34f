/** Bindings and vars declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  /** The platform's default member password (seed member default01; mobile sign-ups without a password). */
  DEFAULT_MEMBER_PASSWORD: string;
}
