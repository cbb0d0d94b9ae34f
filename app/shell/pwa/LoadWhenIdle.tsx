import { useEffect, useState, type ComponentType } from "react";

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Renders a component loaded once the page is idle: nothing on the server, nothing in the first load. `load` must
 * be a stable function (declared at module level).
 */
export function LoadWhenIdle({ load }: { load: Loader }) {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const run = () =>
      void load()
        .then((module) => live && setLoaded(() => module.default))
        .catch(() => undefined);
    // Safari has no requestIdleCallback.
    const hasIdle = typeof window.requestIdleCallback === "function";
    const handle = hasIdle ? window.requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 1500);
    return () => {
      live = false;
      if (hasIdle) window.cancelIdleCallback(handle as number);
      else clearTimeout(handle);
    };
  }, [load]);
  return Loaded ? <Loaded /> : null;
}
