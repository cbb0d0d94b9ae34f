// The Worker of scripts/bench/identity-guard.mjs: runs `n` calls against one IdentityGuard object from `c` concurrent
// callers, over RPC as the app calls a shard, and answers when they are done.
import { IdentityGuard } from "../../workers/identity-guard";
import type { AttemptRule } from "../../app/.server/security/identity-guard";

export { IdentityGuard };

const WINDOW = 15 * 60_000;

/** What a login check asks of one shard: the account-and-device counter and the account's. */
function rules(i: number): AttemptRule[] {
  return [
    { key: `login:client:player${i}:device:d${i}`, limit: 5, windowMs: WINDOW },
    { key: `login:account:player${i}`, limit: 20, windowMs: WINDOW },
  ];
}

export default {
  async fetch(request: Request, env: { IDENTITY_GUARD: DurableObjectNamespace<IdentityGuard> }): Promise<Response> {
    const url = new URL(request.url);
    const n = Number(url.searchParams.get("n"));
    const c = Number(url.searchParams.get("c"));
    const op = url.searchParams.get("op");
    const guard = env.IDENTITY_GUARD.get(env.IDENTITY_GUARD.idFromName(`bench:${op}:${c}`));
    let next = 0;
    async function caller() {
      while (next < n) {
        const i = next++ % 5000;
        if (op === "check") await guard.checkAttempts(rules(i), Date.now());
        else if (op === "record") await guard.recordAttempt(rules(i), Date.now(), { merchantCode: "bench", index: 0 });
        else await guard.getRecord(`record-${i}`, Date.now());
      }
    }
    await Promise.all(Array.from({ length: c }, caller));
    return new Response("ok");
  },
};
