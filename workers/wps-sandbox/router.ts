// Exact-path routing: a known path with the wrong method is 405, an unknown path 404.
import type { Route } from "./context";
import { methodNotAllowed, notFound } from "./http";

export async function dispatch<C>(routes: readonly Route<C>[], request: Request, path: string, ctx: C): Promise<Response> {
  const onPath = routes.filter((route) => route.path === path);
  if (onPath.length === 0) return notFound(path);
  const route = onPath.find((r) => r.method === request.method);
  if (route === undefined)
    return methodNotAllowed(
      request.method,
      path,
      onPath.map((r) => r.method),
    );
  return route.handle(ctx);
}
