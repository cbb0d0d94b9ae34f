// What a /wps route handler gets, and how routes are declared.
import type { Env } from "./env";
import type { Faults } from "./faults";
import type { Merchant } from "./merchants";

export interface WpsContext {
  request: Request;
  url: URL;
  env: Env;
  merchant: Merchant;
  /** The merchant's current injected faults (status reply depends on them). */
  faults: Faults;
}

export type Method = "GET" | "POST";

export interface Route<C> {
  method: Method;
  path: string;
  handle: (ctx: C) => Promise<Response>;
}

export type WpsRoute = Route<WpsContext>;
