/** Bindings declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
}
