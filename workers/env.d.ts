/** Bindings of the app Worker (wrangler.toml). */
interface Env {
  ASSETS: Fetcher;
  /** Operators' merchant routes (key "routes"), editable without a redeploy. */
  MERCHANT_ROUTES?: KVNamespace;
  /** The sandbox platform; bound only in development and tests. */
  WPS_SANDBOX?: Fetcher;
  /** "on" only in the development config: forwards /__sandbox/* to the sandbox's control endpoint. */
  SANDBOX_CONTROL?: string;
  /** Worker secret that signs the session cookie. */
  SESSION_SECRET?: string;
  /** Worker secret: the platform's default member password, which forces a password change. */
  DEFAULT_MEMBER_PASSWORD?: string;
}
