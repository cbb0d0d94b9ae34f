import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";
import { acceptClick, boundsFor, BOUNDS_POLL_MS, clampToBounds, dragTo, isDrag, keyMove, startPosition, type Point } from "./drag";

// The floating, draggable mini-game box (docs/behaviour/support.md#minigame-box). Loaded after hydration when the page
// is idle; it loads the game's script itself, once, from the address the merchant's config names
// (docs/behaviour/support.md#minigame-script).

const BOX = { width: 64, height: 64 };

type MiniGameApi = { mount: (container: HTMLElement, texts: Record<string, string>) => () => void };

function loadScript(src: string): Promise<MiniGameApi> {
  const existing = (window as unknown as { MiniGame?: MiniGameApi }).MiniGame;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { MiniGame?: MiniGameApi }).MiniGame;
      if (api && typeof api.mount === "function") resolve(api);
      else reject(new Error("mini-game script without MiniGame.mount"));
    };
    script.onerror = () => reject(new Error("mini-game script did not load"));
    document.head.appendChild(script);
  });
}

function viewport() {
  return { width: window.innerWidth, height: window.innerHeight };
}

export default function MiniGameBox() {
  const { t } = useTranslation();
  const [position, setPosition] = useState<Point | null>(null);
  const [open, setOpen] = useState(false);
  const [api, setApi] = useState<MiniGameApi | null>(null);
  const drag = useRef<{ start: Point; origin: Point; dragging: boolean; id: number } | null>(null);
  const lastClick = useRef<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const scriptUrl = useRootData()?.support.miniGame?.scriptUrl ?? null;

  // Start at the inline-end side; keep inside the window on resize and rotation, and check every BOUNDS_POLL_MS.
  useEffect(() => {
    const direction = document.documentElement.dir === "rtl" ? "rtl" : "ltr";
    setPosition(startPosition(viewport(), BOX, direction));
    const keepInside = () => setPosition((p) => (p ? clampToBounds(p, boundsFor(viewport(), BOX)) : p));
    const timer = setInterval(keepInside, BOUNDS_POLL_MS);
    window.addEventListener("resize", keepInside);
    window.addEventListener("orientationchange", keepInside);
    return () => {
      clearInterval(timer);
      window.removeEventListener("resize", keepInside);
      window.removeEventListener("orientationchange", keepInside);
    };
  }, []);

  useEffect(() => {
    if (scriptUrl === null) return;
    let live = true;
    loadScript(scriptUrl)
      .then((loaded) => live && setApi(() => loaded))
      .catch((error: unknown) => console.warn("[mini-game]", error));
    return () => {
      live = false;
    };
  }, [scriptUrl]);

  useEffect(() => {
    if (!open || !api || !panel.current) return;
    return api.mount(panel.current, { spin: t("minigame_spin"), result: t("minigame_result") });
  }, [open, api, t]);

  const toggle = useCallback(() => {
    const now = Date.now();
    if (!acceptClick(lastClick.current, now)) return;
    lastClick.current = now;
    setOpen((o) => !o);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!position || (event.pointerType === "mouse" && event.button !== 0)) return;
    try {
      // Keeps the moves coming when the finger or mouse leaves the box; refused for a pointer the browser no longer has.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // the drag still works while the pointer stays over the box
    }
    drag.current = { start: { x: event.clientX, y: event.clientY }, origin: position, dragging: false, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    const point = { x: event.clientX, y: event.clientY };
    if (!current.dragging && !isDrag(current.start, point)) return;
    current.dragging = true;
    setPosition(dragTo(current.origin, current.start, point, boundsFor(viewport(), BOX)));
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    drag.current = null;
    if (!current.dragging) toggle();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!position) return;
    const next = keyMove(position, event.key, boundsFor(viewport(), BOX));
    if (!next) return;
    event.preventDefault();
    setPosition(next);
  };

  if (!position) return null;
  return (
    <>
      <button
        type="button"
        className="minigame-box"
        style={{ left: position.x, top: position.y, width: BOX.width, height: BOX.height }}
        aria-label={t("minigame_label")}
        aria-expanded={open}
        aria-controls="minigame-panel"
        data-ready={api ? "true" : "false"}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        // A keyboard's Enter or Space: the pointer handlers do not see it (detail 0 = not from a pointer).
        onClick={(event) => (event.detail === 0 ? toggle() : undefined)}
        onKeyDown={onKeyDown}
      >
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm2.5 3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm9 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM12 10.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM7.5 15a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm9 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
          />
        </svg>
      </button>
      <section id="minigame-panel" className="minigame-panel" aria-label={t("minigame_title")} hidden={!open}>
        <div className="minigame-panel__head">
          <h2 className="minigame-panel__title">{t("minigame_title")}</h2>
          <button type="button" className="minigame-panel__close" aria-label={t("minigame_close")} onClick={() => setOpen(false)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z"
              />
            </svg>
          </button>
        </div>
        <div ref={panel} className="minigame-panel__game" />
      </section>
    </>
  );
}
