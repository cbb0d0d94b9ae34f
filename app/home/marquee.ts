// The marquee's rules (docs/behaviour/home.md#marquee). Pure: shared by the server (texts) and the browser (speed).

/** The default speed, in CSS pixels per second, when the site settings name none. */
export const MARQUEE_DEFAULT_SPEED = 60;
const MIN_SPEED = 10;
const MAX_SPEED = 600;

/** The site settings' marqueeSpeed when it is a sensible number of px/s, else the default. */
export function marqueeSpeed(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= MIN_SPEED && value <= MAX_SPEED ? value : MARQUEE_DEFAULT_SPEED;
}

/**
 * Seconds one pass takes: the width of one copy of the texts (the track holds two and moves by one) at the speed.
 * At least one second, so a very short text does not flicker by.
 */
export function marqueeDurationSeconds(widthPx: number, speedPxPerSecond: number): number {
  if (!Number.isFinite(widthPx) || widthPx <= 0) return 1;
  return Math.max(1, Math.round((widthPx / marqueeSpeed(speedPxPerSecond)) * 100) / 100);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text from an announcement's content: no tags (script and style bodies dropped), entities read, spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, " ")
    .replace(/<!--[\s\S]*?(-->|$)/g, " ")
    .replace(/<\/?[a-z][^>]*>?/gi, " ")
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#")) {
        const code = lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[lower] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}
