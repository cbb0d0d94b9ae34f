// The one HTML escape for pages built as strings: the offline page (app/routes/m.offline.tsx) and the sandbox
// platform's own pages, which import it from here. A plain module with no imports, so either Worker can bundle it.

/** Text safe inside HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
