import { useEffect, useState } from "react";

/**
 * Whether the player asked for reduced motion: no autoplay, no scrolling text. Until the browser says otherwise it is
 * true, so the server render and the first browser render agree (and a page without scripts never moves).
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}
