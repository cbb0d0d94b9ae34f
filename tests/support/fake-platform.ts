// A merchant whose platform is a function: unit tests of the platform client and its callers see every request the
// client makes and answer it themselves, with no server running.
import { merchantRouteSchema } from "../../app/.server/merchants/merchant-config";
import { DEFAULT_MERCHANT_ROUTES } from "../../app/.server/merchants/default-merchants";

export type PlatformHandler = (request: Request) => Response | Promise<Response>;

/** The demo merchant on demo.localhost with its platform bound to `handler`; `seen` collects the requests. */
export function fakePlatform(handler: PlatformHandler) {
  const seen: Request[] = [];
  const merchant = {
    ...merchantRouteSchema.parse({ ...DEFAULT_MERCHANT_ROUTES[0], platform: { service: "FAKE_PLATFORM" } }),
    host: "demo.localhost",
  };
  const env = {
    FAKE_PLATFORM: {
      fetch: async (request: Request) => {
        seen.push(request);
        return handler(request);
      },
    },
  };
  return { merchant, env, seen };
}
