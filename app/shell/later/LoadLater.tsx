import { useEffect, useState, type ComponentType } from "react";
import { afterFirstInteraction } from "./first-interaction";

type Loader = () => Promise<{ default: ComponentType }>;

/** The browser's first idle moment, within 3 s (1.5 s in Safari, which has no idle callback). */
function whenIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(then, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(then, 1500);
  return () => clearTimeout(handle);
}

/**
 * Renders a component loaded later: nothing on the server, nothing in the page's first load. By default once the player
 * has first touched the page, or 10 s after the navigation began (./first-interaction.ts); with `when="idle"`, once the
 * page is idle, for a part the player needs in the first seconds. `load` must be a stable function (declared at module
 * level).
 */
export function LoadLater({ load, when = "first-interaction" }: { load: Loader; when?: "first-interaction" | "idle" }) {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const run = () =>
      void load()
        .then((module) => live && setLoaded(() => module.default))
        .catch(() => undefined);
    const cancel = when === "idle" ? whenIdle(run) : afterFirstInteraction(run);
    return () => {
      live = false;
      cancel();
    };
  }, [load, when]);
  return Loaded ? <Loaded /> : null;
}
