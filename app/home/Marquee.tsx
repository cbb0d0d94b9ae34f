import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translate";
import type { MarqueeData } from "./marquee.server";
import { marqueeDurationSeconds } from "./marquee";

/**
 * The announcements marquee (docs/behaviour/home.md#marquee). The server renders the texts as a plain wrapped list,
 * which is what runs without JavaScript and under reduced motion. In the browser, with motion allowed, a second,
 * hidden copy joins the first and the two scroll by one copy's width at the configured speed; hover and focus pause
 * it. Screen readers read the first list only, once.
 */
export function Marquee({ marquee }: { marquee: MarqueeData }) {
  const { t } = useTranslation();
  const first = useRef<HTMLUListElement>(null);
  const [seconds, setSeconds] = useState<number | null>(null);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => {
      const list = first.current;
      if (query.matches || !list) return setSeconds(null);
      // One copy's width on one line (the static list wraps): measured with the moving layout for a moment.
      list.classList.add("marquee__list--line");
      const width = list.getBoundingClientRect().width;
      list.classList.remove("marquee__list--line");
      setSeconds(marqueeDurationSeconds(width, marquee.speed));
    };
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [marquee]);

  const moving = seconds !== null;
  return (
    <section className="marquee" aria-label={t("home_marquee_label")}>
      <svg className="marquee__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M3 10v4h3l5 4V6L6 10H3zm13.5 2A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z" fill="currentColor" />
      </svg>
      {/* Focusable while it moves, so a keyboard can stop it (focus pauses it). */}
      <div className="marquee__viewport" tabIndex={moving ? 0 : undefined} data-moving={moving ? "true" : undefined}>
        <div className="marquee__track" style={moving ? ({ "--marquee-duration": `${seconds}s` } as React.CSSProperties) : undefined}>
          <ul ref={first} className="marquee__list">
            {marquee.items.map((item) => (
              <li key={item.id} className="marquee__item" dir="auto">
                {item.text}
              </li>
            ))}
          </ul>
          {moving ? (
            <ul className="marquee__list" aria-hidden="true">
              {marquee.items.map((item) => (
                <li key={item.id} className="marquee__item" dir="auto">
                  {item.text}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
