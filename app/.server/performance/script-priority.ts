// The page's scripts load at low priority: the HTML, its stylesheet and images paint first, and the scripts that
// hydrate it (the forms work without them) take the bandwidth that is left (docs/behaviour/shell.md#script-priority).
// Remix's <Scripts> renders the module preloads and the entry module without a way to pass a priority, so the
// attribute is added to those tags in the rendered HTML. React does not patch attributes on hydration, so the
// client's render of the same tags without it changes nothing.
//
// The page is read whole, then changed once: every loader has answered before React renders (no page defers data),
// so the render takes a millisecond or two and streaming it chunk by chunk through a text transform cost more CPU
// than it saved time to first byte (docs/decisions/0042-whole-page-render.md).

const TAGS = /<(link rel="modulepreload"|script\b[^>]*\btype="module")/g;

/** Adds fetchpriority="low" to module preloads and module scripts. */
export function prioritiseScripts(html: string): string {
  return html.replace(TAGS, (tag) => `${tag} fetchpriority="low"`);
}

/** The rendered page as one string with its scripts at low priority. */
export async function lowPriorityScripts(body: ReadableStream<Uint8Array>): Promise<string> {
  return prioritiseScripts(await new Response(body).text());
}
