// The page paints before its scripts are even requested: the HTML and its stylesheet take the bandwidth, the first
// paint waits for nothing else, and hydration starts once it is on screen (docs/behaviour/shell.md#script-priority).
// The forms work without scripts, so a player can read and start typing meanwhile.
//
// Remix's <Scripts> renders module preloads and an inline module script that imports the modules and starts hydration,
// with no way to hold them back. So the rendered HTML is changed: the preloads and the module script are made inert
// (a rel and a type no browser acts on) and a small script at the very end of the document gives them back their
// meaning after the first paint. At the very end: the page's data follows </html> (React streams it there and the parser
// puts it in <body>), and hydration must not start before the parser has passed it. The elements stay where React
// expects them: React matches elements by tag when it hydrates and does not patch attributes, and it leaves nodes after
// its own at the end of <body> alone.
//
// The page is read whole, then changed once: every loader has answered before React renders (no page defers data),
// so the render takes a millisecond or two and streaming it chunk by chunk through a text transform cost more CPU
// than it saved time to first byte (docs/decisions/0042-whole-page-render.md).

const HELD_PRELOAD = "modulepreload-after-paint";
const HELD_MODULE = "module-after-paint";

const PRELOADS = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype=")module("[^>]*>)/g;

// Once the browser reports the first paint (a frame callback runs before the frame is on screen, and a fetch started
// there can end before it is); in a browser without paint timing, in a task after the first frame; at once in a page
// nobody sees. No timers: a page's timers can be paused (a test's clock) while its paint still happens. The preloads
// come back at low priority: images still loading keep the bandwidth.
// Written as text, not as a function's source: the Worker's bundler may rewrite a function (helpers, renames).
const RELEASE = `(function () {
  var me = document.currentScript, done = false;
  function go() {
    if (done) return;
    done = true;
    document.querySelectorAll('link[rel="${HELD_PRELOAD}"]').forEach(function (held) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = held.getAttribute("href");
      link.setAttribute("fetchpriority", "low");
      document.head.appendChild(link);
    });
    var held = document.querySelector('script[type="${HELD_MODULE}"]');
    if (!held) return;
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = me.nonce;
    script.textContent = held.textContent;
    document.body.appendChild(script);
  }
  if (document.visibilityState === "hidden") go();
  else if ((PerformanceObserver.supportedEntryTypes || []).indexOf("paint") >= 0)
    new PerformanceObserver(function (list, observer) { observer.disconnect(); go(); }).observe({ type: "paint", buffered: true });
  else requestAnimationFrame(function () { var next = new MessageChannel(); next.port1.onmessage = go; next.port2.postMessage(0); });
})();`.replace(/\n\s*/g, "");

/** Holds the module preloads and the module script back until after the first paint. */
export function hydrateAfterFirstPaint(html: string, nonce: string | null): string {
  let held = false;
  const marked = html.replace(PRELOADS, `<link rel="${HELD_PRELOAD}"`).replace(MODULE_SCRIPT, (_tag, start: string, end: string) => {
    held = true;
    return `${start}${HELD_MODULE}${end}`;
  });
  if (!held) return marked;
  return `${marked}<script${nonce ? ` nonce="${nonce}"` : ""}>${RELEASE}</script>`;
}

/** The rendered page as one string, its hydration held until after the first paint. */
export async function afterFirstPaint(body: ReadableStream<Uint8Array>, nonce: string | null): Promise<string> {
  return hydrateAfterFirstPaint(await new Response(body).text(), nonce);
}
