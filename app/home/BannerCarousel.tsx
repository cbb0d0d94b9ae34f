import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "~/i18n/translate";
import { Chevron } from "~/ui/Chevron";
import { useAttentionWithin } from "~/ui/use-attention-within";
import { useDialogOnScreen } from "~/ui/dialog-on-screen";
import { usePrefersReducedMotion } from "~/ui/use-reduced-motion";
import { useHydrated } from "~/ui/use-hydrated";
import type { HomeBanner } from "./banners.server";

/** Autoplay: the next slide after this long (docs/behaviour/home.md#banners). */
export const BANNER_AUTOPLAY_MS = 5_000;
/** A mouse drag this far (px) turns the slide; touch swipes are the browser's own scroll-snap. */
const DRAG_THRESHOLD_PX = 40;

/**
 * The home banners: a scroll-snap strip of links that swipes and shows the first slide without JavaScript; with it,
 * previous/next, dots, a pause button and autoplay that stops on hover, on focus, under reduced motion and while a
 * dialog covers the page (docs/behaviour/home.md#banners, the carousel pattern of the WAI-ARIA practices).
 */
export function BannerCarousel({ banners }: { banners: readonly HomeBanner[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const reduced = usePrefersReducedMotion();
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const [current, setCurrent] = useState(0);
  const [stopped, setStopped] = useState(false);
  const attention = useAttentionWithin();
  const covered = useDialogOnScreen();
  const count = banners.length;
  const controls = hydrated && count > 1;
  const autoplay = controls && !reduced && !stopped;
  const rotating = autoplay && !attention.within && !covered;

  function show(index: number) {
    const element = track.current;
    if (!element) return;
    const next = (index + count) % count;
    const sign = getComputedStyle(element).direction === "rtl" ? -1 : 1;
    element.scrollTo({ left: sign * next * element.clientWidth, behavior: reduced ? "auto" : "smooth" });
    setCurrent(next);
  }

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => show(current + 1), BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
    // show() reads the latest state when the timer fires; the timer restarts whenever the slide changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rotating, current]);

  function onScroll() {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const index = Math.round(Math.abs(element.scrollLeft) / element.clientWidth);
    if (index !== current && index >= 0 && index < count) setCurrent(index);
  }

  function onPointerDown(event: ReactPointerEvent) {
    if (event.pointerType === "mouse" && event.button === 0) drag.current = { x: event.clientX, moved: false };
  }

  function onPointerUp(event: ReactPointerEvent) {
    const start = drag.current;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < DRAG_THRESHOLD_PX) {
      drag.current = null;
      return;
    }
    start.moved = true;
    const rtl = track.current ? getComputedStyle(track.current).direction === "rtl" : false;
    show(current + (dx < 0 !== rtl ? 1 : -1));
  }

  function onClickCapture(event: React.MouseEvent) {
    // The click that ends a mouse drag is not a click on the banner.
    if (drag.current?.moved) event.preventDefault();
    drag.current = null;
  }

  return (
    <section
      className="banners"
      aria-roledescription={t("home_banners_carousel")}
      aria-label={t("home_banners_label")}
      {...attention.handlers}
    >
      <div
        ref={track}
        className="banners__track"
        aria-live={rotating ? "off" : "polite"}
        onScroll={onScroll}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onClickCapture={onClickCapture}
      >
        {banners.map((banner, index) => {
          const alt = banner.title ?? t("home_banner_untitled", { n: index + 1 });
          const image = (
            <img
              className="banners__image"
              src={banner.image}
              alt={alt}
              width={600}
              height={250}
              draggable={false}
              // Not lazy: a slide off to the side would load only when swiped to, and show blank meanwhile.
              decoding="async"
            />
          );
          return (
            <div
              key={banner.key}
              className="banners__slide"
              role="group"
              aria-roledescription={t("home_banners_slide")}
              aria-label={t("home_slide_of", { n: index + 1, count })}
            >
              {banner.link === null ? (
                image
              ) : banner.link.external ? (
                <a className="banners__link" href={banner.link.href} target="_blank" rel="noopener noreferrer">
                  {image}
                  <span className="visually-hidden"> {t("home_opens_new_tab")}</span>
                </a>
              ) : (
                <Link className="banners__link" to={banner.link.href}>
                  {image}
                </Link>
              )}
            </div>
          );
        })}
      </div>
      {controls ? (
        <div className="banners__controls">
          <button
            type="button"
            className="banners__arrow banners__arrow--previous"
            aria-label={t("home_banner_previous")}
            onClick={() => show(current - 1)}
          >
            <Chevron direction="previous" className="banners__chevron" />
          </button>
          <button
            type="button"
            className="banners__arrow banners__arrow--next"
            aria-label={t("home_banner_next")}
            onClick={() => show(current + 1)}
          >
            <Chevron direction="next" className="banners__chevron" />
          </button>
          <div className="banners__foot">
            {!reduced ? (
              <button
                type="button"
                className="banners__play"
                aria-label={stopped ? t("home_banner_play") : t("home_banner_pause")}
                onClick={() => setStopped((s) => !s)}
              >
                <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                  {stopped ? <path d="M8 5v14l11-7z" fill="currentColor" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />}
                </svg>
              </button>
            ) : null}
            <div className="banners__dots">
              {banners.map((banner, index) => (
                <button
                  key={banner.key}
                  type="button"
                  className="banners__dot"
                  aria-label={t("home_banner_show", { n: index + 1 })}
                  aria-current={index === current ? "true" : undefined}
                  onClick={() => show(index)}
                />
              ))}
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}
