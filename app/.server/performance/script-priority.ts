// The page's scripts load at low priority: the HTML, its stylesheet and images paint first, and the scripts that
// hydrate it (the forms work without them) take the bandwidth that is left (docs/behaviour/shell.md#script-priority).
// Remix's <Scripts> renders the module preloads and the entry module without a way to pass a priority, so the
// attribute is added to those tags as the HTML streams out. React does not patch attributes on hydration, so the
// client's render of the same tags without it changes nothing.

const TAGS = /<(link rel="modulepreload"|script\b[^>]*\btype="module")/g;

function prioritise(html: string): string {
  return html.replace(TAGS, (tag) => `${tag} fetchpriority="low"`);
}

/** Adds fetchpriority="low" to module preloads and module scripts in a streamed HTML body. */
export function lowPriorityScripts(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // A tag may be split between two chunks: the text from its "<" waits for the next chunk.
  let pending = "";
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = pending + decoder.decode(chunk, { stream: true });
        const open = text.lastIndexOf("<");
        const cut = open > text.lastIndexOf(">") ? open : text.length;
        pending = text.slice(cut);
        if (cut > 0) controller.enqueue(encoder.encode(prioritise(text.slice(0, cut))));
      },
      flush(controller) {
        const rest = pending + decoder.decode();
        if (rest) controller.enqueue(encoder.encode(prioritise(rest)));
      },
    }),
  );
}
