/** Bindings of the app Worker (wrangler.toml). */
interface Env {
  ASSETS: Fetcher;
  /** Operators' merchant routes (key "routes"), editable without a redeploy. */
  MERCHANT_ROUTES?: KVNamespace;
  /** The sandbox platform; bound only in development and tests. */
  WPS_SANDBOX?: Fetcher;
  /** "on" only in the development config: forwards /__sandbox/* to the sandbox's control endpoint. */
  SANDBOX_CONTROL?: string;
  /** Attempt counters, remembered-login records and single-use markers, one object per merchant. */
  IDENTITY_GUARD?: DurableObjectNamespace;
  /** Worker secret that signs the session cookie. */
  SESSION_SECRET?: string;
  /** Worker secret: the platform's default member password, which forces a password change. */
  DEFAULT_MEMBER_PASSWORD?: string;
  /** "on" only in the development config: the checked-in demo merchants are served after the KV routes. */
  DEMO_MERCHANTS?: string;
  /** Per-call platform timeout in ms (30000 unless set; the test server lowers it). */
  PLATFORM_TIMEOUT_MS?: string;
  /** A page load's overall platform deadline in ms (5000 unless set). */
  PAGE_DEADLINE_MS?: string;
}
