import flagsUrl from "./flags.svg?url";

/** The countries app/ui/flags.svg draws; any other gets a plain placeholder. */
const DRAWN = new Set("BD BR CN ES GB HK ID IN JP KH KR MM MY PH PK PT TH TR TW US VN".split(" "));

/**
 * A country's flag, from one cached SVG sprite (an image file, no JavaScript): inline SVG rather than an emoji, which a
 * phone without an emoji font shows as an empty box. Decorative: the country's name or code is always beside it.
 */
export function Flag({ country, className = "" }: { country: string; className?: string }) {
  const id = DRAWN.has(country) ? country : "none";
  return (
    <svg className={`flag ${className}`} viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false">
      <use href={`${flagsUrl}#flag-${id}`} />
    </svg>
  );
}
