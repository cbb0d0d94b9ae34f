import { useEffect, useState, type ComponentType } from "react";
import { afterFirstInteraction, whenIdle } from "./first-interaction";

type Loader = () => Promise<{ default: ComponentType }>;

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
    // Idle: within 3 s (1.5 s in Safari, which has no idle callback).
    const cancel = when === "idle" ? whenIdle(run, 3000, 1500) : afterFirstInteraction(run);
    return () => {
      live = false;
      cancel();
    };
  }, [load, when]);
  return Loaded ? <Loaded /> : null;
}
